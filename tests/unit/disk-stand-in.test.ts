import { readdirSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { runDdTests } from '../../electron/engine/disk/dd-fallback';
import { readTestFolderFacts, type TestFolderFacts } from '../../electron/engine/disk/file-system';
import { quickPreset } from '../../electron/engine/disk/presets';
import { runFioTests } from '../../electron/engine/disk/run';
import { tempDir } from './helpers';
import { localCommands } from './local-nas';

const MiB = 1024 * 1024;
const cleanups: string[] = [];
afterAll(() => {
  for (const dir of cleanups) rmSync(dir, { recursive: true, force: true });
});

/**
 * A folder on this machine that the run is told is on ZFS 2.1 (which accepts O_DIRECT and ignores
 * it), so that buffered I/O must stand in. The folder facts are the run's input; what is under test
 * is how large the stand-in makes the files and what the figure then claims — fio and dd run for real.
 */
async function zfs21Folder(): Promise<{ work: string; folder: TestFolderFacts }> {
  const work = await tempDir('stand-in');
  cleanups.push(work);
  const facts = await readTestFolderFacts(localCommands(), work);
  expect(facts.freeBytes, 'needs a folder whose free space df reports').not.toBeNull();
  return { work, folder: { ...facts, fileSystem: 'zfs', zfsVersion: '2.1.11', zfs: null, arc: null } };
}

// RND4K Q1T1 read, on a 4 MiB file, 1 s.
const [randomRead] = quickPreset({ uncached: true, sizeBytes: 4 * MiB, runtimeSeconds: 1 }).filter(
  (test) => test.name === 'RND4K Q1T1 read',
);

// CI installs fio: without it these fail rather than skipping.
describe('buffered stand-in for direct I/O (fio), with this machine as the NAS', () => {
  it('makes the files twice the NAS’s RAM where space and time allow, and only then says bypassed', async () => {
    const { work, folder } = await zfs21Folder();
    const memoryBytes = 8 * MiB;
    const [result] = await runFioTests(localCommands(), work, randomRead ? [randomRead] : [], { folder, memoryBytes });
    expect(result).toMatchObject({ direct: false, cache: { client: 'not-involved', nas: 'bypassed' } });
    expect(result?.sizeBytes).toBeGreaterThanOrEqual(2 * memoryBytes);
    expect(result?.note).toMatch(/ignores direct I\/O.*at least twice the NAS's cache/);
    expect(result?.commandLine).toContain(` --size=${16 * MiB} `);
    expect(result?.commandLine).toContain(' --direct=0 ');
    expect(readdirSync(work)).toEqual([]);
  });

  it('keeps the files as asked when twice the RAM does not fit, and the figure says the cache may serve it', async () => {
    const { work, folder } = await zfs21Folder();
    // A NAS with as much RAM as this folder has free space: files twice that cannot be written.
    const memoryBytes = folder.freeBytes ?? 0;
    const [result] = await runFioTests(localCommands(), work, randomRead ? [randomRead] : [], { folder, memoryBytes });
    expect(result).toMatchObject({ direct: false, sizeBytes: 4 * MiB, cache: { nas: 'may-serve' } });
    expect(result?.note).toMatch(/smaller than twice the NAS's cache .* may include its memory.*no room/);
    expect(result?.note).not.toMatch(/cannot hold|at most half/);
  });

  it('keeps the files as asked when writing twice the RAM would overrun the plan’s time budget', async () => {
    const { work, folder } = await zfs21Folder();
    const [result] = await runFioTests(localCommands(), work, randomRead ? [randomRead] : [], {
      folder,
      memoryBytes: 8 * MiB,
      standInBudgetSeconds: 0,
    });
    expect(result).toMatchObject({ sizeBytes: 4 * MiB, cache: { nas: 'may-serve' } });
    expect(result?.note).toMatch(/longer to write than this test's time budget/);
  });

  it('says unknown, not bypassed, when the NAS’s RAM is unknown', async () => {
    const { work, folder } = await zfs21Folder();
    const [result] = await runFioTests(localCommands(), work, randomRead ? [randomRead] : [], {
      folder,
      memoryBytes: null,
    });
    expect(result).toMatchObject({ sizeBytes: 4 * MiB, cache: { nas: 'unknown' } });
    expect(result?.note).toMatch(/memory size is unknown/);
  });
});

describe('dd fallback: a file twice the RAM when it cannot read direct, and a spread from its pieces', () => {
  it('writes and reads 2 × RAM, claims bypassed, and gives each figure a spread from repeats', async () => {
    const { work, folder } = await zfs21Folder();
    const results = await runDdTests(localCommands(), work, {
      sizeBytes: 4 * MiB,
      uncached: true,
      memoryBytes: 8 * MiB,
      folder,
    });
    expect(results.map((result) => [result.rw, result.direct, result.sizeBytes, result.cache.nas])).toEqual([
      ['write', false, 16 * MiB, 'bypassed'],
      ['read', false, 16 * MiB, 'bypassed'],
    ]);
    for (const result of results) {
      expect(result.spread?.basis).toBe('repeats');
      expect(result.spread?.relative).toBeGreaterThanOrEqual(0);
      // The pieces add up to the whole file: the figure is all bytes over all seconds.
      expect(result.ioBytes).toBe(16 * MiB);
      expect(result.bytesPerSecond).toBeCloseTo(result.ioBytes / result.seconds, 6);
      expect(result.commandLine.split(' && ')).toHaveLength(2);
    }
    expect(results[1]?.note).toMatch(/at least twice the NAS's cache/);
    expect(readdirSync(work)).toEqual([]);
  });

  it('keeps the file as asked and says may-serve when twice the RAM does not fit', async () => {
    const { work, folder } = await zfs21Folder();
    const results = await runDdTests(localCommands(), work, {
      sizeBytes: 4 * MiB,
      uncached: true,
      memoryBytes: folder.freeBytes ?? 0,
      folder,
    });
    expect(results.map((result) => [result.sizeBytes, result.cache.nas])).toEqual([
      [4 * MiB, 'may-serve'],
      [4 * MiB, 'may-serve'],
    ]);
    expect(results[1]?.note).toMatch(/may include its memory/);
    expect(results[1]?.note).not.toMatch(/cannot hold|at most half/);
  });
});
