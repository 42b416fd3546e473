import { create } from 'zustand';
import type { ConnectionProblem } from '../bridge/web-bridge';

interface EngineLinkState {
  /** Set only in browser mode, when there is no engine to talk to. */
  problem: ConnectionProblem | null;
  actions: { reportProblem(problem: ConnectionProblem): void };
}

export const useEngineLinkStore = create<EngineLinkState>()((set) => ({
  problem: null,
  actions: {
    reportProblem: (problem) => set({ problem }),
  },
}));
