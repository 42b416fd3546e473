import type { FormEvent, ReactNode } from 'react';
import type { AppError } from '../../../shared/contract/errors';
import { useNavigationActions } from '../stores/navigation';
import { selectAnyRunRunning, useRunsStore } from '../stores/runs';
import text from '../theme/text.module.css';
import { Card } from './Card';
import { classNames } from './class-names';
import { focusFirstProblem } from './focus-first-problem';
import formStyles from './Form.module.css';
import { StartActions } from './StartActions';
import { TermText } from './Term';

/**
 * A test as a card: its title and what it measures, the form, and the start button at its foot.
 * Starting runs the store's own check first: the run shows on Run, or the keyboard goes to the
 * first field the check found wrong. Nothing starts while another test runs.
 */
export function TestPanel(props: {
  /** The panel's `useId()`: its heading is `<id>-title`. */
  id: string;
  testId: string;
  title: string;
  intro: ReactNode;
  /** For forms with fields side by side. */
  wide?: boolean;
  starting: boolean;
  startError: AppError | null;
  /** The store's start action: true when the run started. */
  start: () => Promise<boolean>;
  startButton: { testId: `start-${string}`; label: string; errorTitle: string };
  children: ReactNode;
}) {
  const running = useRunsStore(selectAnyRunRunning);
  const { show } = useNavigationActions();
  const busy = props.starting || running;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    if (await props.start()) show('run');
    else focusFirstProblem(form);
  };

  return (
    <Card aria-labelledby={`${props.id}-title`} data-testid={props.testId}>
      <h2 id={`${props.id}-title`}>{props.title}</h2>
      <p className={text.muted}>{typeof props.intro === 'string' ? <TermText text={props.intro} /> : props.intro}</p>
      <form
        className={classNames(formStyles.form, props.wide && formStyles.wide)}
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-busy={props.starting}
      >
        {props.children}
        <StartActions
          {...props.startButton}
          starting={props.starting}
          busy={busy}
          running={running}
          startError={props.startError}
        />
      </form>
    </Card>
  );
}
