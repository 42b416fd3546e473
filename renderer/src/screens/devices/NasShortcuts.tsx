import { Actions, Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { useNavigationActions } from '../../stores/navigation';
import { useSessionActions, useNasConnectionStore } from '../../stores/nas-connection';

const portSuffix = (port: number) => (port === 22 ? '' : `, port ${port}`);

/** The NAS this session is connected to, with the way back to its details and on to its tests. */
export function ConnectedNasCard() {
  const connection = useNasConnectionStore((state) => state.connection);
  const name = useNasConnectionStore((state) => state.probe?.nas.hostname ?? null);
  const { chooseNas } = useSessionActions();
  const { show } = useNavigationActions();
  if (!connection) return null;
  const { host, port, username } = connection;
  return (
    <Card aria-labelledby="connected-nas">
      <h2 id="connected-nas">Connected NAS</h2>
      <p>
        {name ? `${name} (${host}${portSuffix(port)})` : `${host}${portSuffix(port)}`}, logged in as {username}.
      </p>
      <Actions>
        <Button
          onClick={() => {
            chooseNas({ host, port });
            show('connect');
          }}
        >
          Show details
        </Button>
        <Button onClick={() => show('plan')}>Choose the tests</Button>
      </Actions>
    </Card>
  );
}
