import { useShallow } from 'zustand/react/shallow';
import { describeSweptFolders } from '../../../../shared/describe-nas';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useSessionActions, useSessionStore } from '../../stores/session';
import { DiskTestPanel } from '../disk/DiskTestPanel';
import { NetworkTestPanel } from '../network/NetworkTestPanel';
import { PlanPanel } from '../plan/PlanPanel';
import { NasDetails } from './NasDetails';

/** The connection (who, which key, what was cleaned up), the NAS's details, and the way out. */
export function ConnectedNas() {
  const { connection, rememberAsked, probe, probing, probeError, disconnecting, disconnectError } = useSessionStore(
    useShallow((state) => ({
      connection: state.connection,
      rememberAsked: state.rememberAsked,
      probe: state.probe,
      probing: state.probing,
      probeError: state.probeError,
      disconnecting: state.disconnecting,
      disconnectError: state.disconnectError,
    })),
  );
  const actions = useSessionActions();

  if (!connection) return null;
  const swept = describeSweptFolders(connection.sweptScratchFolders);
  return (
    <>
      <section className="card" aria-labelledby="connection-title">
        <h2 id="connection-title">Connected to {connection.host}</h2>
        <p data-testid="connection-summary">
          Logged in as <strong>{connection.username}</strong>
          {connection.port !== 22 && ` on SSH port ${connection.port}`}. Identity key{' '}
          <span className="mono fingerprint">{connection.fingerprint}</span>.
        </p>
        {rememberAsked && (
          <p>
            {connection.passwordRemembered
              ? 'The password is now remembered in the system keychain.'
              : 'The password could not be remembered: the system keychain is not available.'}
          </p>
        )}
        {swept && <p data-testid="swept-folders">{swept}</p>}
        <div className="actions">
          <button
            type="button"
            className="button"
            data-testid="disconnect"
            aria-disabled={disconnecting}
            onClick={() => !disconnecting && void actions.disconnect()}
          >
            {disconnecting ? 'Disconnecting…' : 'Disconnect'}
          </button>
        </div>
        {disconnectError && <ErrorNotice title="Could not disconnect." error={disconnectError} />}
      </section>
      {probing && (
        <p role="status" className="card muted">
          Finding out what this NAS is and how this computer reaches it…
        </p>
      )}
      {probeError && (
        <section className="card" aria-label="NAS details">
          <ErrorNotice title="NASBench could not read this NAS’s details." error={probeError} />
          <button type="button" className="button" onClick={() => void actions.probe()}>
            Try again
          </button>
        </section>
      )}
      {/* The guided plans come first: one question, several tests; the single tests follow. */}
      {!probing && <PlanPanel />}
      {/* After the probe, whether it worked or not: its facts prefill the multi-link choices. */}
      {!probing && <NetworkTestPanel nasHost={connection.host} />}
      {/* Its folder list and the fio check come from the probe, so it waits for it too. */}
      {!probing && <DiskTestPanel />}
      {probe && <NasDetails probe={probe} address={connection.host} />}
    </>
  );
}
