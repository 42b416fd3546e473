import { create } from 'zustand';

/** `connect` has no menu entry of its own: it is reached from Devices and belongs to it. */
export const screens = ['devices', 'connect', 'run', 'results', 'history', 'settings'] as const;
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
