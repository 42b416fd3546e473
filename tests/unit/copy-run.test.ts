import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/cli/program';
import {
  chooseIoMethod,
  findCacheWall,
  planSweepSizes,
  runShareCopy,
  type CopySample,
  type CopyTestResult,
} from '../../electron/engine/copy';
import { ThroughputMeter } from '../../electron/engine/copy/throughput-meter';
import { NasbenchError } from '../../shared/contract/errors';
import { readByteSize as parseByteSize } from '../../shared/util/units';
import { tempDir } from './helpers';

const MiB = 1024 * 1024;
let folder = '';

beforeEach(async () => {
  folder = await tempDir('copy-run');
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function rejection(promise: Promise<unknown>): Promise<NasbenchError> {
  const error: unknown = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(NasbenchError);
  return error as NasbenchError;
}

describe('cancel', () => {
  it('mid-write: CANCELLED, the samples so far kept, no file left', async () => {
    const controller = new AbortController();
    const samples: CopySample[] = [];
    const error = await rejection(
      runShareCopy({
        dir: folder,
        fileSize: 1024 * MiB,
        signal: controller.signal,
        onSample: (sample) => {
          samples.push(sample);
          if (sample.bytesDone > 0) controller.abort();
        },
      }),
    );
    expect(error.code).toBe('CANCELLED');
    expect(samples.length).toBeGreaterThan(0);
    expect(samples[0]).toMatchObject({ series: 'write', op: 'write', bytesTotal: 1024 * MiB });
    expect(samples.at(-1)?.bytesDone).toBeLessThan(1024 * MiB);
    expect(await readdir(folder)).toEqual([]);
  });

  it('mid-read: the finished write is kept, and the reason the run gave is the error', async () => {
    const controller = new AbortController();
    const tests: CopyTestResult[] = [];
    const reason = new NasbenchError('CANCELLED', 'The test was cancelled.', 'Start it again when you are ready.');
    const error = await rejection(
      runShareCopy({
        dir: folder,
        fileSize: 1024 * MiB,
        signal: controller.signal,
        onTest: (test) => tests.push(test),
        onSample: (sample) => sample.op === 'read' && sample.bytesDone < sample.bytesTotal && controller.abort(reason),
      }),
    );
    expect(error).toBe(reason);
    expect(tests.map((test) => test.op)).toEqual(['write']);
    expect(await readdir(folder)).toEqual([]);
  });
});

describe('live progress', () => {
  it('reports at least four times a second, counting blocks or polling the I/O thread, and always the end', async () => {
    const counted: CopySample[] = [];
    const polled: CopySample[] = [];
    const startedAt = performance.now();
    const elapsed = () => (performance.now() - startedAt) / 1000;
    const meter = (samples: CopySample[]) =>
      new ThroughputMeter({ series: 'write', op: 'write', bytesTotal: 100, elapsed, onSample: (s) => samples.push(s) });
    const counting = meter(counted);
    const polling = meter(polled);
    let ioThreadBytes = 0;
    counting.start();
    polling.start(() => ioThreadBytes);
    for (let step = 0; step < 50; step++) {
      counting.add(2);
      ioThreadBytes += 2;
      await new Promise((resolve) => setTimeout(resolve, 22));
    }
    counting.stop();
    polling.stop(100);
    const seconds = elapsed();
    expect(counted[0]?.bytesDone).toBe(2);
    for (const samples of [counted, polled]) {
      expect(samples.at(-1)?.bytesDone).toBe(100);
      expect(samples.length / seconds).toBeGreaterThanOrEqual(4);
      expect(samples.every((sample) => sample.bytesPerSecond >= 0)).toBe(true);
    }
  });
});

describe('cache-wall sweep', () => {
  it('plans sizes doubling from 64 MiB to the first one above twice the RAM', () => {
    expect(planSweepSizes(64 * MiB, 1024 * MiB).map((size) => size / MiB)).toEqual([
      64, 128, 256, 512, 1024, 2048, 4096,
    ]);
    expect(planSweepSizes(64 * MiB, 0)).toEqual([64 * MiB]);
  });

  it('marks the wall at the first size below 60% of the best smaller size', () => {
    const curve = (figures: number[]) =>
      figures.map((bytesPerSecond, index) => ({ fileSize: 2 ** index, bytesPerSecond }));
    expect(findCacheWall(curve([900, 1100, 1000, 500, 480]))).toEqual({
      fileSize: 8,
      bytesPerSecond: 500,
      cachedBytesPerSecond: 1100,
    });
    expect(findCacheWall(curve([100, 110, 95, 105]))).toBeNull();
    expect(findCacheWall(curve([]))).toBeNull();
  });

  it('runs write and read per size, up past twice the RAM, and says where it stopped', async () => {
    const result = await runShareCopy({
      dir: folder,
      fileSize: 4 * MiB,
      sweep: true,
      sweepStartSize: 4 * MiB,
      clientRamBytes: 8 * MiB,
    });
    const sweep = result.sweep;
    expect(sweep?.points.map((point) => point.fileSize / MiB)).toEqual([4, 8, 16, 32]);
    expect(sweep).toMatchObject({
      stoppedBy: 'past-ram',
      targetBytes: 16 * MiB,
      clientRamBytes: 8 * MiB,
      nasRamBytes: null,
    });
    expect(sweep?.rule).toContain('60%');
    const sweepTests = result.tests.filter((test) => test.test === 'sweep');
    expect(sweepTests.map((test) => [test.op, test.fileSize / MiB, test.direct, test.cached])).toEqual([
      ['write', 4, false, false],
      ['read', 4, false, true],
      ['write', 8, false, false],
      ['read', 8, false, true],
      ['write', 16, false, false],
      ['read', 16, false, false],
      ['write', 32, false, false],
      ['read', 32, false, false],
    ]);
    expect(await readdir(folder)).toEqual([]);
  });

  it('stops before a size that would overrun the time budget, and says so', async () => {
    const result = await runShareCopy({
      dir: folder,
      fileSize: 4 * MiB,
      sweep: true,
      sweepStartSize: 4 * MiB,
      clientRamBytes: 64 * MiB,
      nasRamBytes: 128 * MiB,
      timeBudgetSeconds: 0,
    });
    expect(result.sweep).toMatchObject({ stoppedBy: 'time-budget', targetBytes: 256 * MiB, nasRamBytes: 128 * MiB });
    expect(result.sweep?.points).toHaveLength(1);
    expect(result.sweep?.note).toMatch(/stopped at 4\.00 MiB \(the time budget\)/);
  });
});

describe('small files', () => {
  it('writes then reads N files of K KiB and reports files/s', async () => {
    const result = await runShareCopy({ dir: folder, fileSize: MiB, smallFiles: { count: 50, fileSize: 4096 + 100 } });
    const small = result.tests.filter((test) => test.test === 'small-files');
    expect(small.map((test) => [test.op, test.files, test.fileSize])).toEqual([
      ['write', 50, 4196],
      ['read', 50, 4196],
    ]);
    for (const test of small) expect(test.filesPerSecond).toBeCloseTo(50 / test.seconds);
    expect(await readdir(folder)).toEqual([]);
  });
});

describe('how to bypass the cache on each system', () => {
  const options = { blockSize: MiB, bypassCache: true, ramBytes: 16 * 1024 * MiB };

  it('has no way on macOS and says that uncached means a file larger than RAM', async () => {
    const method = await chooseIoMethod(folder, options, { platform: 'darwin', directFlag: undefined });
    expect(method).toMatchObject({ direct: false, flag: 0 });
    expect(method.method).toMatch(/larger than RAM.*32\.0 GiB/);
  });

  it('uses FILE_FLAG_NO_BUFFERING on Windows where Node has the flag', async () => {
    const method = await chooseIoMethod(folder, options, { platform: 'win32', directFlag: 0x02000000 });
    expect(method).toMatchObject({ direct: true, flag: 0x02000000 });
    expect(method.method).toContain('FILE_FLAG_NO_BUFFERING');
  });

  it('stays buffered for block sizes that are not whole pages', async () => {
    const method = await chooseIoMethod(
      folder,
      { ...options, blockSize: 1000 },
      { platform: 'linux', directFlag: 0o40000 },
    );
    expect(method.direct).toBe(false);
  });
});

describe('sizes', () => {
  it('reads 64M, 1G, 4k, 1.5G (powers of two) and plain bytes; refuses the rest', () => {
    expect([parseByteSize('64M'), parseByteSize('1G'), parseByteSize('4k'), parseByteSize('512KiB')]).toEqual([
      64 * MiB,
      1024 * MiB,
      4096,
      512 * 1024,
    ]);
    expect(parseByteSize('1048576')).toBe(MiB);
    expect(parseByteSize('1.5G')).toBe(1536 * MiB);
    for (const bad of ['', '-4k', '4x', 'G', '1e9', '1,5G']) expect(parseByteSize(bad)).toBeUndefined();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 20 }), fc.constantFrom('', 'k', 'M', 'G'), (count, suffix) => {
        const unit = { '': 1, k: 1024, M: MiB, G: 1024 * MiB }[suffix] ?? 0;
        expect(parseByteSize(`${count}${suffix}`)).toBe(count * unit);
      }),
    );
  });
});

describe('nasbench copy', () => {
  async function cli(...argv: string[]) {
    let stdout = '';
    let stderr = '';
    const code = await runCli(argv, {
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
      env: {},
    });
    return { code, stdout, stderr };
  }

  it('prints one JSON object in the contract’s copy shape', async () => {
    const { code, stdout } = await cli(
      '--json',
      'copy',
      '--dir',
      folder,
      '--size',
      '8M',
      '--block',
      '256k',
      '--small-files',
      '10',
    );
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as { ok: boolean; kind: string; dir: string; tests: Record<string, unknown>[] };
    expect(result).toMatchObject({ ok: true, kind: 'copy', dir: folder });
    expect(result.tests).toHaveLength(4);
    for (const test of result.tests)
      expect(Object.keys(test)).toEqual(
        expect.arrayContaining(['op', 'fileSize', 'blockSize', 'cached', 'direct', 'bytesPerSecond', 'seconds']),
      );
    expect(result.tests[0]).toMatchObject({ op: 'write', fileSize: 8 * MiB, blockSize: 256 * 1024 });
    expect(await readdir(folder)).toEqual([]);
  });

  it('answers a missing folder with exit 1 and bad sizes with exit 2', async () => {
    const missing = await cli('--json', 'copy', '--dir', path.join(folder, 'nope'));
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout)).toMatchObject({ ok: false, kind: 'copy', error: { code: 'NOT_FOUND' } });
    expect((await cli('--json', 'copy', '--dir', folder, '--size', '1,5G')).code).toBe(2);
    expect((await cli('--json', 'copy', '--dir', folder, '--block', '2G')).code).toBe(2);
    const human = await cli('copy', '--dir', folder, '--size', '1M', '--block', '2M');
    expect(human).toMatchObject({ code: 1, stderr: expect.stringContaining('INVALID_INPUT') });
  });
});
