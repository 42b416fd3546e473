import { useEffect } from 'react';
import styles from './App.module.css';
import { ConnectionLostBanner, ConnectionProblemPage } from './components/ConnectionProblem';
import { Nav } from './components/Nav';
import { EngineEvents } from './EngineEvents';
import { ConnectScreen } from './screens/connect/ConnectScreen';
import { DevicesScreen } from './screens/devices/DevicesScreen';
import { HistoryScreen } from './screens/history/HistoryScreen';
import { PlanScreen } from './screens/plan/PlanScreen';
import { ResultsScreen } from './screens/results/ResultsScreen';
import { RunScreen } from './screens/run/RunScreen';
import { SettingsScreen } from './screens/settings/SettingsScreen';
import { useAppInfoStore } from './stores/app-info';
import { useEngineLinkStore } from './stores/engine-link';
import { useNavigationStore, type Screen } from './stores/navigation';
import { useNasConnectionStore } from './stores/nas-connection';
import { useSettingsStore } from './stores/settings';
import { useThemeAttribute } from './theme/use-theme';

const screenViews: Record<Screen, () => React.JSX.Element> = {
  devices: DevicesScreen,
  connect: ConnectScreen,
  plan: PlanScreen,
  run: RunScreen,
  results: ResultsScreen,
  history: HistoryScreen,
  settings: SettingsScreen,
};

/** Focus moves to the screen without changing the address (browser mode keeps its own there). */
function skipToScreen(event: React.MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById('main')?.focus();
}

export function App() {
  const problem = useEngineLinkStore((state) => state.problem);
  const screen = useNavigationStore((state) => state.screen);
  useThemeAttribute();

  useEffect(() => {
    void useSettingsStore.getState().actions.load();
    void useAppInfoStore.getState().actions.load();
    // A reload keeps the NAS session; where it cannot, the Plan screen gives way to the login.
    void useNasConnectionStore
      .getState()
      .actions.restore()
      .then((outcome) => {
        const navigation = useNavigationStore.getState();
        if (outcome === 'lost' && navigation.screen === 'plan') navigation.actions.show('connect');
      });
  }, []);

  // Without an engine the app has nothing true to show: say what to do instead.
  if (problem && problem.kind !== 'lost') return <ConnectionProblemPage problem={problem} />;

  const ScreenView = screenViews[screen];
  return (
    <div className={styles.layout}>
      {/* The first stop for the keyboard: past the menu, straight to the screen. */}
      <a className={styles.skipLink} href="#main" onClick={skipToScreen} data-testid="skip-link">
        Skip to the screen
      </a>
      <EngineEvents />
      <Nav />
      <main className={styles.main} id="main" tabIndex={-1}>
        {problem && <ConnectionLostBanner problem={problem} />}
        <ScreenView key={screen} />
      </main>
    </div>
  );
}
