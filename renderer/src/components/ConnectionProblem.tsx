import type { ConnectionProblem } from '../bridge/web-bridge';
import text from '../theme/text.module.css';
import styles from './ConnectionProblem.module.css';
import { PlainText } from './PlainText';

/** Browser mode could not reach the engine at all: nothing else on the page would work. */
export function ConnectionProblemPage({ problem }: { problem: ConnectionProblem }) {
  return (
    <main className={styles.page} data-testid="connection-problem">
      <h1>NASBench can’t reach its engine</h1>
      <p>
        <PlainText text={problem.error.message} />
      </p>
      <p>
        <PlainText text={problem.error.hint} />
      </p>
      <p className={text.muted}>
        <PlainText text="Browser mode needs the NASBench engine running on this computer: `npm run web` in the NASBench folder starts it and prints the address." />
      </p>
    </main>
  );
}

/** The engine went away after the page had been working: keep what is on screen, say so on top. */
export function ConnectionLostBanner({ problem }: { problem: ConnectionProblem }) {
  return (
    <div className={styles.banner} role="alert" data-testid="connection-lost">
      <strong>
        <PlainText text={problem.error.message} />
      </strong>{' '}
      <PlainText text={problem.error.hint} />
    </div>
  );
}
