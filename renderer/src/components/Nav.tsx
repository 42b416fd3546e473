import { useNavigationActions, useNavigationStore, type Screen } from '../stores/navigation';
import { useRunsStore } from '../stores/runs';

const items: { screen: Screen; label: string }[] = [
  { screen: 'devices', label: 'Devices' },
  { screen: 'run', label: 'Run' },
  { screen: 'results', label: 'Results' },
  { screen: 'history', label: 'History' },
  { screen: 'settings', label: 'Settings' },
];

export function Nav() {
  // The Connect screen is a step of Devices, so the menu keeps Devices marked there.
  const current = useNavigationStore((state) => (state.screen === 'connect' ? 'devices' : state.screen));
  const { show } = useNavigationActions();
  const running = useRunsStore((state) => {
    const run = state.activeRunId ? state.runs[state.activeRunId] : undefined;
    return run?.status === 'running';
  });

  return (
    <nav className="nav" aria-label="Main">
      <p className="nav__brand">NASBench</p>
      <ul className="nav__list">
        {items.map(({ screen, label }) => (
          <li key={screen}>
            <button
              type="button"
              className="nav__item"
              data-testid={`nav-${screen}`}
              aria-current={screen === current ? 'page' : undefined}
              onClick={() => show(screen)}
            >
              {label}
              {screen === 'run' && running && <span className="nav__badge">running</span>}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
