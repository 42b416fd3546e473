import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

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
  /** The run Results showed last, whichever way it was picked: a reload opens it again. */
  shownRunId: string | null;
  actions: {
    show(screen: Screen): void;
    openResults(runId: string | null): void;
    /** A new run started: Results goes back to showing the latest. */
    forgetPickedRun(): void;
    shown(runId: string): void;
  };
}

/**
 * Where the user is; kept in this tab's sessionStorage, so a reload stays on the same screen and run
 * (a new window or the next start begins on Devices).
 */
export const useNavigationStore = create<NavigationState>()(
  persist(
    (set) => ({
      screen: 'devices',
      resultsRunId: null,
      shownRunId: null,
      actions: {
        // Results from the menu shows the run picked last, not whichever is newest.
        show: (screen) => set({ screen }),
        openResults: (runId) => set({ screen: 'results', resultsRunId: runId }),
        forgetPickedRun: () => set({ resultsRunId: null }),
        shown: (runId) => set({ shownRunId: runId }),
      },
    }),
    {
      name: 'nasbench.screen',
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ screen, resultsRunId, shownRunId }) => ({ screen, resultsRunId, shownRunId }),
      // A screen this version does not have (kept by another) falls back to Devices.
      merge: (kept, current) => {
        const { screen, resultsRunId, shownRunId } = (kept ?? {}) as Partial<NavigationState>;
        return {
          ...current,
          screen: screens.includes(screen as Screen) ? (screen as Screen) : current.screen,
          resultsRunId: typeof resultsRunId === 'string' ? resultsRunId : null,
          shownRunId: typeof shownRunId === 'string' ? shownRunId : null,
        };
      },
    },
  ),
);

export const useNavigationActions = () => useNavigationStore((state) => state.actions);
