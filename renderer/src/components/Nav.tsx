import { useNavigationActions, useNavigationStore, type Screen } from '../stores/navigation';
import { selectActiveRunRunning, useRunsStore } from '../stores/runs';
import styles from './Nav.module.css';

/** The product's order: find the NAS, log in, choose the tests, watch them, read the results; then the rest. */
const items: { screen: Screen; label: string; apart?: boolean }[] = [
  { screen: 'devices', label: 'Devices' },
  { screen: 'connect', label: 'Connect' },
  { screen: 'plan', label: 'Plan' },
  { screen: 'run', label: 'Run' },
  { screen: 'results', label: 'Results' },
  { screen: 'history', label: 'History', apart: true },
  { screen: 'settings', label: 'Settings' },
];

export function Nav() {
  const current = useNavigationStore((state) => state.screen);
  const { show } = useNavigationActions();
  const running = useRunsStore(selectActiveRunRunning);

  return (
    <nav className={styles.nav} aria-label="Main">
      <p className={styles.brand}>NASBench</p>
      <ul className={styles.list}>
        {items.map(({ screen, label, apart }) => (
          <li key={screen} className={apart ? styles.apart : undefined}>
            <button
              type="button"
              className={styles.item}
              data-testid={`nav-${screen}`}
              aria-current={screen === current ? 'page' : undefined}
              onClick={() => show(screen)}
            >
              {label}
              {screen === 'run' && running && <span className={styles.badge}>running</span>}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
