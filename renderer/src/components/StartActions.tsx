import type { AppError } from '../../../shared/errors';
import { ErrorNotice } from './ErrorNotice';

/**
 * The foot of every test form: the start button (it submits the form, so the form's own check
 * runs first), a status line while another test runs, and why the last start failed.
 */
export function StartActions(props: {
  /** "start-disk" etc.; the error notice gets "<what>-start-error" ("disk-start-error"). */
  testId: `start-${string}`;
  label: string;
  starting: boolean;
  /** Starting, or another test running: the button stays focusable but does nothing. */
  busy: boolean;
  running: boolean;
  startError: AppError | null;
  /** "The disk test did not start." */
  errorTitle: string;
}) {
  const what = props.testId.slice('start-'.length);
  return (
    <>
      <div className="actions">
        <button type="submit" className="button button--primary" data-testid={props.testId} aria-disabled={props.busy}>
          {props.starting ? 'Starting…' : props.label}
        </button>
        <span className="muted" role="status">
          {props.running ? 'A test is already running: see Run.' : ''}
        </span>
      </div>
      {props.startError && (
        <ErrorNotice title={props.errorTitle} error={props.startError} testId={`${what}-start-error`} />
      )}
    </>
  );
}
