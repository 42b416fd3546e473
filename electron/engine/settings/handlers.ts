import type { MethodHandlers } from '../../../shared/contract';
import type { SettingsStore } from './store';

/** The user's settings. */
export function settingsHandlers(settings: SettingsStore): Pick<MethodHandlers, 'getSettings' | 'updateSettings'> {
  return {
    getSettings: () => settings.read(),
    updateSettings: (patch) => settings.update(patch),
  };
}
