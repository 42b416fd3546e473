import { create } from 'zustand';
import type { AppInfo } from '../../../shared/contract/index';
import type { AppError } from '../../../shared/contract/errors';

interface AppInfoState {
  info: AppInfo | null;
  error: AppError | null;
  actions: { load(): Promise<void> };
}

export const useAppInfoStore = create<AppInfoState>()((set) => ({
  info: null,
  error: null,
  actions: {
    async load() {
      const result = await window.nasbench.getAppInfo();
      set(result.ok ? { info: result.data, error: null } : { error: result.error });
    },
  },
}));
