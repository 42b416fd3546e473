/** The user's settings: one small JSON file in the data folder, defaults for anything missing. */
export { SettingsStore } from './store';
export { settingsHandlers } from './handlers';
