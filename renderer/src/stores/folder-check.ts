import { create } from 'zustand';
import type { AppError } from '../../../shared/contract/errors';

/** What the engine said about one folder on the NAS: being asked, fine (with its free space), or refused. */
export type FolderCheck =
  { state: 'checking' } | { state: 'ok'; freeBytes: number } | { state: 'refused'; error: AppError };

interface FolderCheckState {
  /** By session and folder: an answer holds for one login's view of one folder. */
  checks: Record<string, FolderCheck>;
  actions: { check(sessionId: string, folder: string): Promise<void> };
}

const keyOf = (sessionId: string, folder: string) => `${sessionId}\n${folder}`;

/**
 * Folder checks as the user chooses a folder for the disk tests: a folder that does not exist, is
 * read-only for this login or is a system folder is named then, not ten seconds into a run.
 */
export const useFolderCheckStore = create<FolderCheckState>()((set, get) => ({
  checks: {},
  actions: {
    async check(sessionId, folder) {
      const key = keyOf(sessionId, folder);
      if (get().checks[key]?.state === 'checking') return;
      set((state) => ({ checks: { ...state.checks, [key]: { state: 'checking' } } }));
      const result = await window.nasbench.checkNasFolder({ sessionId, folder });
      const answer: FolderCheck = result.ok
        ? { state: 'ok', freeBytes: result.data.freeBytes }
        : { state: 'refused', error: result.error };
      set((state) => ({ checks: { ...state.checks, [key]: answer } }));
    },
  },
}));

export const selectFolderCheck = (sessionId: string | undefined, folder: string) => (state: FolderCheckState) =>
  sessionId ? state.checks[keyOf(sessionId, folder)] : undefined;
