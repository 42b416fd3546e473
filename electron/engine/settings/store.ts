import { readFile } from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { NasbenchError } from '../../../shared/errors';
import { Settings, defaultSettings, type SettingsPatch } from '../../../shared/settings';

const fileName = 'settings.json';
const SettingsFile = z.object({ schemaVersion: z.literal(1), settings: Settings.partial() });

/**
 * Settings live in one small JSON file in the data folder. A missing or damaged file falls
 * back to the defaults (a damaged settings file must never stop the app from starting);
 * fields added in later versions start at their defaults.
 */
export class SettingsStore {
  private readonly file: string;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, fileName);
  }

  async read(): Promise<Settings> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch {
      return { ...defaultSettings };
    }
    const parsed = SettingsFile.safeParse(safeJson(text));
    if (!parsed.success) return { ...defaultSettings };
    // Keep each stored field that is still valid on its own.
    const merged = { ...defaultSettings, ...parsed.data.settings };
    return Settings.parse(merged);
  }

  async update(patch: SettingsPatch): Promise<Settings> {
    const next = Settings.parse({ ...(await this.read()), ...patch });
    try {
      // Atomic: a crash mid-write leaves the old file, never half a file.
      await writeFileAtomic(this.file, JSON.stringify({ schemaVersion: 1, settings: next }, null, 2) + '\n', {
        mode: 0o600,
      });
    } catch (cause) {
      throw new NasbenchError(
        'PERMISSION_DENIED',
        `Could not save settings in ${path.dirname(this.file)}.`,
        'Check that the data folder exists and that you can write to it, or choose another one with --data-dir.',
        { cause },
      );
    }
    return next;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
