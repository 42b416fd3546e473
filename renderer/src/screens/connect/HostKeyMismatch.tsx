import { useId } from 'react';
import type { AppError } from '../../../../shared/errors';
import { PlainText } from '../../components/PlainText';
import { useAppInfoStore } from '../../stores/app-info';

/**
 * The NAS answered with a different identity key than the one pinned. There is deliberately no
 * way to continue from here: the engine refuses, and the panel says why and what to check.
 */
export function HostKeyMismatch({ error }: { error: AppError }) {
  const id = useId();
  const dataDir = useAppInfoStore((state) => state.info?.dataDir);
  return (
    <section
      className="warning-panel"
      role="alert"
      aria-labelledby={`${id}-title`}
      data-testid="host-key-mismatch"
      data-code={error.code}
    >
      <h2 id={`${id}-title`}>Stopped: this may not be your NAS</h2>
      <p>
        <PlainText text={error.message} />
      </p>
      <p>
        <PlainText text={error.hint} />
      </p>
      {dataDir && (
        <p>
          The data folder is <code className="fingerprint">{dataDir}</code>; the pinned keys are in its{' '}
          <code>known_hosts</code> file.
        </p>
      )}
    </section>
  );
}
