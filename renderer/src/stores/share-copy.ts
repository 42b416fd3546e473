import { create } from 'zustand';
import type { MountedShare } from '../../../shared/copy';
import type { AppError } from '../../../shared/errors';
import {
  checkCopyChoices,
  copyChoiceDefaults,
  type CopyChoices,
  type CopyProblems,
} from '../screens/copy/copy-choices';
import { startCheckedRun } from './start-run';

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
      const runId = await startCheckedRun(set, checkCopyChoices(get()), {}, (input) =>
        window.nasbench.startShareCopyRun(input),
      );
      return runId !== undefined;
    },
  },
}));

export const useShareCopyActions = () => useShareCopyStore((state) => state.actions);
