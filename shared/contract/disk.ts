import { z } from 'zod';
import { NasView } from './nas-resources';
import { maxTestSeconds } from './limits';
import { SessionId } from './connect';
import { CacheState, Spread } from './figure-quality';
import { NasFolder } from './nas-folder';

export const DiskPresetName = z.enum(['quick', 'ars', 'bulk']);

export const DiskRunInput = z.strictObject({
  sessionId: SessionId,
  /** The folder on the NAS to test in (tests write only in a scratch folder inside it). */
  folder: NasFolder,
  preset: DiskPresetName.default('quick'),
  /** Bypass the NAS's cache (direct I/O where the file system honours it). */
  uncached: z.boolean().default(true),
  sizeBytes: z
    .number()
    .int()
    .positive()
    .max(2 ** 50)
    .optional(),
  runtimeSeconds: z.number().int().min(1).max(maxTestSeconds).optional(),
});
export type DiskRunInput = z.input<typeof DiskRunInput>;

/** One finished disk test (the CLI contract's `disk` test, plus what makes it reproducible). */
export const DiskTestResult = z.object({
  name: z.string(),
  rw: z.string(),
  bs: z.number(),
  iodepth: z.number(),
  numjobs: z.number(),
  direct: z.boolean(),
  sizeBytes: z.number(),
  bytesPerSecond: z.number(),
  iops: z.number(),
  latencyNs: z.object({ p50: z.number().nullable(), p99: z.number().nullable() }),
  ioBytes: z.number(),
  seconds: z.number(),
  engine: z.enum(['fio', 'dd']),
  ioengine: z.string(),
  commandLine: z.string(),
  /** The absolute path of the fio (or dd) that ran; absent in runs saved before it was recorded. */
  toolPath: z.string().optional(),
  fioVersion: z.string().nullable(),
  fileSystem: z.string().nullable(),
  /** How steady the figure was; absent in runs saved before it was measured. */
  spread: Spread.optional(),
  /** Which caches could have served the figure (client is not involved: fio runs on the NAS); absent in older runs. */
  cache: CacheState.optional(),
  steadyState: z.object({ criterion: z.string(), durationSeconds: z.number(), attained: z.boolean() }).optional(),
  note: z.string().optional(),
  /** A sweep cell's file size per job, as the user gave it (`sizeBytes` is fio's total over the jobs). */
  fileSizeBytes: z.number().optional(),
  /** A sweep cell: false when fio measured it; true for an adaptive sweep's cell estimated from measured neighbours. */
  inferred: z.boolean().optional(),
});
export type DiskTestResult = z.infer<typeof DiskTestResult>;

const KiB = 1024;
const MiB = 1024 * KiB;
/** Up to 12 values an axis: seed 002's grids are 10 block sizes × 12 file sizes × 8 job counts. */
const sizeList = (max: number) => z.array(z.number().int().min(512).max(max)).min(1).max(12);

/** Seed 002's grid done right: block size × file size × jobs, each cell stopped by fio's steady-state check. */
export const DiskSweepRunInput = z.strictObject({
  sessionId: SessionId,
  folder: NasFolder,
  blockSizes: sizeList(64 * MiB).default([4 * KiB, 128 * KiB, MiB]),
  /** Bytes per job's file. */
  fileSizes: sizeList(2 ** 50).default([64 * MiB, 256 * MiB]),
  jobs: z.array(z.number().int().min(1).max(128)).min(1).max(8).default([1, 4]),
  rw: z.enum(['write', 'read', 'both']).default('write'),
  steadyState: z.boolean().default(true),
  /** Bypass the NAS's cache; off by default, as in seed 002 (the storage evaluation behind this sweep). */
  uncached: z.boolean().default(false),
  maxRuntimeSeconds: z.number().int().min(1).max(600).default(30),
  /** Cells that would end past this are skipped (and say so). */
  budgetSeconds: z.number().int().min(10).max(86_400).default(1800),
  /**
   * Measure only where the grid tells something (jobs until they stop helping, a coarse grid,
   * cells between neighbours that differ) and infer the rest from measured neighbours, marked so.
   */
  adaptive: z.boolean().default(false),
});
export type DiskSweepRunInput = z.input<typeof DiskSweepRunInput>;

/** One heatmap: x = file size, y = block size, for one jobs value and direction. */
export const HeatmapPanel = z.object({
  jobs: z.number(),
  rw: z.enum(['write', 'read']),
  /** File sizes, bytes (columns). */
  x: z.array(z.number()),
  /** Block sizes, bytes (rows). */
  y: z.array(z.number()),
  /** values[row = block size][column = file size], bytes/s; null for a cell that did not run. */
  values: z.array(z.array(z.number().nullable())),
  /** An adaptive sweep's cells inferred from measured neighbours (true), never drawn as measured; absent otherwise. */
  inferred: z.array(z.array(z.boolean())).optional(),
});
export type HeatmapPanel = z.infer<typeof HeatmapPanel>;

/** A cell of the grid that cannot run as given, left out of the sweep, and why (shared/sweep/left-out.ts). */
export const SweepLeftOutCell = z.object({
  name: z.string(),
  rw: z.enum(['write', 'read']),
  bs: z.number(),
  fileSizeBytes: z.number(),
  numjobs: z.number(),
  reason: z.enum(['block-larger-than-file', 'file-too-small', 'files-do-not-fit']),
  /** In words: "2M blocks do not fit in 1M files: a file must hold at least one block." */
  why: z.string(),
});
export type SweepLeftOutCell = z.infer<typeof SweepLeftOutCell>;

/**
 * What an adaptive sweep judged its cells by, and what its closing check saw: for `sweep --json`
 * and for anyone weighing its inferred cells (issue #35's bench reads it beside its own checks).
 */
export const SweepAdaptiveFacts = z.object({
  /** The run-to-run noise neighbours were judged by: relative, one deviation (two cells measured twice; never below a steady NAS's). */
  runToRunNoise: z.number(),
  /** Per direction, the first cell measured once more at the end: its first and closing figures (bytes/s). */
  drift: z.array(z.object({ name: z.string(), start: z.number(), end: z.number(), withinNoise: z.boolean() })),
});
export type SweepAdaptiveFacts = z.infer<typeof SweepAdaptiveFacts>;

export const DiskSweepSummary = z.object({
  panels: z.array(HeatmapPanel),
  /** Cells the time budget left out. */
  skipped: z.array(z.string()),
  /** Cells that cannot run as given (absent in runs saved before #35); null in the heatmaps. */
  leftOut: z.array(SweepLeftOutCell).optional(),
  /** The plan's worst case before anything ran, and what the sweep took. */
  plannedSeconds: z.number(),
  seconds: z.number(),
  note: z.string().optional(),
  /** An adaptive sweep's noise and drift check (absent for a full sweep, and in runs saved before). */
  adaptive: SweepAdaptiveFacts.optional(),
});
export type DiskSweepSummary = z.infer<typeof DiskSweepSummary>;

export const DiskRunDetails = z.object({
  kind: z.literal('disk'),
  /** What the NAS itself did during the test (its CPU, memory and drives), when the run had its login. */
  nas: NasView.optional(),
  engine: z.enum(['fio', 'dd']),
  folder: z.string(),
  fileSystem: z.string().nullable(),
  tests: z.array(DiskTestResult),
  /** How to install fio, when the dd fallback ran. */
  hints: z.array(z.string()),
  /** Present for a sweep: its cells shaped as heatmaps. */
  sweep: DiskSweepSummary.optional(),
});
export type DiskRunDetails = z.infer<typeof DiskRunDetails>;
