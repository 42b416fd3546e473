import { useShallow } from 'zustand/react/shallow';
import { describeSweptFolders } from '../../../../shared/words/describe-nas';
import { Actions, Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { classNames } from '../../components/class-names';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ProbingStatus } from '../../components/ProbingStatus';
import { Term } from '../../components/Term';
import { useNavigationActions } from '../../stores/navigation';
import { useSessionActions, useNasConnectionStore } from '../../stores/nas-connection';
import text from '../../theme/text.module.css';
import { NasDetails } from './NasDetails';

/** The connection (who, which key, what was cleaned up), the way on to the tests and the way out, and the NAS's details. */
export function ConnectedNas() {
  const { connection, rememberAsked, probe, probing, probeError, disconnecting, disconnectError } =
    useNasConnectionStore(
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
  const { show } = useNavigationActions();

  if (!connection) return null;
  const swept = describeSweptFolders(connection.sweptScratchFolders);
  return (
    <>
      <Card aria-labelledby="connection-title">
        <h2 id="connection-title">Connected to {connection.host}</h2>
        <p data-testid="connection-summary">
          Logged in as <strong>{connection.username}</strong>
          {connection.port !== 22 && ` on SSH port ${connection.port}`}. Its identity was checked:{' '}
          <Term id="fingerprint">fingerprint</Term>{' '}
          <span className={classNames(text.mono, text.breakAnywhere)}>{connection.fingerprint}</span>.
        </p>
        {rememberAsked && (
          <p>
            {connection.passwordRemembered
              ? 'The password is now remembered in the system keychain.'
              : 'The password could not be remembered: the system keychain is not available.'}
          </p>
        )}
        {swept && <p data-testid="swept-folders">{swept}</p>}
        <Actions>
          <Button variant="primary" data-testid="choose-tests" onClick={() => show('plan')}>
            Choose the tests
          </Button>
          <Button
            data-testid="disconnect"
            aria-disabled={disconnecting}
            onClick={() => !disconnecting && void actions.disconnect()}
          >
            {disconnecting ? 'Disconnecting…' : 'Disconnect'}
          </Button>
        </Actions>
        {disconnectError && <ErrorNotice title="Could not disconnect." error={disconnectError} />}
      </Card>
      {probing && <ProbingStatus />}
      {probeError && (
        <Card aria-label="NAS details">
          <ErrorNotice title="NASBench could not read this NAS’s details." error={probeError} />
          <Button onClick={() => void actions.probe()}>Try again</Button>
        </Card>
      )}
      {probe && <NasDetails probe={probe} address={connection.host} />}
    </>
  );
}
