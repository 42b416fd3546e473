import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDdTests } from '../../electron/engine/disk/dd-fallback';
import { directIoSupport, readTestFolderFacts } from '../../electron/engine/disk/file-system';
import { quickPreset } from '../../electron/engine/disk/presets';
import type { DiskSample } from '../../electron/engine/disk/result';
import { runFioTests } from '../../electron/engine/disk/run';
import { tempDir } from './helpers';
import { localCommands } from './local-nas';

const MiB = 1024 * 1024;
const cleanups: string[] = [];
afterAll(() => {
  for (const dir of cleanups) rmSync(dir, { recursive: true, force: true });
});

/**
 * A bin folder (and a work folder) of this login's own, under its home folder rather than the
 * world-writable /tmp: NASBench runs a dd it finds only from folders no one else may write.
 */
async function folderWith(tools: Record<string, string>): Promise<{ bin: string; work: string }> {
  const root = await tempDir('fio-run', os.homedir());
  cleanups.push(root);
  const bin = path.join(root, 'bin');
  const work = path.join(root, 'work');
  for (const dir of [bin, work]) mkdirSync(dir);
  for (const [name, script] of Object.entries(tools)) {
    writeFileSync(path.join(bin, name), script);
    chmodSync(path.join(bin, name), 0o755);
  }
  return { bin, work };
}

// CI installs fio and BusyBox: without them these fail rather than skipping.
describe('fio runs, with this machine as the NAS', () => {
  it('falls back to psync once when fio lacks libaio, and says the queue depth was 1', async () => {
    // A fio built without libaio, as on some BusyBox NASes: the real fio, asked for an engine it
    // does not have, so its real "engine … not loadable" answer comes back. Every call is logged.
    const { bin, work } = await folderWith({
      fio: [
        '#!/bin/sh',
        'echo "$*" >> "$(dirname "$0")/calls.log"',
        'for a; do shift; case "$a" in --ioengine=libaio) set -- "$@" --ioengine=libaio-not-built-in;;',
        '  *) set -- "$@" "$a";; esac; done',
        'exec /usr/bin/fio "$@"',
        '',
      ].join('\n'),
    });
    const tests = quickPreset({ uncached: false, sizeBytes: 8 * MiB, runtimeSeconds: 1 }).slice(4, 6);
    const samples: DiskSample[] = [];
    const results = await runFioTests(localCommands(bin), work, tests, { onSample: (sample) => samples.push(sample) });
    expect(results.map((result) => [result.name, result.ioengine, result.iodepth])).toEqual([
      ['RND4K Q32T1 read', 'psync', 1],
      ['RND4K Q32T1 write', 'psync', 1],
    ]);
    for (const result of results) {
      expect(result.note).toMatch(/no libaio.*queue depth 1, not 32/);
      expect(result.commandLine).toContain(' --ioengine=psync ');
      expect(result.bytesPerSecond).toBeGreaterThan(0);
    }
    const calls = readFileSync(path.join(bin, 'calls.log'), 'utf8').trim().split('\n');
    expect(calls.map((call) => /--ioengine=(\S+)/.exec(call)?.[1])).toEqual(['libaio', 'psync', 'psync']);
    expect(samples.filter((sample) => sample.index === 0).length).toBeGreaterThanOrEqual(1);
    // The test files are gone when the run ends.
    expect(readdirSync(work)).toEqual([]);
  });
});

describe('dd fallback, with this machine as the NAS', () => {
  it('finds direct I/O and fdatasync in GNU dd and takes dd’s own time', async () => {
    const { bin, work } = await folderWith({});
    const commands = localCommands(bin);
    const results = await runDdTests(commands, work, { sizeBytes: 16 * MiB, uncached: true });
    // Where the temporary folder is a tmpfs there is no disk to reach, and direct I/O is not tried.
    const onDisk = directIoSupport(await readTestFolderFacts(commands, work)) === 'honoured';
    expect(results.map((result) => [result.name, result.engine, result.ioengine, result.direct])).toEqual([
      ['SEQ1M Q1T1 write (dd)', 'dd', onDisk ? 'dd oflag=direct conv=fdatasync' : 'dd conv=fdatasync', onDisk],
      ['SEQ1M Q1T1 read (dd)', 'dd', onDisk ? 'dd iflag=direct' : 'dd', onDisk],
    ]);
    for (const result of results) {
      expect(result.bytesPerSecond).toBeCloseTo((16 * MiB) / result.seconds, 6);
      expect(result.note).not.toMatch(/timed from here/);
    }
    expect(readdirSync(work)).toEqual([]);
  });

  it('uses conv=fsync with BusyBox dd, which has no fdatasync and no timing line', async () => {
    const { bin, work } = await folderWith({});
    symlinkSync('/bin/busybox', path.join(bin, 'dd'));
    const commands = localCommands(bin);
    const results = await runDdTests(commands, work, { sizeBytes: 16 * MiB, uncached: true });
    const onDisk = directIoSupport(await readTestFolderFacts(commands, work)) === 'honoured';
    expect(results[0]).toMatchObject({
      ioengine: onDisk ? 'dd oflag=direct conv=fsync' : 'dd conv=fsync',
      direct: onDisk,
    });
    expect(results[0]?.note).toMatch(/timed from here/);
    expect(results[0]?.bytesPerSecond).toBeGreaterThan(0);
  });

  it('runs no dd from a folder others may write: TOOL_MISSING names the copy and why', async () => {
    const root = await tempDir('fio-run-shared');
    cleanups.push(root);
    const bin = path.join(root, 'bin');
    mkdirSync(bin);
    chmodSync(bin, 0o777);
    writeFileSync(path.join(bin, 'dd'), '#!/bin/sh\necho planted >>"$(dirname "$0")/ran"\nexec /bin/dd "$@"\n');
    chmodSync(path.join(bin, 'dd'), 0o755);
    const failure = await runDdTests(localCommands(bin), root, { sizeBytes: 8 * MiB, uncached: false }).catch(
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({
      code: 'TOOL_MISSING',
      message: expect.stringContaining(`A dd was found in ${bin}, but other users can write to ${bin}`),
    });
    expect(readdirSync(bin)).toEqual(['dd']);
  });
});
