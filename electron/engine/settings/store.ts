import path from 'node:path';
import { z } from 'zod';
import { Settings, defaultSettings, type SettingsPatch } from '../../../shared/contract/settings';
import { JsonFile, versionedFormat } from '../store';

const SettingsFile = z.object({ schemaVersion: z.literal(1), settings: Settings.partial() });

/**
 * Settings live in one small JSON file in the data folder. A missing, damaged or newer file falls
 * back to the defaults (a settings file must never stop the app from starting); fields added in
 * later versions start at their defaults.
 */
export class SettingsStore {
  private readonly file: JsonFile<z.output<typeof SettingsFile>>;

  constructor(dataDir: string) {
    this.file = new JsonFile(path.join(dataDir, 'settings.json'), versionedFormat('the settings', 1, SettingsFile));
  }

  async read(): Promise<Settings> {
    const stored = await this.file.read().catch(() => undefined);
    return Settings.parse({ ...defaultSettings, ...stored?.settings });
  }

  async update(patch: SettingsPatch): Promise<Settings> {
    const next = Settings.parse({ ...(await this.read()), ...patch });
    await this.file.write({ schemaVersion: 1, settings: next });
    return next;
  }
}
