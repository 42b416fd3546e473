import { z } from 'zod';
import { CopyRunDetails } from './copy';
import { ShareBenchResult } from './share-bench';
import { DiskRunDetails } from './disk';
import { LoadResult } from './load';
import { AppError } from './errors';
import { Verdict } from './verdict';

export const RunId = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'a run id');

/** One line on the live chart, e.g. "total" or "stream 1 (leg A)". */
export const SeriesInfo = z.object({ id: z.string(), label: z.string() });

export const ThroughputSummary = z.object({
  bytes: z.number().nonnegative(),
  seconds: z.number().nonnegative(),
  bytesPerSecond: z.number().nonnegative(),
  peakBytesPerSecond: z.number().nonnegative(),
});
export type ThroughputSummary = z.infer<typeof ThroughputSummary>;

const RunBegin = z.object({
  runId: RunId,
  kind: z.literal('begin'),
  plan: z.string(),
  title: z.string(),
  target: z.string(),
  startedAt: z.iso.datetime(),
  expectedSeconds: z.number().nonnegative(),
  series: z.array(SeriesInfo),
});

/** A throughput reading for one series; `t` is seconds since the run began. */
const RunSample = z.object({
  runId: RunId,
  kind: z.literal('sample'),
  t: z.number().nonnegative(),
  series: z.string(),
  bytesPerSecond: z.number().nonnegative(),
});

/**
 * One round trip to the NAS during a network test that times the delay (`net --latency`), for the
 * live delay chart: `idle` before the test's data flows, `loaded` from then on. Not saved: the
 * result keeps the percentiles.
 */
const RunDelay = z.object({
  runId: RunId,
  kind: z.literal('delay'),
  t: z.number().nonnegative(),
  ms: z.number().nonnegative(),
  phase: z.enum(['idle', 'loaded']),
});

/**
 * What the NAS itself is doing, once a second while a test with its login runs (#33), for the live
 * NAS panel: its CPU, the busiest process and its busiest drives. Not saved as such: each result
 * keeps the whole samples (`nas.resources`).
 */
const RunNas = z.object({
  runId: RunId,
  kind: z.literal('nas'),
  t: z.number().nonnegative(),
  cpuBusy: z.number().min(0).max(1),
  coreMax: z.number().min(0).max(1),
  busiest: z.object({ name: z.string(), cpu: z.number().nonnegative() }).nullable(),
  disks: z.array(z.object({ name: z.string(), busy: z.number().min(0).max(1) })).max(4),
});

const RunStep = z.object({
  runId: RunId,
  kind: z.literal('step'),
  index: z.number().int().nonnegative(),
  count: z.number().int().positive(),
  label: z.string(),
  state: z.enum(['started', 'finished', 'failed', 'skipped']),
  /** Why a step failed or was skipped (a plan keeps going past a failed step). */
  error: AppError.optional(),
  /**
   * The whole run's time, estimated again as this step starts from what the steps before it measured
   * (a share copy over a slower link than the plan assumed takes longer); replaces the begin's.
   */
  expectedSeconds: z.number().nonnegative().optional(),
});

/**
 * A scratch folder a run made and could not remove (the NAS or the share stopped answering, a file
 * in it stayed busy): where it is, so the user can remove it; NASBench sweeps it away after a day
 * the next time it reaches that folder (its marker proves it made it).
 */
export const LeftBehind = z.object({
  /** The folder, as it is named where it is: a path on the NAS, or on this computer for a mounted share. */
  path: z.string(),
  where: z.enum(['nas', 'share']),
});
export type LeftBehind = z.infer<typeof LeftBehind>;

const RunEnd = z.object({
  runId: RunId,
  kind: z.literal('end'),
  state: z.enum(['done', 'failed', 'cancelled']),
  seconds: z.number().nonnegative(),
  summary: ThroughputSummary.optional(),
  /** Per-test results, for runs that have more than one headline figure. */
  details: z.discriminatedUnion('kind', [DiskRunDetails, CopyRunDetails, LoadResult, ShareBenchResult]).optional(),
  error: AppError.optional(),
  /** What the figures mean, in plain words (the saved run has them too). */
  verdicts: z.array(Verdict).optional(),
  /** Scratch folders the run could not remove. */
  leftBehind: z.array(LeftBehind).optional(),
});

export const RunProgress = z.discriminatedUnion('kind', [RunBegin, RunSample, RunDelay, RunNas, RunStep, RunEnd]);
export type RunProgress = z.infer<typeof RunProgress>;
export type RunBegin = z.infer<typeof RunBegin>;
export type RunSample = z.infer<typeof RunSample>;
export type RunDelay = z.infer<typeof RunDelay>;
export type RunNas = z.infer<typeof RunNas>;
export type RunStep = z.infer<typeof RunStep>;
export type RunEnd = z.infer<typeof RunEnd>;
