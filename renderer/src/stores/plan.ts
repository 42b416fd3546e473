import { create } from 'zustand';
import type { AppError } from '../../../shared/contract/errors';
import type { PlanName, PlanPreview } from '../../../shared/contract/plans';
import { checkPlanChoices, unansweredLocalFolder, type PlanProblems } from '../../../shared/words/plan';
import { selectNasFolder, selectWritePlaces, useNasConnectionStore } from './nas-connection';
import { beginStart, endStart } from './start-run';

/** The guided plan form. Where it writes (on the NAS, on its share) is the session's choice for that NAS. */
interface PlanState {
  plan: PlanName;
  /** As typed; empty means the plan's own. */
  networkSeconds: string;
  diskSeconds: string;
  /** What the user calls this connection, as typed; empty: the name suggested from the interface. */
  connection: string;
  preview: PlanPreview | null;
  previewError: AppError | null;
  problems: PlanProblems;
  /** The share folder the user said yes to copying in although it is on this computer (the preview's question). */
  localFolderYes: string | null;
  starting: boolean;
  startError: AppError | null;
  actions: {
    choose(change: Partial<Pick<PlanState, 'plan' | 'networkSeconds' | 'diskSeconds' | 'connection'>>): void;
    /** The answer to the preview's question about a share folder on this computer; it holds for that folder only. */
    answerLocalFolder(yes: boolean): void;
    /** Asks the engine what the plan will do with these choices; the panel shows it before Start. */
    loadPreview(): Promise<void>;
    /** Starts the plan on the connected NAS; true when it started. */
    start(): Promise<boolean>;
  };
}

const currentShareFolder = () => selectWritePlaces(useNasConnectionStore.getState()).shareFolder;

/**
 * The plan form with the connected NAS's write places, checked into the engine's input; the answer
 * to the local-folder question only when starting (the preview does not depend on it).
 */
function checkedPlan(state: PlanState, starting = false) {
  const session = useNasConnectionStore.getState();
  if (!session.connection) return null;
  const { plan, networkSeconds, diskSeconds, connection } = state;
  const nasFolder = selectNasFolder(session);
  const shareFolder = currentShareFolder();
  const useLocalShareFolder = starting && state.localFolderYes === shareFolder;
  return checkPlanChoices(
    { plan, networkSeconds, diskSeconds, nasFolder, shareFolder, useLocalShareFolder, connection },
    session.connection.sessionId,
  );
}

/** Whether the preview asks before copying in a share folder that is on this computer. */
const selectAsksFirst = (state: Pick<PlanState, 'preview'>) =>
  state.preview?.steps.find((step) => step.askFirst)?.askFirst ?? null;

export const usePlanStore = create<PlanState>()((set, get) => ({
  plan: 'quick',
  networkSeconds: '',
  diskSeconds: '',
  connection: '',
  preview: null,
  previewError: null,
  problems: {},
  localFolderYes: null,
  starting: false,
  startError: null,
  actions: {
    choose: (change) => set(change),

    answerLocalFolder: (yes) =>
      set((state) => ({
        localFolderYes: yes ? currentShareFolder() : null,
        problems: { ...state.problems, localShareFolder: undefined },
      })),

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
      const checked = checkedPlan(get(), true);
      if (!checked || get().starting) return false;
      // The engine refuses too; asking here puts the reason beside the question.
      if (checked.input && selectAsksFirst(get()) && !checked.input.useLocalShareFolder) {
        set({ problems: { localShareFolder: unansweredLocalFolder }, startError: null });
        return false;
      }
      const input = beginStart(set, checked, {});
      const runId = input && endStart(set, await window.nasbench.startPlan(input));
      return runId !== undefined;
    },
  },
}));

export const usePlanActions = () => usePlanStore((state) => state.actions);
