import { create } from 'zustand';
import type { ProbeProgress } from '../../../shared/contract/connect';

interface ProbeProgressState {
  /** The latest word from the engine on a probe, whichever session it is of. */
  latest: ProbeProgress | null;
  actions: { receive(progress: ProbeProgress): void };
}

/** Where the probe of the connected NAS is, for the status shown while it runs. */
export const useProbeProgressStore = create<ProbeProgressState>()((set) => ({
  latest: null,
  actions: { receive: (progress) => set({ latest: progress }) },
}));
