import { create } from 'zustand';
import type { AppError } from '../../../shared/contract/errors';
import { checkLoadChoices, loadChoiceDefaults, type LoadChoices, type LoadProblems } from '../../../shared/words/load';
import { beginStart, endStart } from './start-run';

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
  actions: {
    choose(change: Partial<LoadChoices>): void;
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
  actions: {
    choose: (change) => set(change),

    async start() {
      if (get().starting) return false;
      const input = beginStart(set, checkLoadChoices(get()), {});
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
