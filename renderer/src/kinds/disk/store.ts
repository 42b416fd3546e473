import { create } from 'zustand';
import { checkDiskTestChoices, type DiskPreset, type DiskTestProblems } from '../../../../shared/kinds/disk/words';
import type { AppError } from '../../../../shared/contract/errors';
import { checkDiskSweepChoices, type SweepChoices, type SweepProblems } from '../../../../shared/sweep/words';
import { beginStart, endStart } from '../../stores/start-run';
import { selectNasFolder, useNasConnectionStore } from '../../stores/nas-connection';

/** A preset, or the sweep (a grid of fio runs shown as heatmaps). */
export type DiskChoice = DiskPreset | 'sweep';

export type SweepFields = Omit<SweepChoices, 'folder' | 'uncached'>;

/** The disk test form. Where it writes on the NAS is the session's choice, shared with the guided plans. */
interface DiskTestState {
  preset: DiskChoice;
  uncached: boolean;
  /** The sweep's grid, as typed. */
  sweep: SweepFields;
  /** As typed; empty means the preset's own. */
  sizeMiB: string;
  seconds: string;
  problems: DiskTestProblems & SweepProblems;
  starting: boolean;
  startError: AppError | null;
  actions: {
    choose(change: Partial<Pick<DiskTestState, 'preset' | 'uncached' | 'sizeMiB' | 'seconds'>>): void;
    chooseSweep(change: Partial<SweepFields>): void;
    /** Starts the test on the connected NAS, in the session's NAS folder; true when it started. */
    start(): Promise<boolean>;
  };
}

export const useDiskTestStore = create<DiskTestState>()((set, get) => ({
  preset: 'quick',
  uncached: true,
  // A small grid: 12 cells that settle in a few minutes on a home NAS.
  sweep: {
    blockSizes: '4k, 128k, 1M',
    fileSizes: '64M, 256M',
    jobs: '1, 4',
    rw: 'write',
    budgetMinutes: '30',
    maxSeconds: '30',
    steadyState: true,
    adaptive: false,
  },
  sizeMiB: '',
  seconds: '',
  problems: {},
  starting: false,
  startError: null,
  actions: {
    choose: (change) => set(change),
    chooseSweep: (change) => set((state) => ({ sweep: { ...state.sweep, ...change } })),

    async start() {
      const session = useNasConnectionStore.getState();
      const { connection } = session;
      if (!connection || get().starting) return false;
      const state = get();
      const folder = selectNasFolder(session);
      if (state.preset === 'sweep') {
        const sweep = checkDiskSweepChoices({ ...state.sweep, folder, uncached: state.uncached }, connection.sessionId);
        const input = beginStart(set, sweep, {});
        return input !== undefined && endStart(set, await window.nasbench.startDiskSweep(input)) !== undefined;
      }
      const checked = checkDiskTestChoices(
        { folder, preset: state.preset, uncached: state.uncached, sizeMiB: state.sizeMiB, seconds: state.seconds },
        connection.sessionId,
      );
      const input = beginStart(set, checked, {});
      const runId = input && endStart(set, await window.nasbench.startDiskRun(input));
      return runId !== undefined;
    },
  },
}));

export const useDiskTestActions = () => useDiskTestStore((state) => state.actions);
