import { useEffect } from 'react';
import styles from './App.module.css';
import { ConnectionLostBanner, ConnectionProblemPage } from './components/ConnectionProblem';
import { Nav } from './components/Nav';
import { EngineEvents } from './EngineEvents';
import { ConnectScreen } from './screens/connect/ConnectScreen';
import { DevicesScreen } from './screens/DevicesScreen';
import { HistoryScreen } from './screens/HistoryScreen';
import { PlanScreen } from './screens/plan/PlanScreen';
import { ResultsScreen } from './screens/ResultsScreen';
import { RunScreen } from './screens/RunScreen';
import { SettingsScreen } from './screens/SettingsScreen';
import { useAppInfoStore } from './stores/app-info';
import { useConnectionStore } from './stores/connection';
import { useNavigationStore, type Screen } from './stores/navigation';
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

export function App() {
  const problem = useConnectionStore((state) => state.problem);
  const screen = useNavigationStore((state) => state.screen);
  useThemeAttribute();

  useEffect(() => {
    void useSettingsStore.getState().actions.load();
    void useAppInfoStore.getState().actions.load();
  }, []);

  // Without an engine the app has nothing true to show: say what to do instead.
  if (problem && problem.kind !== 'lost') return <ConnectionProblemPage problem={problem} />;

  const ScreenView = screenViews[screen];
  return (
    <div className={styles.layout}>
      <EngineEvents />
      <Nav />
      <main className={styles.main} id="main">
        {problem && <ConnectionLostBanner problem={problem} />}
        <ScreenView key={screen} />
      </main>
    </div>
  );
}
