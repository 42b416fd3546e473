import { useShallow } from 'zustand/react/shallow';
import { useNavigationActions } from '../../stores/navigation';
import { useSessionActions, useSessionStore, type NasAddress, type RecentNas } from '../../stores/session';

const portSuffix = (port: number) => (port === 22 ? '' : `, port ${port}`);

/** The NAS this session is connected to, with the way back to its details. */
export function ConnectedNasCard() {
  const connection = useSessionStore((state) => state.connection);
  const name = useSessionStore((state) => state.probe?.nas.hostname ?? null);
  const { chooseNas } = useSessionActions();
  const { show } = useNavigationActions();
  if (!connection) return null;
  const { host, port, username } = connection;
  return (
    <section className="card" aria-labelledby="connected-nas">
      <h2 id="connected-nas">Connected NAS</h2>
      <p>
        {name ? `${name} (${host}${portSuffix(port)})` : `${host}${portSuffix(port)}`}, logged in as {username}.
      </p>
      <div className="actions">
        <button
          type="button"
          className="button"
          onClick={() => {
            chooseNas({ host, port });
            show('connect');
          }}
        >
          Show details
        </button>
      </div>
    </section>
  );
}

/** NASes chosen since NASBench started, so one does not have to be typed twice in a session. */
export function RecentNasList({ onChoose }: { onChoose: (address: NasAddress) => void }) {
  const recent = useSessionStore(useShallow((state) => state.recent));
  if (recent.length === 0) return null;
  return (
    <div className="recent-nas">
      <h3 id="recent-nas">Used since NASBench started</h3>
      <ul className="recent-nas__list" aria-labelledby="recent-nas" data-testid="recent-nas">
        {recent.map((nas) => (
          <li key={`${nas.host}:${nas.port}`}>
            <button type="button" className="button" onClick={() => onChoose({ host: nas.host, port: nas.port })}>
              {describeRecent(nas)}
            </button>
          </li>
        ))}
      </ul>
      <p className="muted field__help">This list is forgotten when NASBench closes.</p>
    </div>
  );
}

function describeRecent(nas: RecentNas): string {
  return `${nas.host}${portSuffix(nas.port)}${nas.username ? ` · ${nas.username}` : ''}`;
}
