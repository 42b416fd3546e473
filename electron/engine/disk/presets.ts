import { z } from 'zod';
import type { FioJobInput } from './job';

const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;

export const DiskPreset = z.enum(['quick', 'ars', 'bulk']);
export type DiskPreset = z.infer<typeof DiskPreset>;

/** One named test of a preset: the name the user reads ("SEQ1M Q8T1 read") and the fio job behind it. */
export interface DiskTest {
  name: string;
  job: FioJobInput;
  /**
   * Read no more of each file than the write test before it wrote (run.ts): a write cut short by its
   * runtime leaves the rest of each file unwritten, and reading that measures nothing (a preallocated
   * file's unwritten part reads as zeros without touching a disk; a short file fio first extends).
   */
  readsWhatWasWritten?: boolean;
}

export interface PresetOptions {
  /** direct=1: measure the disks, not the NAS's memory cache. */
  uncached: boolean;
  /** Bytes the whole test writes (all jobs together); each preset has a default. */
  sizeBytes?: number;
  /** Seconds per test; each preset has a default. */
  runtimeSeconds?: number;
}

/**
 * Quick defaults. CrystalDiskMark measures 5 s per test on a 1 GiB file; on a 1 GbE-class NAS
 * (one or two HDDs, 100–250 MB/s) laying out 1 GiB alone takes 5–10 s. A 256 MiB file is laid out
 * in 1–3 s and is still far larger than any disk's own cache, so 8 tests × 5 s plus the layout
 * and SSH round trips finish in about a minute.
 */
export const quickDefaults = { sizeBytes: 256 * MiB, runtimeSeconds: 5 };

/** CrystalDiskMark's default set: sequential 1 MiB at Q8 and Q1, random 4 KiB at Q32 and Q1; read and write each. */
export function quickPreset(options: PresetOptions): DiskTest[] {
  const size = Math.max(MiB, roundDown(options.sizeBytes ?? quickDefaults.sizeBytes, MiB));
  const runtime = options.runtimeSeconds ?? quickDefaults.runtimeSeconds;
  const shapes = [
    { label: 'SEQ1M Q8T1', random: false, bs: MiB, iodepth: 8 },
    { label: 'SEQ1M Q1T1', random: false, bs: MiB, iodepth: 1 },
    { label: 'RND4K Q32T1', random: true, bs: 4 * KiB, iodepth: 32 },
    { label: 'RND4K Q1T1', random: true, bs: 4 * KiB, iodepth: 1 },
  ];
  return shapes.flatMap((shape) =>
    (['read', 'write'] as const).map((direction) => ({
      name: `${shape.label} ${direction}`,
      job: {
        name: `${shape.label.replace(' ', '-').toLowerCase()}-${direction}`,
        // All eight share one file: fio lays it out once.
        fileName: 'quick',
        rw: shape.random ? (direction === 'read' ? 'randread' : 'randwrite') : direction,
        bs: shape.bs,
        iodepth: shape.iodepth,
        numjobs: 1,
        size,
        runtime,
        timeBased: true,
        direct: options.uncached,
        // As KDiskMark does: a write test ends when its data is on disk, not in the NAS's RAM.
        endFsync: direction === 'write',
      },
    })),
  );
}

/**
 * Ars Technica's trio (the mirrored-ZFS TrueNAS build write-up), all random writes, time-based 60 s with end_fsync: 4 KiB at QD1
 * on a 4 GiB file; 64 KiB with 16 jobs at QD16, 256 MiB each; 1 MiB at QD1 on a 16 GiB file. A
 * smaller `sizeBytes` shrinks every file to fit (the 16 jobs share it).
 */
export function arsPreset(options: PresetOptions): DiskTest[] {
  const runtime = options.runtimeSeconds ?? 60;
  const capped = (wanted: number) => Math.max(MiB, roundDown(Math.min(wanted, options.sizeBytes ?? wanted), MiB));
  const common = { rw: 'randwrite', timeBased: true, runtime, endFsync: true, direct: options.uncached } as const;
  return [
    {
      name: 'RND4K Q1T1 write',
      job: { ...common, name: 'ars-rnd4k-q1t1', fileName: 'ars-4k', bs: 4 * KiB, iodepth: 1, size: capped(4 * GiB) },
    },
    {
      name: 'RND64K Q16T16 write',
      job: {
        ...common,
        name: 'ars-rnd64k-q16t16',
        fileName: 'ars-64k',
        bs: 64 * KiB,
        iodepth: 16,
        numjobs: 16,
        size: Math.max(MiB, roundDown(Math.min(256 * MiB, (options.sizeBytes ?? 16 * 256 * MiB) / 16), MiB)),
      },
    },
    {
      name: 'RND1M Q1T1 write',
      job: { ...common, name: 'ars-rnd1m-q1t1', fileName: 'ars-1m', bs: MiB, iodepth: 1, size: capped(16 * GiB) },
    },
  ];
}

export interface BulkOptions extends PresetOptions {
  /** Free space in the test folder, so the test never takes more than half of it. */
  freeBytes: number;
}

/**
 * A sequential rate a NAS that is fast for its class sustains (a 4-bay HDD array or a SATA SSD):
 * the write phase writes what such a NAS writes within the time budget, so it is neither cut short
 * on a typical box nor so large that laying it out dominates.
 */
const bulkBytesPerSecond = 400e6;
const bulkJobs = 32;

/** Bytes per job for the bulk test: the time budget's worth, at most half the free space and 10 GiB a job (the TerraMaster F4-223 write-up). */
export function bulkFileSize(options: { freeBytes: number; runtimeSeconds: number; sizeBytes?: number }): number {
  const total = options.sizeBytes ?? Math.min(options.freeBytes / 2, options.runtimeSeconds * bulkBytesPerSecond);
  return Math.min(10 * GiB, Math.max(MiB, roundDown(total / bulkJobs, MiB)));
}

/**
 * The TerraMaster F4-223 write-up's bulk streaming: 32 jobs of 128 KiB sequential writes, then reads of the same files.
 * The write phase is size-based (capped by the runtime), its files growing as written, as a copy's
 * do; the read phase is time-based over what it wrote: on a NAS slower than bulkBytesPerSecond the
 * write ends before the files are full, and the read keeps to the part that holds data.
 */
export function bulkPreset(options: BulkOptions): DiskTest[] {
  const runtime = options.runtimeSeconds ?? 60;
  const size = bulkFileSize({ ...options, runtimeSeconds: runtime });
  const common = {
    fileName: 'bulk',
    bs: 128 * KiB,
    iodepth: 1,
    numjobs: bulkJobs,
    size,
    runtime,
    direct: options.uncached,
  } as const;
  return [
    {
      name: 'SEQ128K Q1T32 write',
      job: { ...common, name: 'bulk-write', rw: 'write', endFsync: true, preallocate: false },
    },
    {
      name: 'SEQ128K Q1T32 read',
      job: { ...common, name: 'bulk-read', rw: 'read', timeBased: true, preallocate: false },
      readsWhatWasWritten: true,
    },
  ];
}

export function presetTests(preset: DiskPreset, options: BulkOptions): DiskTest[] {
  switch (preset) {
    case 'quick':
      return quickPreset(options);
    case 'ars':
      return arsPreset(options);
    case 'bulk':
      return bulkPreset(options);
  }
}

function roundDown(bytes: number, step: number): number {
  return Math.floor(bytes / step) * step;
}
