import { create } from 'zustand';
import type { AppError } from '../../../shared/contract/errors';
import type { PlanName, PlanPreview } from '../../../shared/contract/plans';
import { checkPlanChoices, type PlanProblems } from '../../../shared/words/plan';
import { selectNasFolder, selectWritePlaces, useSessionStore } from './session';
import { beginStart, endStart } from './start-run';

/** The guided plan form. Where it writes (on the NAS, on its share) is the session's choice for that NAS. */
interface PlanState {
  plan: PlanName;
  /** As typed; empty means the plan's own. */
  networkSeconds: string;
  diskSeconds: string;
  preview: PlanPreview | null;
  previewError: AppError | null;
  problems: PlanProblems;
  starting: boolean;
  startError: AppError | null;
  actions: {
    choose(change: Partial<Pick<PlanState, 'plan' | 'networkSeconds' | 'diskSeconds'>>): void;
    /** Asks the engine what the plan will do with these choices; the panel shows it before Start. */
    loadPreview(): Promise<void>;
    /** Starts the plan on the connected NAS; true when it started. */
    start(): Promise<boolean>;
  };
}

/** The plan form with the connected NAS's write places, checked into the engine's input. */
function checkedPlan(state: PlanState) {
  const session = useSessionStore.getState();
  if (!session.connection) return null;
  const { plan, networkSeconds, diskSeconds } = state;
  const nasFolder = selectNasFolder(session);
  const { shareFolder } = selectWritePlaces(session);
  return checkPlanChoices({ plan, networkSeconds, diskSeconds, nasFolder, shareFolder }, session.connection.sessionId);
}

export const usePlanStore = create<PlanState>()((set, get) => ({
  plan: 'quick',
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
      const checked = checkedPlan(get());
      if (!checked) return;
      if (!checked.input) return set({ problems: checked.problems });
      const asked = checked.input;
      const result = await window.nasbench.previewPlan(asked);
      // Only the answer to the latest choices counts.
      if (JSON.stringify(checkedPlan(get())?.input) !== JSON.stringify(asked)) return;
      set(result.ok ? { preview: result.data, previewError: null, problems: {} } : { previewError: result.error });
    },

    async start() {
      const checked = checkedPlan(get());
      if (!checked || get().starting) return false;
      const input = beginStart(set, checked, {});
      const runId = input && endStart(set, await window.nasbench.startPlan(input));
      return runId !== undefined;
    },
  },
}));

export const usePlanActions = () => usePlanStore((state) => state.actions);
