import { create } from 'zustand';
import { checkDiskTestChoices, type DiskPreset, type DiskTestProblems } from '../../../shared/disk-words';
import type { AppError } from '../../../shared/errors';
import { checkDiskSweepChoices, type SweepChoices, type SweepProblems } from '../../../shared/sweep-words';
import { startCheckedRun } from './start-run';
import { useSessionStore } from './session';

/** A preset, or the sweep (a grid of fio runs shown as heatmaps). */
export type DiskChoice = DiskPreset | 'sweep';

export type SweepFields = Omit<SweepChoices, 'folder' | 'uncached'>;

interface DiskTestState {
  /** A mount point the probe listed; null until the user picks, so the NAS's first volume is offered. */
  chosenFolder: string | null;
  /** The user picked "Another folder…" and types the path. */
  typingFolder: boolean;
  typedFolder: string;
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
    choose(change: Partial<Pick<DiskTestState, 'preset' | 'uncached' | 'sizeMiB' | 'seconds' | 'typedFolder'>>): void;
    chooseSweep(change: Partial<SweepFields>): void;
    /** A listed mount point, or null for "Another folder…". */
    chooseFolder(folder: string | null): void;
    /** Starts the test on the connected NAS; true when it started. */
    start(): Promise<boolean>;
  };
}

/**
 * The folder the form stands for, given the mount points the probe listed: the typed path when the
 * user chose "Another folder…" (or nothing is listed), else the one picked, else the first listed.
 */
export function testFolderOf(
  state: Pick<DiskTestState, 'chosenFolder' | 'typingFolder' | 'typedFolder'>,
  mounts: readonly string[],
): string {
  if (state.typingFolder || mounts.length === 0) return state.typedFolder;
  return (state.chosenFolder !== null && mounts.includes(state.chosenFolder) ? state.chosenFolder : mounts[0]) ?? '';
}

export const useDiskTestStore = create<DiskTestState>()((set, get) => ({
  chosenFolder: null,
  typingFolder: false,
  typedFolder: '',
  preset: 'quick',
  uncached: true,
  // Seed 002's grid, smaller: 12 cells that settle in a few minutes on a home NAS.
  sweep: {
    blockSizes: '4k, 128k, 1M',
    fileSizes: '64M, 256M',
    jobs: '1, 4',
    rw: 'write',
    budgetMinutes: '30',
    maxSeconds: '30',
  },
  sizeMiB: '',
  seconds: '',
  problems: {},
  starting: false,
  startError: null,
  actions: {
    choose: (change) => set(change),
    chooseSweep: (change) => set((state) => ({ sweep: { ...state.sweep, ...change } })),

    chooseFolder: (folder) =>
      set(folder === null ? { typingFolder: true } : { typingFolder: false, chosenFolder: folder }),

    async start() {
      const { connection } = useSessionStore.getState();
      if (!connection || get().starting) return false;
      const state = get();
      const mounts = useSessionStore.getState().probe?.nas.volumes.map((volume) => volume.mount) ?? [];
      const folder = testFolderOf(state, mounts);
      if (state.preset === 'sweep') {
        const sweep = checkDiskSweepChoices({ ...state.sweep, folder, uncached: state.uncached }, connection.sessionId);
        return (await startCheckedRun(set, sweep, {}, (input) => window.nasbench.startDiskSweep(input))) !== undefined;
      }
      const checked = checkDiskTestChoices(
        { folder, preset: state.preset, uncached: state.uncached, sizeMiB: state.sizeMiB, seconds: state.seconds },
        connection.sessionId,
      );
      const runId = await startCheckedRun(set, checked, {}, (input) => window.nasbench.startDiskRun(input));
      return runId !== undefined;
    },
  },
}));

export const useDiskTestActions = () => useDiskTestStore((state) => state.actions);
