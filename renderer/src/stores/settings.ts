import { create } from 'zustand';
import type { AppError } from '../../../shared/contract/errors';
import { defaultSettings, type Settings, type SettingsPatch } from '../../../shared/contract/settings';
import type { RateUnit } from '../../../shared/util/units';

interface SettingsState {
  /** What the engine has saved; null until loaded. */
  settings: Settings | null;
  loadError: AppError | null;
  saving: boolean;
  saveError: AppError | null;
  /** Set after a change was saved, so the screen can say so. */
  savedAt: number | null;
  actions: {
    load(): Promise<void>;
    update(patch: SettingsPatch): Promise<void>;
  };
}

export const useSettingsStore = create<SettingsState>()((set) => ({
  settings: null,
  loadError: null,
  saving: false,
  saveError: null,
  savedAt: null,
  actions: {
    async load() {
      const result = await window.nasbench.getSettings();
      set(result.ok ? { settings: result.data, loadError: null } : { loadError: result.error });
    },
    async update(patch) {
      // Show the choice at once (a radio button must not jump back while the engine saves it).
      set((state) => ({
        settings: state.settings && { ...state.settings, ...patch },
        saving: true,
        saveError: null,
      }));
      const result = await window.nasbench.updateSettings(patch);
      if (result.ok) {
        set({ settings: result.data, saving: false, savedAt: Date.now() });
        return;
      }
      set({ saving: false, saveError: result.error, savedAt: null });
      // Put the screen back to what is really saved.
      const saved = await window.nasbench.getSettings();
      if (saved.ok) set({ settings: saved.data });
    },
  },
}));

export const useSettingsActions = () => useSettingsStore((state) => state.actions);

/** Until settings arrive, figures use the default unit rather than waiting to be shown. */
export const selectRateUnit = (state: SettingsState): RateUnit => state.settings?.units ?? defaultSettings.units;
export const selectTestSeconds = (state: SettingsState): number =>
  state.settings?.testSeconds ?? defaultSettings.testSeconds;
