import { rm } from 'node:fs/promises';
import path from 'node:path';
import { formatBytes } from '../../../shared/util/units';
import type { PlatformIo } from './cache-bypass';
import type { CopyContext } from './cache-state';
import { throwIfCancelled } from './io-errors';
import { ensureFreeSpace, fitsWithMargin, freeSpaceOf } from './scratch-folder';
import { measureShareRead, measureShareWrite, type CopyTestResult } from './sequential';
import { MiB } from './sizes';
import type { CopySample } from './throughput-meter';

/** Where a sweep's curve falls off: the first size below this share of the best figure at smaller sizes. */
export const wallDropRatio = 0.6;

export const cacheWallRule = `The cache wall is the first file size whose throughput falls below ${wallDropRatio * 100}% of the best throughput at smaller sizes (reads and writes each).`;

export interface SweepPoint {
  fileSize: number;
  writeBytesPerSecond: number;
  readBytesPerSecond: number;
}

export interface CacheWall {
  fileSize: number;
  bytesPerSecond: number;
  /** The best figure at smaller sizes, i.e. the cached speed the curve fell from. */
  cachedBytesPerSecond: number;
}

export interface CacheWallSweep {
  points: SweepPoint[];
  readWall: CacheWall | null;
  writeWall: CacheWall | null;
  rule: string;
  clientRamBytes: number;
  nasRamBytes: number | null;
  /** The sweep aims past twice the biggest RAM, where no cache can hold the file. */
  targetBytes: number;
  stoppedBy: 'past-ram' | 'free-space' | 'time-budget';
  note: string;
}

export interface SweepOptions {
  scratch: string;
  blockSize: number;
  clientRamBytes: number;
  nasRamBytes?: number | undefined;
  /** What the folder is and both RAMs, for each point's caches. */
  context?: CopyContext;
  timeBudgetSeconds: number;
  /** 64 MiB: the smallest size of the iozone curves in seeds 001 and 003. */
  startSize?: number;
  signal?: AbortSignal | undefined;
  elapsed: () => number;
  onSample?: ((sample: CopySample) => void) | undefined;
  onTest?: ((test: CopyTestResult) => void) | undefined;
  io?: PlatformIo;
}

/** File sizes doubling from `startSize` up to the first one above twice the biggest RAM involved. */
export function planSweepSizes(startSize: number, ramBytes: number): number[] {
  const sizes = [startSize];
  while ((sizes.at(-1) ?? startSize) <= 2 * ramBytes) sizes.push((sizes.at(-1) ?? startSize) * 2);
  return sizes;
}

/** Applies the wall rule to one curve (sizes ascending); null when it never falls off. */
export function findCacheWall(curve: { fileSize: number; bytesPerSecond: number }[]): CacheWall | null {
  let best = 0;
  for (const point of curve) {
    if (best > 0 && point.bytesPerSecond < wallDropRatio * best)
      return { fileSize: point.fileSize, bytesPerSecond: point.bytesPerSecond, cachedBytesPerSecond: best };
    best = Math.max(best, point.bytesPerSecond);
  }
  return null;
}

function sweepNote(sweep: Omit<CacheWallSweep, 'note'>): string {
  const last = sweep.points.at(-1)?.fileSize ?? 0;
  const reason = { 'past-ram': '', 'free-space': 'free space on the share', 'time-budget': 'the time budget' }[
    sweep.stoppedBy
  ];
  const reach =
    sweep.stoppedBy === 'past-ram'
      ? `The sweep reached ${formatBytes(last)}, past twice the RAM involved: the last sizes show what the disks and network sustain.`
      : `The sweep stopped at ${formatBytes(last)} (${reason}), short of ${formatBytes(sweep.targetBytes)}: larger files may still be cached, so the wall may lie further out.`;
  const fallsOff = (op: string, wall: CacheWall | null) =>
    wall ? ` ${op} fall off at ${formatBytes(wall.fileSize)}.` : ` ${op} did not fall off within the sizes tested.`;
  return reach + fallsOff('Reads', sweep.readWall) + fallsOff('Writes', sweep.writeWall);
}

/**
 * The iozone-style curve of seeds 001 and 003: buffered write (with fsync) and read per file
 * size, doubling until the file is larger than every cache, free space runs short, or the
 * time budget would be overrun. The next size's time is predicted from the last size's pace
 * (a size at the wall may still overrun the budget by one step). Each file is removed before
 * the next is written.
 */
export async function runCacheWallSweep(options: SweepOptions): Promise<CacheWallSweep> {
  const ramBytes = Math.max(options.clientRamBytes, options.nasRamBytes ?? 0);
  const sizes = planSweepSizes(options.startSize ?? 64 * MiB, ramBytes);
  await ensureFreeSpace(options.scratch, sizes[0] ?? 0);
  const file = path.join(options.scratch, 'sweep.bin');
  const startedAt = performance.now();
  const points: SweepPoint[] = [];
  let stoppedBy: CacheWallSweep['stoppedBy'] = 'past-ram';
  let secondsPerByte = 0;
  for (const fileSize of sizes) {
    throwIfCancelled(options.signal);
    if (!fitsWithMargin(await freeSpaceOf(options.scratch), fileSize)) {
      stoppedBy = 'free-space';
      break;
    }
    const spent = (performance.now() - startedAt) / 1000;
    if (points.length > 0 && spent + fileSize * secondsPerByte > options.timeBudgetSeconds) {
      stoppedBy = 'time-budget';
      break;
    }
    const common = {
      file,
      fileSize,
      blockSize: options.blockSize,
      bypassCache: false,
      ramBytes,
      ...(options.context ? { context: options.context } : {}),
      test: 'sweep' as const,
      signal: options.signal,
      elapsed: options.elapsed,
      onSample: options.onSample,
      ...(options.io ? { io: options.io } : {}),
    };
    try {
      const write = await measureShareWrite({ ...common, series: 'sweep write' });
      options.onTest?.(write);
      const read = await measureShareRead({ ...common, series: 'sweep read' });
      options.onTest?.(read);
      points.push({ fileSize, writeBytesPerSecond: write.bytesPerSecond, readBytesPerSecond: read.bytesPerSecond });
      secondsPerByte = (write.seconds + read.seconds) / fileSize;
    } finally {
      await rm(file, { force: true }).catch(() => undefined);
    }
  }
  const sweep = {
    points,
    readWall: findCacheWall(
      points.map((point) => ({ fileSize: point.fileSize, bytesPerSecond: point.readBytesPerSecond })),
    ),
    writeWall: findCacheWall(
      points.map((point) => ({ fileSize: point.fileSize, bytesPerSecond: point.writeBytesPerSecond })),
    ),
    rule: cacheWallRule,
    clientRamBytes: options.clientRamBytes,
    nasRamBytes: options.nasRamBytes ?? null,
    targetBytes: 2 * ramBytes,
    stoppedBy,
  };
  return { ...sweep, note: sweepNote(sweep) };
}
