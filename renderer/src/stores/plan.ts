import { create } from 'zustand';
import type { AppError } from '../../../shared/errors';
import type { PlanInput, PlanName, PlanPreview } from '../../../shared/plans';
import { testFolderOf, useDiskTestStore } from './disk-test';
import { useSessionStore } from './session';
import { startCheckedRun } from './start-run';

interface PlanState {
  plan: PlanName;
  /** A local folder, normally a mounted share of this NAS; empty: no share steps. */
  shareFolder: string;
  /** As typed; empty means the plan's own. */
  networkSeconds: string;
  diskSeconds: string;
  preview: PlanPreview | null;
  previewError: AppError | null;
  problems: Partial<Record<'networkSeconds' | 'diskSeconds', string>>;
  starting: boolean;
  startError: AppError | null;
  actions: {
    choose(change: Partial<Pick<PlanState, 'plan' | 'shareFolder' | 'networkSeconds' | 'diskSeconds'>>): void;
    /** Asks the engine what the plan will do with these choices; the panel shows it before Start. */
    loadPreview(): Promise<void>;
    /** Starts the plan on the connected NAS; true when it started. */
    start(): Promise<boolean>;
  };
}

function seconds(text: string): number | undefined | null {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= 600 ? value : null;
}

/** The plan form as the engine's input (the NAS folder is the one the disk test panel shows), or what to fix. */
export function planInputOf(
  state: PlanState,
  sessionId: string,
):
  | { input: PlanInput; problems?: undefined }
  | {
      input?: undefined;
      problems: PlanState['problems'];
    } {
  const network = seconds(state.networkSeconds);
  const disk = seconds(state.diskSeconds);
  if (network === null || disk === null) {
    const wrong = 'A whole number of seconds from 1 to 600, or empty.';
    return {
      problems: { ...(network === null && { networkSeconds: wrong }), ...(disk === null && { diskSeconds: wrong }) },
    };
  }
  const mounts = useSessionStore.getState().probe?.nas.volumes.map((volume) => volume.mount) ?? [];
  const nasFolder = testFolderOf(useDiskTestStore.getState(), mounts).trim();
  const shareFolder = state.shareFolder.trim();
  return {
    input: {
      plan: state.plan,
      sessionId,
      ...(nasFolder.startsWith('/') && { nasFolder }),
      ...(shareFolder !== '' && { shareFolder }),
      ...(network !== undefined && { networkSeconds: network }),
      ...(disk !== undefined && { diskSeconds: disk }),
    },
  };
}

export const usePlanStore = create<PlanState>()((set, get) => ({
  plan: 'quick',
  shareFolder: '',
  networkSeconds: '',
  diskSeconds: '',
  preview: null,
  previewError: null,
  problems: {},
  starting: false,
  startError: null,
  actions: {
    choose: (change) => set(change),

    async loadPreview() {
      const connection = useSessionStore.getState().connection;
      if (!connection) return;
      const checked = planInputOf(get(), connection.sessionId);
      if (!checked.input) return set({ problems: checked.problems });
      const asked = checked.input;
      const result = await window.nasbench.previewPlan(asked);
      // Only the answer to the latest choices counts.
      const latest = planInputOf(get(), connection.sessionId).input;
      if (JSON.stringify(latest) !== JSON.stringify(asked)) return;
      set(result.ok ? { preview: result.data, previewError: null, problems: {} } : { previewError: result.error });
    },

    async start() {
      const connection = useSessionStore.getState().connection;
      if (!connection || get().starting) return false;
      const runId = await startCheckedRun(set, planInputOf(get(), connection.sessionId), {}, (input) =>
        window.nasbench.startPlan(input),
      );
      return runId !== undefined;
    },
  },
}));

export const usePlanActions = () => usePlanStore((state) => state.actions);
