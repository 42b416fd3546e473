import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/cli/program';
import { runFioTests } from '../../electron/engine/disk';
import { runNasDiskTest } from '../../electron/engine/disk/nas-disk-test';
import type { FioReport } from '../../electron/engine/disk/parse';
import { bulkPreset, quickPreset } from '../../electron/engine/disk/presets';
import type { DiskSample } from '../../electron/engine/disk/result';
import { probeNas } from '../../electron/engine/probe';
import { openScratchFolder, type ScratchFolder } from '../../electron/engine/ssh/scratch';
import type { NasLogin } from '../../electron/engine/ssh/login';
import type { NasFacts } from '../../shared/contract/probe';
import { kernelDiskBytes, nasCommandLines, nasExec, runsProgram } from '../lab/lab';
import { tempDir } from '../unit/helpers';
import { errorOf, lab, labSession } from './lab-login';

const MiB = 1024 * 1024;
let session: NasLogin;
let facts: NasFacts;
let dataDir: string;

beforeAll(async () => {
  session = await labSession();
  facts = await probeNas(session);
  dataDir = await tempDir('cli-disk');
});
afterAll(() => {
  session.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function nasbench(user: { name: string; password: string }, ...argv: string[]) {
  let stdout = '';
  const login = ['--host', lab.legs.a.nas, '--user', user.name, '--trust-new-host'];
  const code = await runCli(['--json', '--data-dir', dataDir, 'disk', ...login, ...argv], {
    stdout: (text) => (stdout += text),
    stderr: () => undefined,
    env: { NASBENCH_PASSWORD: user.password },
  });
  return { code, json: JSON.parse(stdout) as Record<string, unknown> & { tests: Record<string, unknown>[] } };
}

/** fio processes in the NAS namespace working in a folder. */
function fioOnNas(pathPart: string): string[] {
  return nasCommandLines().filter((args) => runsProgram(args, 'fio') && args.includes(pathPart));
}

function tinyEntries(): string {
  return nasExec(['find', lab.tiny, '-mindepth', '1']).stdout;
}

describe('fio disk tests on the lab NAS', () => {
  it('Quick on the share: 8 results whose bytes/s are what fio’s JSON says in bw_bytes', async () => {
    const reports: FioReport[] = [];
    const samples: DiskSample[] = [];
    let scratch: ScratchFolder | undefined;
    // 2 s per test instead of 5 keeps this file within its time budget; the tests are otherwise the preset's.
    const result = await runNasDiskTest(session, {
      folder: lab.share,
      preset: 'quick',
      uncached: false,
      runtimeSeconds: 2,
      facts,
      openScratch: async (needed) => (scratch = await openScratchFolder(session, lab.share, randomUUID(), needed)),
      onReport: (report) => reports.push(report),
      onSample: (sample) => samples.push(sample),
    });
    expect(result).toMatchObject({ engine: 'fio', fileSystem: 'ext4', fio: { version: '3.33' } });
    expect(result.tests).toHaveLength(8);
    expect(reports).toHaveLength(8);
    for (const [index, test] of result.tests.entries()) {
      expect(test.bytesPerSecond).toBeGreaterThan(0);
      expect(test.iops).toBeGreaterThan(0);
      const raw = reports[index]?.raw as { jobs: Record<'read' | 'write', { bw_bytes: number }>[] };
      const rawBytesPerSecond = raw.jobs.reduce((total, job) => total + job.read.bw_bytes + job.write.bw_bytes, 0);
      expect(Math.abs(test.bytesPerSecond - rawBytesPerSecond) / rawBytesPerSecond).toBeLessThan(0.01);
      expect(test.commandLine).toMatch(/^\/usr\/bin\/fio --name=/);
      expect(test.toolPath).toBe('/usr/bin/fio');
      expect(test.latencyNs.p99).toBeGreaterThan(0);
      // Buffered 256 MiB files on a NAS with GiBs of RAM: its cache may serve them, and the figure says so.
      expect(test.cache).toEqual({ client: 'not-involved', nas: 'may-serve' });
      expect(test.spread?.relative).toBeGreaterThanOrEqual(0);
    }
    expect(new Set(samples.map((sample) => sample.index)).size).toBe(8);
    expect(nasExec(['test', '-e', scratch?.path ?? 'no scratch folder']).code).not.toBe(0);
  });

  it('bulk whose write ends at its time limit reads only what it wrote: every byte read comes off the drive', async () => {
    // The write held to 4 MiB/s a job (128 MiB/s in all), so two seconds write a sixteenth of 32 × 64 MiB,
    // as a NAS slower than the preset's 400 MB/s does over its minute. Unwritten, the rest of each file
    // read as zeros without a disk touched (preallocated) or was laid out first by fio (not).
    const [write, read] = bulkPreset({
      uncached: true,
      freeBytes: 64 * 1024 * MiB,
      sizeBytes: 2048 * MiB,
      runtimeSeconds: 2,
    });
    if (!write || !read) throw new Error('bulk has a write and a read');
    const held = { ...write, job: { ...write.job, rateBytesPerSecond: 4 * MiB } };
    const scratch = await openScratchFolder(session, lab.share, randomUUID(), 2048 * MiB);
    let before = 0;
    let drive = 0;
    try {
      const results = await runFioTests(session, scratch.path, [held, read], {
        onTestStart: (index) => index === 1 && (before = kernelDiskBytes('vda').read),
        onResult: (result) => result.rw === 'read' && (drive = kernelDiskBytes('vda').read - before),
      });
      const [wrote, readBack] = results;
      expect(wrote?.ioBytes).toBeLessThan(2048 * MiB * 0.2);
      // The read kept to the bytes the write wrote (each job's mean, in whole 128 KiB blocks).
      expect(readBack?.sizeBytes).toBeLessThanOrEqual(wrote?.ioBytes ?? 0);
      expect(readBack?.sizeBytes).toBeGreaterThan((wrote?.ioBytes ?? 0) - 32 * 128 * 1024);
      expect(readBack?.note).toMatch(/write ended at its time limit .* so the read covered what it wrote/);
      const fio = readBack?.ioBytes ?? 0;
      console.log(
        `bulk read after a cut write: fio read ${(fio / 1e6).toFixed(0)} MB, the drive ${(drive / 1e6).toFixed(0)} MB`,
      );
      expect(drive / fio).toBeGreaterThan(0.9);
    } finally {
      await scratch.remove();
    }
  });

  it('--uncached on tmpfs runs buffered and says why (direct: false)', async () => {
    const run = await nasbench(lab.users.test, '--dir', lab.tiny, '--uncached', '--size', '16M', '--time', '1');
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ ok: true, kind: 'disk', engine: 'fio', fileSystem: 'tmpfs' });
    expect(run.json.tests).toHaveLength(8);
    for (const test of run.json.tests) {
      expect(test).toMatchObject({
        direct: false,
        note: expect.stringMatching(/tmpfs.*no uncached figure/),
        cache: { client: 'not-involved', nas: 'in-memory' },
      });
    }
    expect(tinyEntries()).toBe('');
  });

  it('--uncached where O_DIRECT is refused (ramfs: EINVAL) reruns buffered and says so', async () => {
    // The lab's sshd has its own mount namespace: the ramfs must be mounted there to be seen over SSH.
    const sshd = readFileSync(lab.ssh.pidFile, 'utf8').trim();
    const inNasMounts = (...argv: string[]) => spawnSync('nsenter', ['-t', sshd, '-m', ...argv], { encoding: 'utf8' });
    const folder = `/tmp/nasbench-ramfs-${randomUUID()}`;
    expect(inNasMounts('mkdir', folder).status).toBe(0);
    try {
      expect(inNasMounts('mount', '-t', 'ramfs', 'nasbench-ramfs', folder).status).toBe(0);
      expect(inNasMounts('chown', lab.users.test.name, folder).status).toBe(0);
      // ramfs reports no size, so the scratch folder's free-space check cannot pass there: made by hand.
      const scratch = `${folder}/.nasbench-${randomUUID()}`;
      expect((await session.run(['mkdir', scratch])).code).toBe(0);
      const [read] = quickPreset({ uncached: true, sizeBytes: 8 * MiB, runtimeSeconds: 1 }).slice(2, 3);
      const results = await runFioTests(session, scratch, read ? [read] : [], { memoryBytes: facts.memoryBytes });
      expect(results[0]).toMatchObject({
        direct: false,
        fileSystem: 'ramfs',
        note: expect.stringMatching(/refuses direct I\/O/),
        // The buffered rerun of an 8 MiB file never claims the NAS's cache was bypassed.
        cache: { client: 'not-involved', nas: 'in-memory' },
      });
      expect(results[0]?.bytesPerSecond).toBeGreaterThan(0);
    } finally {
      inNasMounts('umount', folder);
      inNasMounts('rmdir', folder);
    }
  });

  it('refuses 256 MiB on the 64 MiB volume before writing anything (NOT_ENOUGH_SPACE)', async () => {
    const run = await nasbench(lab.users.test, '--dir', lab.tiny, '--size', '256M');
    expect(run.code).toBe(1);
    expect(run.json).toMatchObject({ ok: false, error: { code: 'NOT_ENOUGH_SPACE' } });
    expect(tinyEntries()).toBe('');
  });

  it('ends with DISK_FULL when the volume fills up mid-test, keeps the samples, and leaves the volume empty', async () => {
    const scratch = await openScratchFolder(session, lab.tiny, randomUUID(), 16 * MiB);
    const samples: DiskSample[] = [];
    let filled = false;
    const test = {
      name: 'SEQ64K Q1T1 write',
      // Capped at 4 MiB/s so that samples arrive before something else fills the volume.
      job: {
        name: 'fill',
        fileName: 'fill',
        rw: 'write',
        bs: 65536,
        size: 16 * MiB,
        ioengine: 'psync',
        preallocate: false,
        rateBytesPerSecond: 4 * MiB,
      },
    } as const;
    const error = await errorOf(
      runFioTests(session, scratch.path, [test], {
        onSample: (sample) => {
          samples.push(sample);
          if (filled) return;
          filled = true;
          // Another writer on the NAS takes all the space that is left.
          nasExec(['dd', 'if=/dev/zero', `of=${lab.tiny}/other-writer.bin`, 'bs=1M']);
        },
      }),
    );
    await scratch.remove();
    expect(error.code).toBe('DISK_FULL');
    expect(error.message).toMatch(/SEQ64K Q1T1 write: .*ran out of space/);
    expect(samples.length).toBeGreaterThanOrEqual(1);
    expect(samples[0]?.bytesPerSecond).toBeGreaterThan(0);
    expect(tinyEntries()).toBe(`${lab.tiny}/other-writer.bin\n`);
    nasExec(['rm', '-f', `${lab.tiny}/other-writer.bin`]);
    expect(tinyEntries()).toBe('');
  });

  it('falls back to dd for the user without fio, labelled engine "dd", with install hints', async () => {
    const run = await nasbench(lab.users.notools, '--dir', lab.users.notools.home, '--size', '64M');
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ ok: true, engine: 'dd', fio: null, hints: [expect.stringMatching(/fio/)] });
    expect(run.json.tests.map((test) => [test.name, test.engine, test.sizeBytes])).toEqual([
      ['SEQ1M Q1T1 write (dd)', 'dd', 64 * MiB],
      ['SEQ1M Q1T1 read (dd)', 'dd', 64 * MiB],
    ]);
    for (const test of run.json.tests) expect(test.bytesPerSecond).toBeGreaterThan(0);
    expect(nasExec(['sh', '-c', `ls -a ${lab.users.notools.home} | grep -c nasbench-`]).stdout.trim()).toBe('0');
  });

  it('cancel mid-test leaves no fio process and no test file on the NAS', async () => {
    const controller = new AbortController();
    let scratch: ScratchFolder | undefined;
    let runningAtCancel: string[] = [];
    const started = performance.now();
    const error = await errorOf(
      runNasDiskTest(session, {
        folder: lab.share,
        preset: 'quick',
        uncached: false,
        runtimeSeconds: 30,
        facts,
        openScratch: async (needed) => (scratch = await openScratchFolder(session, lab.share, randomUUID(), needed)),
        signal: controller.signal,
        onSample: () => {
          if (!controller.signal.aborted) runningAtCancel = fioOnNas(scratch?.path ?? 'no scratch folder');
          controller.abort();
        },
      }),
    );
    expect(error.code).toBe('CANCELLED');
    expect(runningAtCancel.length).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(10_000);
    const path = scratch?.path ?? 'no scratch folder';
    expect(fioOnNas(path)).toEqual([]);
    expect(nasExec(['test', '-e', path]).code).not.toBe(0);
  });
});
