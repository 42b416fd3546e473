import { z } from 'zod';
import { nasAddressLabel } from '../connect';
import { AppError } from '../errors';
import { ClientFacts, NasFacts } from '../probe';
import { RunId, SeriesInfo, ThroughputSummary } from '../run-events';
import { Verdict } from '../../words/verdicts/verdict';
import { TestResult } from './results';

/**
 * A saved run: what was planned, what each step did, what it measured, and everything needed to
 * trust or reproduce the figures (the NAS's facts, this computer's link, tool versions, the exact
 * parameters). Stored one JSON file per run; `schemaVersion` says which shape a file has, and
 * migrate.ts brings older shapes up to this one.
 */
export const currentRunSchemaVersion = 1;

export const RunStatus = z.enum(['completed', 'failed', 'cancelled']);
export type RunStatus = z.infer<typeof RunStatus>;

/** A label the user puts on a run to compare it later, e.g. "Wi-Fi" or "after NVMe cache". */
export const RunTag = z.string().trim().min(1).max(40);
export const RunTags = z.array(RunTag).max(32);

export const RunStepRecord = z.object({
  index: z.number().int().nonnegative(),
  name: z.string(),
  status: z.enum(['finished', 'failed', 'skipped', 'started']),
  error: AppError.optional(),
});
export type RunStepRecord = z.infer<typeof RunStepRecord>;

/** One chart line, thinned to a few hundred points: [seconds since start, bytes per second]. */
export const SampleSeries = z.object({
  series: z.string(),
  points: z.array(z.tuple([z.number().nonnegative(), z.number().nonnegative()])),
});
export type SampleSeries = z.infer<typeof SampleSeries>;

export const RunEnvironment = z.object({
  /** The NAS address the run was aimed at, or "This computer". */
  target: z.string(),
  app: z.object({ name: z.string(), version: z.string(), platform: z.string(), arch: z.string(), node: z.string() }),
  nas: NasFacts.nullable(),
  /** This computer, including its link to the NAS (Wi-Fi, Ethernet, adapter; link speed). */
  client: ClientFacts.nullable(),
  /** e.g. { fio: "3.33", iperf3: "3.12" }: the tools that produced the figures. */
  tools: z.record(z.string(), z.string()),
  /** Exactly what the run was asked to do, so it can be run again the same way. */
  parameters: z.record(z.string(), z.unknown()),
  /**
   * Which NAS this was, whatever address it had: its host-key fingerprint, and the SSH port it was
   * reached on. Absent for runs without a NAS and runs saved before it was recorded.
   */
  nasIdentity: z.object({ fingerprint: z.string(), sshPort: z.number().int().min(1).max(65535) }).optional(),
});
export type RunEnvironment = z.infer<typeof RunEnvironment>;

export const RunRecordV1 = z.object({
  schemaVersion: z.literal(1),
  id: RunId,
  /** The plan's name, e.g. "quick", "network", "disk", "copy", "demo". */
  plan: z.string().min(1),
  title: z.string(),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime(),
  seconds: z.number().nonnegative(),
  status: RunStatus,
  steps: z.array(RunStepRecord),
  /** The run's headline figure, when it has one. */
  summary: ThroughputSummary.optional(),
  /** Per test; a failed or cancelled run keeps what it finished. */
  results: z.array(TestResult),
  series: z.array(SeriesInfo),
  samples: z.array(SampleSeries),
  error: AppError.nullable(),
  environment: RunEnvironment,
  tags: RunTags,
  /** The verdicts as the run ended (in MB/s words); figuresOfRun recomputes them in any unit. */
  verdicts: z.array(Verdict).optional(),
});
export type RunRecord = z.infer<typeof RunRecordV1>;
export const RunRecord = RunRecordV1;

/** What the history list shows: enough to pick a run, without its samples. */
export const RunSummary = z.object({
  id: RunId,
  plan: z.string(),
  title: z.string(),
  /** The CLI contract's `runs[].host`: the NAS address, or "This computer". */
  host: z.string(),
  startedAt: z.string(),
  seconds: z.number(),
  status: RunStatus,
  tags: z.array(z.string()),
  headline: ThroughputSummary.optional(),
  clientLink: z.string().nullable(),
});
export type RunSummary = z.infer<typeof RunSummary>;

export function summarizeRun(record: RunRecord): RunSummary {
  return {
    id: record.id,
    plan: record.plan,
    title: record.title,
    host: nasAddressLabel(record.environment.target, record.environment.nasIdentity?.sshPort ?? 22),
    startedAt: record.startedAt,
    seconds: record.seconds,
    status: record.status,
    tags: record.tags,
    ...(record.summary ? { headline: record.summary } : {}),
    clientLink: record.environment.client?.route.type ?? null,
  };
}

/** Tags compare without case and surrounding spaces, so "wi-fi " and "Wi-Fi" are one tag. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const tag of tags) {
    const trimmed = tag.trim();
    if (trimmed && !seen.has(trimmed.toLowerCase())) seen.set(trimmed.toLowerCase(), trimmed);
  }
  return [...seen.values()];
}
