import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SettingsStore } from '../../electron/engine/settings/store';
import { defaultSettings } from '../../shared/contract/settings';
import { tempDir } from './helpers';

async function freshDir(): Promise<string> {
  return tempDir('settings');
}

describe('settings store', () => {
  it('starts from the defaults and keeps what the user changes', async () => {
    const dir = await freshDir();
    const store = new SettingsStore(dir);
    expect(await store.read()).toEqual(defaultSettings);
    const saved = await store.update({ units: 'MiB/s', discoveryEnabled: false });
    expect(saved).toEqual({ ...defaultSettings, units: 'MiB/s', discoveryEnabled: false });
    expect(await new SettingsStore(dir).read()).toEqual(saved);
    const file = JSON.parse(await readFile(path.join(dir, 'settings.json'), 'utf8')) as unknown;
    expect(file).toEqual({ schemaVersion: 1, settings: saved });
  });

  it('falls back to the defaults when the file is damaged, and keeps valid fields of an older file', async () => {
    const dir = await freshDir();
    await writeFile(path.join(dir, 'settings.json'), '{"schemaVersion":1,"settings":{"units":"MB');
    expect(await new SettingsStore(dir).read()).toEqual(defaultSettings);
    await writeFile(path.join(dir, 'settings.json'), JSON.stringify({ schemaVersion: 1, settings: { units: 'Mb/s' } }));
    expect(await new SettingsStore(dir).read()).toEqual({ ...defaultSettings, units: 'Mb/s' });
  });
});
