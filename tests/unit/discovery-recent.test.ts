import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RecentDevices } from '../../electron/engine/discovery/recent-devices';
import { tempDir } from './helpers';

describe('recent NASes in the data folder', () => {
  it('keeps the newest first, once each, with the last user name, across restarts', async () => {
    const dataDir = await tempDir('recent');
    const recent = new RecentDevices(dataDir);
    expect(await recent.list()).toEqual([]);
    await recent.remember({ host: 'diskstation.local', port: 22, username: 'admin' }, new Date('2026-01-01T10:00:00Z'));
    await recent.remember({ host: '198.18.9.3' }, new Date('2026-01-01T11:00:00Z'));
    await recent.remember({ host: 'DiskStation.local', port: 22 }, new Date('2026-01-01T12:00:00Z'));
    const again = await new RecentDevices(dataDir).list();
    expect(again).toEqual([
      { host: 'DiskStation.local', port: 22, username: 'admin', lastUsedAt: '2026-01-01T12:00:00.000Z' },
      { host: '198.18.9.3', port: 22, username: null, lastUsedAt: '2026-01-01T11:00:00.000Z' },
    ]);
    const text = await readFile(path.join(dataDir, 'recent-devices.json'), 'utf8');
    expect(JSON.parse(text)).toMatchObject({ schemaVersion: 1 });
  });

  it('keeps ten, and reads a damaged file as empty or skips damaged entries', async () => {
    const dataDir = await tempDir('recent-damaged');
    const recent = new RecentDevices(dataDir);
    for (let i = 0; i < 12; i++) await recent.remember({ host: `nas${i}.local` });
    expect((await recent.list()).map((device) => device.host)[0]).toBe('nas11.local');
    expect(await recent.list()).toHaveLength(10);
    const file = path.join(dataDir, 'recent-devices.json');
    await writeFile(file, '{ not json');
    expect(await recent.list()).toEqual([]);
    await writeFile(
      file,
      JSON.stringify({
        schemaVersion: 1,
        devices: [{ host: 'ok', port: 22, username: null, lastUsedAt: '2026-01-01T00:00:00Z' }, { host: 5 }],
      }),
    );
    expect((await recent.list()).map((device) => device.host)).toEqual(['ok']);
  });
});
