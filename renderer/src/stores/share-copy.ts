import { create } from 'zustand';
import type { ShareOnOffer } from '../../../shared/copy';
import type { AppError } from '../../../shared/errors';
import {
  checkCopyChoices,
  copyChoiceDefaults,
  nasIdentityOf,
  nasShareOf,
  type CopyChoices,
  type CopyProblems,
} from '../screens/copy/copy-choices';
import { useSessionStore } from './session';
import { startCheckedRun } from './start-run';

interface ShareCopyState extends CopyChoices {
  /** The network shares mounted on this computer, the connected NAS's first; null until asked. */
  shares: ShareOnOffer[] | null;
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
      const { connection, probe } = useSessionStore.getState();
      const nas = connection ? { nas: nasIdentityOf(connection.host, probe?.nas) } : {};
      const result = await window.nasbench.listMountedShares(nas);
      // No list is no loss: the folder can always be typed.
      set({ shares: result.ok ? result.data : [] });
    },

    async start() {
      if (get().starting) return false;
      // A share on the connected NAS: the cache-wall sweep goes past the NAS's RAM too.
      const onNas = nasShareOf(get().folder.trim(), get().shares ?? []);
      const nasRam = onNas ? useSessionStore.getState().probe?.nas.memoryBytes : undefined;
      const runId = await startCheckedRun(set, checkCopyChoices(get(), nasRam), {}, (input) =>
        window.nasbench.startShareCopyRun(input),
      );
      return runId !== undefined;
    },
  },
}));

export const useShareCopyActions = () => useShareCopyStore((state) => state.actions);
