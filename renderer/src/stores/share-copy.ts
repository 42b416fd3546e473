import { create } from 'zustand';
import type { MountedShare } from '../../../shared/copy';
import type { AppError } from '../../../shared/errors';
import {
  checkCopyChoices,
  copyChoiceDefaults,
  type CopyChoices,
  type CopyProblems,
} from '../screens/copy/copy-choices';
import { useRunsStore } from './runs';

interface ShareCopyState extends CopyChoices {
  /** The network shares mounted on this computer; null until asked. */
  shares: MountedShare[] | null;
  problems: CopyProblems;
  starting: boolean;
  startError: AppError | null;
  actions: {
    choose(change: Partial<CopyChoices>): void;
    /** Asks the engine which shares are mounted (they come and go, so on each visit). */
    loadShares(): Promise<void>;
    /** Starts the copy test; true when it started. */
    start(): Promise<boolean>;
  };
}

export const useShareCopyStore = create<ShareCopyState>()((set, get) => ({
  ...copyChoiceDefaults,
  shares: null,
  problems: {},
  starting: false,
  startError: null,
  actions: {
    choose: (change) => set(change),

    async loadShares() {
      const result = await window.nasbench.listMountedShares();
      // No list is no loss: the folder can always be typed.
      set({ shares: result.ok ? result.data : [] });
    },

    async start() {
      if (get().starting) return false;
      const checked = checkCopyChoices(get());
      if (!checked.input) {
        set({ problems: checked.problems, startError: null });
        return false;
      }
      set({ problems: {}, starting: true, startError: null });
      const result = await window.nasbench.startShareCopyRun(checked.input);
      if (!result.ok) {
        set({ starting: false, startError: result.error });
        return false;
      }
      set({ starting: false });
      useRunsStore.getState().actions.watchRun(result.data.runId);
      return true;
    },
  },
}));

export const useShareCopyActions = () => useShareCopyStore((state) => state.actions);
