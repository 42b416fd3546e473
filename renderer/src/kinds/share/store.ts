import { create } from 'zustand';
import type { AppError } from '../../../../shared/contract/errors';
import { nasShareOf } from '../../../../shared/kinds/copy/words';
import {
  checkShareBenchChoices,
  shareBenchChoiceDefaults,
  type ShareBenchChoices,
  type ShareBenchProblems,
} from '../../../../shared/kinds/share/choices';
import { selectNasFolder, useNasConnectionStore } from '../../stores/nas-connection';
import { beginStart, endStart } from '../../stores/start-run';

/** "Test a share" on Devices: any folder on this computer, so it needs no NAS login. */
interface ShareBenchState extends ShareBenchChoices {
  /** The form is open on Devices (it stays open, with its choices, while the run is watched). */
  open: boolean;
  problems: ShareBenchProblems;
  starting: boolean;
  startError: AppError | null;
  actions: {
    openPanel(): void;
    closePanel(): void;
    choose(change: Partial<ShareBenchChoices>): void;
    /** Starts the benchmark; true when it started. */
    start(): Promise<boolean>;
  };
}

export const useShareBenchStore = create<ShareBenchState>()((set, get) => ({
  ...shareBenchChoiceDefaults,
  open: false,
  problems: {},
  starting: false,
  startError: null,
  actions: {
    openPanel: () => set({ open: true }),
    closePanel: () => set({ open: false }),
    choose: (change) => set(change),

    async start() {
      if (get().starting) return false;
      // A share on the connected NAS: the run takes its session, so the NAS names the share's terms as it
      // sees them and its RAM counts in the cache labels. Any other folder needs no login at all.
      // With its login, the same tests also run on the NAS's own disks first, in the folder disk tests use.
      const state = useNasConnectionStore.getState();
      const sessionId = state.connection?.sessionId;
      const onNas = nasShareOf(get().folder.trim(), state.mountedShares ?? []) && sessionId;
      const nasFolder = selectNasFolder(state) || undefined;
      const checked = checkShareBenchChoices(get(), onNas ? { sessionId, nasFolder } : undefined);
      const input = beginStart(set, checked, {});
      return input !== undefined && endStart(set, await window.nasbench.startShareBenchRun(input)) !== undefined;
    },
  },
}));

export const useShareBenchActions = () => useShareBenchStore((state) => state.actions);
