import { create } from 'zustand';

/** The screens in the order a person goes through them: find the NAS, log in, plan, run, read, look back. */
export const screens = ['devices', 'connect', 'plan', 'run', 'results', 'history', 'settings'] as const;
export type Screen = (typeof screens)[number];

interface NavigationState {
  screen: Screen;
  /** The run Results shows; null means the latest finished one. */
  resultsRunId: string | null;
  actions: {
    show(screen: Screen): void;
    openResults(runId: string | null): void;
  };
}

export const useNavigationStore = create<NavigationState>()((set) => ({
  screen: 'devices',
  resultsRunId: null,
  actions: {
    show: (screen) => set(screen === 'results' ? { screen, resultsRunId: null } : { screen }),
    openResults: (runId) => set({ screen: 'results', resultsRunId: runId }),
  },
}));

export const useNavigationActions = () => useNavigationStore((state) => state.actions);
