import type { AppError } from '../../../shared/contract/errors';
import { Actions, Button } from './Button';
import { ErrorNotice } from './ErrorNotice';
import text from '../theme/text.module.css';

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
      <Actions sticky>
        <Button type="submit" variant="primary" data-testid={props.testId} aria-disabled={props.busy}>
          {props.starting ? 'Starting…' : props.label}
        </Button>
        <span className={text.muted} role="status">
          {props.running ? 'A test is already running: see Run.' : ''}
        </span>
      </Actions>
      {props.startError && (
        <ErrorNotice title={props.errorTitle} error={props.startError} testId={`${what}-start-error`} />
      )}
    </>
  );
}
