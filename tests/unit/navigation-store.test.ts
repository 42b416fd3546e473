import { describe, expect, it } from 'vitest';

/** The app's navigation and runs stores (renderer code, typed for the DOM), loaded as the app loads them. */
interface NavigationStore {
  getState(): {
    screen: string;
    resultsRunId: string | null;
    actions: { show(screen: string): void; openResults(runId: string | null): void };
  };
}
interface RunsStore {
  getState(): { actions: { watchRun(runId: string): void } };
}
const navigationPath = '../../renderer/src/stores/navigation';
const runsPath = '../../renderer/src/stores/runs';
const { useNavigationStore } = (await import(/* @vite-ignore */ navigationPath)) as {
  useNavigationStore: NavigationStore;
};
const { useRunsStore } = (await import(/* @vite-ignore */ runsPath)) as { useRunsStore: RunsStore };

describe('which run Results shows', () => {
  it('keeps the run picked in History when Results is opened again from the menu, until a new run starts', () => {
    const navigation = useNavigationStore.getState().actions;
    navigation.openResults('picked-in-history');
    navigation.show('history');
    navigation.show('results');
    expect(useNavigationStore.getState()).toMatchObject({ screen: 'results', resultsRunId: 'picked-in-history' });
    useRunsStore.getState().actions.watchRun('a-new-run');
    expect(useNavigationStore.getState().resultsRunId).toBeNull();
  });
});
