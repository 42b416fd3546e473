import { create } from 'zustand';
import type { ConnectionProblem } from '../bridge/web-bridge';

interface ConnectionState {
  /** Set only in browser mode, when there is no engine to talk to. */
  problem: ConnectionProblem | null;
  actions: { reportProblem(problem: ConnectionProblem): void };
}

export const useConnectionStore = create<ConnectionState>()((set) => ({
  problem: null,
  actions: {
    reportProblem: (problem) => set({ problem }),
  },
}));
