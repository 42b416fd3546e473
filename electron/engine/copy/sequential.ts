import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { CacheState, Spread } from '../../../shared/contract/figure-quality';
import { NasbenchError } from '../../../shared/contract/errors';
import {
  chooseIoMethod,
  createFlags,
  fileSystemOf,
  isDirectRefused,
  readFlags,
  refusedDirect,
  thisPlatformIo,
  type IoMethod,
  type PlatformIo,
} from './cache-bypass';
import {
  cacheStateOf,
  contextOf,
  honoursDirectIo,
  mayIncludeCache,
  nasCacheWords,
  type CopyContext,
} from './cache-state';
import { errnoCode, shareIoFailure } from './io-errors';
import { runIoJob, type IoOutcome, type SettleStop } from './io-worker';
import { figureOfProgress } from './progress-figure';
import { kindOfFileSystem } from './share-path';
import { ioAlignment, type TestPattern } from './test-data';
import { ThroughputMeter, type CopySample } from './throughput-meter';

/** One measured figure, in the CLI contract's `copy` shape plus what the figure means. */
export interface CopyTestResult {
  test: 'sequential' | 'sweep' | 'small-files';
  op: 'write' | 'read';
  fileSize: number;
  blockSize: number;
  /** The figure may include a RAM cache (this computer's or the NAS's, or tmpfs): see cache-state.ts. */
  cached: boolean;
  /** Direct I/O (O_DIRECT, FILE_FLAG_NO_BUFFERING) was used; `cache.client` says whether it bypassed anything. */
  direct: boolean;
  bytesPerSecond: number;
  seconds: number;
  method: string;
  /** How steady the figure was; absent only for a test too short to have two samples. */
  spread?: Spread;
  cache: CacheState;
  /** sha256 of the bytes written or read back, when asked for (the round-trip check). */
  sha256?: string;
  files?: number;
  filesPerSecond?: number;
}

export interface SequentialTestOptions {
  /** The test file: inside the run's own `.nasbench-<runId>` folder. */
  file: string;
  /** The file's size; for a write sized to settle (`settle`), the most it may grow to. */
  fileSize: number;
  blockSize: number;
  /** Try to bypass the client's file cache (O_DIRECT); false reads and writes as a file copy does. */
  bypassCache: boolean;
  /** The biggest RAM involved (this computer's or the NAS's): what "fits in a cache" means in the words. */
  ramBytes: number;
  /** What the folder is and both RAMs, for the figure's caches; without it, judged from the file system alone. */
  context?: CopyContext;
  /** A write sized to settle: at least `floorBytes`, then until the rate is steady, at most `maxSeconds`. */
  settle?: { floorBytes: number; maxSeconds: number };
  /** The figure leaves the warm-up out (as fio's ramp_time); the spread always does. */
  leaveOutWarmUp?: boolean;
  pattern?: TestPattern;
  checksum?: boolean;
  test?: CopyTestResult['test'];
  series?: string;
  signal?: AbortSignal | undefined;
  elapsed?: () => number;
  onSample?: ((sample: CopySample) => void) | undefined;
  io?: PlatformIo;
}

/** A figure and how its test went: why a write sized to settle stopped, how much warm-up was left out. */
export interface MeasuredPass {
  test: CopyTestResult;
  stop?: SettleStop;
  warmUpSeconds: number;
}

/**
 * Runs one pass with the chosen method and, if the file system refuses the cache bypass
 * (EINVAL on open or on the first transfer), once more buffered. Failed writes leave no file.
 */
export async function measurePass(options: SequentialTestOptions, op: 'write' | 'read'): Promise<MeasuredPass> {
  const io = options.io ?? thisPlatformIo;
  const folder = path.dirname(options.file);
  const chosen = await chooseIoMethod(folder, options, io);
  const fileSystem = options.context ? undefined : await fileSystemOf(folder, io);
  const context: CopyContext = options.context ?? contextOf(kindOfFileSystem(fileSystem), fileSystem);
  const cleanUp = () => (op === 'write' ? rm(options.file, { force: true }).catch(() => undefined) : undefined);
  const settle = op === 'write' ? options.settle : undefined;
  const attempt = async (method: IoMethod) => {
    const startedAt = performance.now();
    const meter = new ThroughputMeter({
      series: options.series ?? op,
      op,
      bytesTotal: options.fileSize,
      elapsed: options.elapsed ?? (() => (performance.now() - startedAt) / 1000),
      onSample: options.onSample,
    });
    const job = {
      op,
      file: options.file,
      fileSize: options.fileSize,
      blockSize: options.blockSize,
      flags: (op === 'write' ? createFlags : readFlags) | method.flag,
      alignment: method.direct ? ioAlignment : 0,
      pattern: options.pattern ?? 'random',
      checksum: options.checksum ?? false,
      ...(settle ? { settleFrom: settle.floorBytes } : {}),
    };
    const outcome = await runIoJob(job, {
      signal: options.signal,
      meter,
      settle: settle && { maxSeconds: settle.maxSeconds },
    });
    return resultOf(options, op, method, context, outcome);
  };
  try {
    return await attempt(chosen);
  } catch (error) {
    await cleanUp();
    if (!isDirectRefused(error, chosen)) throw failureOf(error);
  }
  try {
    return await attempt(refusedDirect(chosen, options.ramBytes));
  } catch (error) {
    await cleanUp();
    throw failureOf(error);
  }
}

/** The method's words for this computer's cache, then what the NAS's cache means for the figure. */
export function methodWords(method: IoMethod, cache: CacheState, context: CopyContext, op: 'write' | 'read'): string {
  const client =
    method.direct && !honoursDirectIo(context.fileSystem)
      ? `O_DIRECT was used, but ${context.fileSystem} may still read and write through its own RAM cache (the ARC).`
      : method.method;
  return [client, nasCacheWords(cache, { ...context, op })].filter((words) => words !== '').join(' ');
}

function resultOf(
  options: SequentialTestOptions,
  op: 'write' | 'read',
  method: IoMethod,
  context: CopyContext,
  outcome: IoOutcome & { stop?: SettleStop },
): MeasuredPass {
  const cache = cacheStateOf({ ...context, op, direct: method.direct, bytes: outcome.bytes });
  const figure = figureOfProgress(outcome.checkpoints);
  const whole = outcome.bytes / outcome.seconds;
  const test: CopyTestResult = {
    test: options.test ?? 'sequential',
    op,
    fileSize: outcome.bytes,
    blockSize: options.blockSize,
    cached: mayIncludeCache(cache, op, context.kind),
    direct: method.direct,
    bytesPerSecond: options.leaveOutWarmUp && figure ? figure.bytesPerSecond : whole,
    seconds: outcome.seconds,
    method: methodWords(method, cache, context, op),
    // Absent only when the test had fewer than two samples to compare (a few milliseconds long).
    ...(figure?.spread ? { spread: figure.spread } : {}),
    cache,
    ...(outcome.sha256 ? { sha256: outcome.sha256 } : {}),
  };
  return {
    test,
    ...(outcome.stop ? { stop: outcome.stop } : {}),
    warmUpSeconds: options.leaveOutWarmUp && figure ? figure.warmUpSeconds : 0,
  };
}

function failureOf(error: unknown): NasbenchError {
  if (errnoCode(error) !== 'SHORT_FILE') return shareIoFailure(error);
  return new NasbenchError(
    'INTERNAL',
    'The test file came back shorter than it was written: the share lost data or something else changed it.',
    'Run the test again; if it repeats, check the NAS’s logs and disks.',
  );
}

/**
 * Writes one file of `fileSize` bytes in `blockSize` blocks from a block filled before the clock
 * starts; fsync is inside the clock, so the figure is what reached the share, not this computer's
 * RAM. A partly written file is removed on any failure (DISK_FULL, CANCELLED, …).
 */
export async function measureShareWrite(options: SequentialTestOptions): Promise<CopyTestResult> {
  return (await measurePass(options, 'write')).test;
}

/** Reads the test file back sequentially; with `bypassCache` it comes from the share, not this computer's RAM. */
export async function measureShareRead(options: SequentialTestOptions): Promise<CopyTestResult> {
  return (await measurePass(options, 'read')).test;
}
