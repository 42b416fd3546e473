import { create } from 'zustand';
import type { AppError } from '../../../../shared/contract/errors';
import type { LoadHelperCheck } from '../../../../shared/contract/load';
import {
  checkLoadChoices,
  loadChoiceDefaults,
  readHelperLines,
  type LoadChoices,
  type LoadProblems,
} from '../../../../shared/kinds/load/words';
import { selectNasFolder, useNasConnectionStore } from '../../stores/nas-connection';
import { beginStart, endStart } from '../../stores/start-run';

/** The computers typed last time, kept in the window's storage: they are the same next time. */
const rememberedKey = 'nasbench.loadHelpers';

function remembered(): string {
  try {
    return globalThis.localStorage?.getItem(rememberedKey) ?? '';
  } catch {
    return '';
  }
}

/** The "Load from several computers" form: runs from this computer, with or without a NAS connected. */
interface LoadTestState extends LoadChoices {
  problems: LoadProblems;
  starting: boolean;
  startError: AppError | null;
  /** What each computer answered when asked before the run (null: not asked since the list changed). */
  checks: LoadHelperCheck[] | null;
  checking: boolean;
  actions: {
    choose(change: Partial<LoadChoices>): void;
    /** Asks each computer listed: its fio server, its fio version, its folder (nothing is written). */
    check(): Promise<void>;
    /** Starts the load test; true when it started. */
    start(): Promise<boolean>;
  };
}

export const useLoadTestStore = create<LoadTestState>()((set, get) => ({
  ...loadChoiceDefaults,
  helpersText: remembered(),
  problems: {},
  starting: false,
  startError: null,
  checks: null,
  checking: false,
  actions: {
    choose: (change) => set(change.helpersText === undefined ? change : { ...change, checks: null }),

    async check() {
      const { helpers, problem } = readHelperLines(get().helpersText);
      if (problem) {
        set({ problems: { helpersText: problem }, checks: null });
        return;
      }
      set({ checking: true, problems: {} });
      const result = await window.nasbench.checkLoadHelpers({ helpers });
      set({ checking: false, ...(result.ok ? { checks: result.data } : { startError: result.error }) });
    },

    async start() {
      if (get().starting) return false;
      // The NAS itself takes part in the connected NAS's chosen folder (a scratch folder inside it).
      const session = useNasConnectionStore.getState();
      const nas = session.connection
        ? { sessionId: session.connection.sessionId, folder: selectNasFolder(session) }
        : undefined;
      const input = beginStart(set, checkLoadChoices(get(), nas), {});
      if (input === undefined) return false;
      try {
        globalThis.localStorage?.setItem(rememberedKey, get().helpersText);
      } catch {
        // Storage refused (private window): the list is simply not remembered.
      }
      return endStart(set, await window.nasbench.startLoadRun(input)) !== undefined;
    },
  },
}));

export const useLoadTestActions = () => useLoadTestStore((state) => state.actions);
