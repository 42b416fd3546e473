import { mkdir, open, rm, type FileHandle } from 'node:fs/promises';
import { constants } from 'node:fs';
import path from 'node:path';
import {
  chooseIoMethod,
  isDirectRefused,
  openTestFile,
  refusedDirect,
  thisPlatformIo,
  type IoMethod,
  type PlatformIo,
} from './cache-bypass';
import { cacheStateOf, contextOf, mayIncludeCache, type CopyContext } from './cache-state';
import { shareIoFailure, throwIfCancelled } from './io-errors';
import { CheckpointLog, figureOfProgress, type Checkpoint } from './progress-figure';
import { methodWords, type CopyTestResult } from './sequential';
import { roundUp } from './sizes';
import { ioAlignment, pageAlignedBuffer, stampBlock, testBlock } from './test-data';
import { ThroughputMeter, type CopySample } from './throughput-meter';

export interface SmallFilesOptions {
  /** The run's own folder; the files go into a `small-files` folder inside it, removed afterwards. */
  scratch: string;
  count: number;
  fileSize: number;
  ramBytes: number;
  /** What the folder is and both RAMs, for the figures' caches; without it, this computer's RAM and no NAS. */
  context?: CopyContext;
  signal?: AbortSignal | undefined;
  elapsed: () => number;
  onSample?: ((sample: CopySample) => void) | undefined;
  io?: PlatformIo;
}

/** Writes the whole range; a short write continues where it stopped. */
async function writeFully(handle: FileHandle, block: Buffer, length: number, offset: number): Promise<void> {
  let written = 0;
  while (written < length) {
    const { bytesWritten } = await handle.write(block, written, length - written, offset + written);
    if (bytesWritten === 0) throw Object.assign(new Error('no progress writing'), { code: 'ENOSPC' });
    written += bytesWritten;
  }
}

const fileName = (index: number) => `file-${String(index).padStart(6, '0')}.bin`;

function smallFilesResult(
  options: SmallFilesOptions,
  op: 'write' | 'read',
  checkpoints: Checkpoint[],
  method: IoMethod,
): CopyTestResult {
  const seconds = checkpoints.at(-1)?.t ?? 0;
  const context = options.context ?? contextOf(method.inMemory ? 'memory' : 'unknown', undefined);
  // A cache would have to hold every file at once for the figure to come from it.
  const cache = cacheStateOf({ ...context, op, direct: method.direct, bytes: options.count * options.fileSize });
  const spread = figureOfProgress(checkpoints)?.spread;
  return {
    test: 'small-files',
    op,
    fileSize: options.fileSize,
    blockSize: options.fileSize,
    cached: mayIncludeCache(cache, op, context.kind),
    direct: method.direct,
    bytesPerSecond: (options.count * options.fileSize) / seconds,
    seconds,
    method: methodWords(method, cache, context, op),
    // Absent only when the files took too short a time to have two samples.
    ...(spread ? { spread } : {}),
    cache,
    files: options.count,
    filesPerSecond: options.count / seconds,
  };
}

/**
 * Writes `count` files, as a copy does (create, write, close each), then flushes them all once
 * so the figure includes getting the data to the share without paying one flush round trip
 * per file; fsync per file would measure something no file copy does.
 */
async function writeSmallFiles(options: SmallFilesOptions, folder: string): Promise<CopyTestResult> {
  const block = testBlock(Math.max(options.fileSize, 1), 'random');
  const meter = new ThroughputMeter({
    series: 'small files write',
    op: 'write',
    bytesTotal: options.count * options.fileSize,
    elapsed: options.elapsed,
    onSample: options.onSample,
  });
  const buffered = await chooseIoMethod(
    folder,
    { blockSize: options.fileSize, bypassCache: false, ramBytes: options.ramBytes },
    options.io ?? thisPlatformIo,
  );
  const log = new CheckpointLog();
  meter.start();
  try {
    for (let index = 0; index < options.count; index++) {
      throwIfCancelled(options.signal);
      stampBlock(block, options.fileSize, index * options.fileSize);
      const { handle } = await openTestFile(path.join(folder, fileName(index)), 'write', buffered, options.ramBytes);
      try {
        await writeFully(handle, block, options.fileSize, 0);
      } finally {
        await handle.close();
      }
      meter.add(options.fileSize);
      log.add(options.fileSize);
    }
    for (let index = 0; index < options.count; index++) {
      throwIfCancelled(options.signal);
      const handle = await open(path.join(folder, fileName(index)), constants.O_RDWR);
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
  } finally {
    meter.stop();
  }
  return smallFilesResult(options, 'write', log.finish(), buffered);
}

/** Reads every file back whole; uncached where the share allows it, so the client's RAM does not answer. */
async function readSmallFiles(options: SmallFilesOptions, folder: string): Promise<CopyTestResult> {
  const ioLength = roundUp(Math.max(options.fileSize, 1), ioAlignment);
  const block = pageAlignedBuffer(ioLength);
  let method = await chooseIoMethod(
    folder,
    { blockSize: ioLength, bypassCache: true, ramBytes: options.ramBytes },
    options.io ?? thisPlatformIo,
  );
  const meter = new ThroughputMeter({
    series: 'small files read',
    op: 'read',
    bytesTotal: options.count * options.fileSize,
    elapsed: options.elapsed,
    onSample: options.onSample,
  });
  const readOne = async (file: string) => {
    const opened = await openTestFile(file, 'read', method, options.ramBytes);
    method = opened.method;
    try {
      // A direct read asks for whole pages; the file's end cuts it short.
      return (await opened.handle.read(block, 0, method.direct ? ioLength : options.fileSize, 0)).bytesRead;
    } finally {
      await opened.handle.close();
    }
  };
  const log = new CheckpointLog();
  meter.start();
  try {
    for (let index = 0; index < options.count; index++) {
      throwIfCancelled(options.signal);
      const file = path.join(folder, fileName(index));
      const bytesRead = await readOne(file).catch(async (error: unknown) => {
        if (!isDirectRefused(error, method)) throw error;
        method = refusedDirect(method, options.ramBytes);
        return readOne(file);
      });
      meter.add(bytesRead);
      log.add(bytesRead);
    }
  } finally {
    meter.stop();
  }
  return smallFilesResult(options, 'read', log.finish(), method);
}

/** N files of K bytes written then read: files/s and bytes/s, the figures that decide photo and code folders. */
export async function measureSmallFiles(options: SmallFilesOptions): Promise<CopyTestResult[]> {
  const folder = path.join(options.scratch, 'small-files');
  try {
    await mkdir(folder, { mode: 0o700 });
    const written = await writeSmallFiles(options, folder);
    const read = await readSmallFiles(options, folder);
    return [written, read];
  } catch (error) {
    throw shareIoFailure(error);
  } finally {
    await rm(folder, { recursive: true, force: true, maxRetries: 2 }).catch(() => undefined);
  }
}
