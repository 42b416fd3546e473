import { rm } from 'node:fs/promises';
import path from 'node:path';
import { NasbenchError } from '../../../shared/errors';
import {
  chooseIoMethod,
  createFlags,
  isDirectRefused,
  readFlags,
  refusedDirect,
  thisPlatformIo,
  type IoMethod,
  type PlatformIo,
} from './cache-bypass';
import { errnoCode, shareIoFailure } from './io-errors';
import { runIoJob } from './io-worker';
import { ioAlignment, type TestPattern } from './test-data';
import { ThroughputMeter, type CopySample } from './throughput-meter';

/** One measured figure, in the CLI contract's `copy` shape plus what the figure means. */
export interface CopyTestResult {
  test: 'sequential' | 'sweep' | 'small-files';
  op: 'write' | 'read';
  fileSize: number;
  blockSize: number;
  /** The figure may include a RAM cache (buffered I/O on a file that fits in the RAM involved, or tmpfs). */
  cached: boolean;
  /** The client's file cache was bypassed. */
  direct: boolean;
  bytesPerSecond: number;
  seconds: number;
  method: string;
  /** sha256 of the bytes written or read back, when asked for (the round-trip check). */
  sha256?: string;
  files?: number;
  filesPerSecond?: number;
}

export interface SequentialTestOptions {
  /** The test file: inside the run's own `.nasbench-<runId>` folder. */
  file: string;
  fileSize: number;
  blockSize: number;
  /** Try to bypass the client's file cache (O_DIRECT); false reads and writes as a file copy does. */
  bypassCache: boolean;
  /** The biggest RAM involved (this computer's or the NAS's): what "fits in a cache" means. */
  ramBytes: number;
  pattern?: TestPattern;
  checksum?: boolean;
  test?: CopyTestResult['test'];
  series?: string;
  signal?: AbortSignal | undefined;
  elapsed?: () => number;
  onSample?: ((sample: CopySample) => void) | undefined;
  io?: PlatformIo;
}

/**
 * Runs one pass with the chosen method and, if the file system refuses the cache bypass
 * (EINVAL on open or on the first transfer), once more buffered. Failed writes leave no file.
 */
async function measurePass(options: SequentialTestOptions, op: 'write' | 'read'): Promise<CopyTestResult> {
  const chosen = await chooseIoMethod(path.dirname(options.file), options, options.io ?? thisPlatformIo);
  const cleanUp = () => (op === 'write' ? rm(options.file, { force: true }).catch(() => undefined) : undefined);
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
    };
    const outcome = await runIoJob(job, { signal: options.signal, meter });
    return resultOf(options, op, method, outcome.seconds, outcome.sha256);
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

function resultOf(
  options: SequentialTestOptions,
  op: 'write' | 'read',
  method: IoMethod,
  seconds: number,
  sha256: string | undefined,
): CopyTestResult {
  // A write that ends with fsync has left the client's cache; a buffered read of a file that fits may not have.
  const cached = method.inMemory || (op === 'read' && !method.direct && options.fileSize <= options.ramBytes);
  return {
    test: options.test ?? 'sequential',
    op,
    fileSize: options.fileSize,
    blockSize: options.blockSize,
    cached,
    direct: method.direct,
    bytesPerSecond: options.fileSize / seconds,
    seconds,
    method: method.method,
    ...(sha256 ? { sha256 } : {}),
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
export function measureShareWrite(options: SequentialTestOptions): Promise<CopyTestResult> {
  return measurePass(options, 'write');
}

/** Reads the test file back sequentially; with `bypassCache` it comes from the share, not this computer's RAM. */
export function measureShareRead(options: SequentialTestOptions): Promise<CopyTestResult> {
  return measurePass(options, 'read');
}
