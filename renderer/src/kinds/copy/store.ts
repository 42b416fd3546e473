import { create } from 'zustand';
import type { AppError } from '../../../../shared/contract/errors';
import {
  checkCopyChoices,
  copyChoiceDefaults,
  nasShareOf,
  type CopyChoices,
  type CopyProblems,
} from '../../../../shared/kinds/copy/words';
import { useNasConnectionStore } from '../../stores/nas-connection';
import { beginStart, endStart } from '../../stores/start-run';

/** The share copy form: any folder on this computer, so it works with or without a NAS connected. */
interface ShareCopyState extends CopyChoices {
  problems: CopyProblems;
  starting: boolean;
  startError: AppError | null;
  actions: {
    choose(change: Partial<CopyChoices>): void;
    /** Starts the copy test; true when it started. */
    start(): Promise<boolean>;
  };
}

export const useShareCopyStore = create<ShareCopyState>()((set, get) => ({
  ...copyChoiceDefaults,
  problems: {},
  starting: false,
  startError: null,
  actions: {
    choose: (change) => set(change),

    async start() {
      if (get().starting) return false;
      // A share on the connected NAS: the cache-wall sweep goes past the NAS's RAM too, and the NAS tells the
      // terms of the share's session (its Samba's) where this computer cannot.
      const { mountedShares, probe, connection } = useNasConnectionStore.getState();
      const onNas = nasShareOf(get().folder.trim(), mountedShares ?? []);
      const nasRam = onNas ? probe?.nas.memoryBytes : undefined;
      const checked = checkCopyChoices(get(), nasRam);
      const sessionId = onNas ? connection?.sessionId : undefined;
      const input = beginStart(
        set,
        checked.input && sessionId ? { input: { ...checked.input, sessionId } } : checked,
        {},
      );
      return input !== undefined && endStart(set, await window.nasbench.startShareCopyRun(input)) !== undefined;
    },
  },
}));

export const useShareCopyActions = () => useShareCopyStore((state) => state.actions);
