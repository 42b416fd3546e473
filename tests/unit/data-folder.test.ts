import { stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDataDir, ensureDataDir } from '../../electron/engine/data-folder';
import { tempDir } from './helpers';

describe('data folder', () => {
  it("matches Electron's userData folder on each platform", () => {
    expect(defaultDataDir('linux', {}, '/home/ana')).toBe('/home/ana/.config/NASBench');
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: '/cfg' }, '/home/ana')).toBe('/cfg/NASBench');
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: 'relative' }, '/home/ana')).toBe('/home/ana/.config/NASBench');
    expect(defaultDataDir('darwin', {}, '/Users/ana')).toBe('/Users/ana/Library/Application Support/NASBench');
    expect(defaultDataDir('linux', { NASBENCH_DATA_DIR: '/srv/nb' }, '/home/ana')).toBe('/srv/nb');
    expect(defaultDataDir('win32', { APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' }, 'C:\\Users\\ana')).toBe(
      'C:\\Users\\ana\\AppData\\Roaming\\NASBench',
    );
  });

  it('creates a missing data folder private to the user', async () => {
    const parent = await tempDir('data');
    const dir = await ensureDataDir(path.join(parent, 'a', 'b'));
    const info = await stat(dir);
    expect(info.isDirectory()).toBe(true);
    expect(info.mode & 0o777).toBe(0o700);
  });
});
