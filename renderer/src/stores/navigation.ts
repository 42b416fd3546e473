import { create } from 'zustand';

/** The screens in the order a person goes through them: find the NAS, log in, plan, run, read, look back. */
export const screens = ['devices', 'connect', 'plan', 'run', 'results', 'history', 'settings'] as const;
export type Screen = (typeof screens)[number];

interface NavigationState {
  screen: Screen;
  /**
   * The run Results shows: the one last picked (in History, or "See results") until a new run starts
   * in this window; null means the latest finished one.
   */
  resultsRunId: string | null;
  actions: {
    show(screen: Screen): void;
    openResults(runId: string | null): void;
    /** A new run started: Results goes back to showing the latest. */
    forgetPickedRun(): void;
  };
}

export const useNavigationStore = create<NavigationState>()((set) => ({
  screen: 'devices',
  resultsRunId: null,
  actions: {
    // Results from the menu shows the run picked last, not whichever is newest.
    show: (screen) => set({ screen }),
    openResults: (runId) => set({ screen: 'results', resultsRunId: runId }),
    forgetPickedRun: () => set({ resultsRunId: null }),
  },
}));

export const useNavigationActions = () => useNavigationStore((state) => state.actions);
