import { z } from 'zod';
import { AppError } from '../errors';
import { ClientFacts, NasFacts } from '../probe';
import { LeftBehind, RunId, SeriesInfo, ThroughputSummary } from '../run-events';
import { Verdict } from '../verdict';
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

/** What a user calls the way this computer reached the NAS ("Cable", "Wi-Fi", "USB adapter", or their own words). */
export const ConnectionName = z.string().trim().min(1).max(40);

/**
 * The connection a run went over: the name the user gave (or the one suggested from the interface),
 * the interface, and its kind. Two runs are over "the same link" only when name and interface match.
 */
export const RunConnection = z.object({
  name: ConnectionName,
  interface: z.string().nullable(),
  kind: z.enum(['ethernet', 'wifi', 'usb-adapter', 'thunderbolt', 'virtual', 'unknown']),
  /** True when the user named it; false when NASBench suggested the name from the interface. */
  named: z.boolean(),
});
export type RunConnection = z.infer<typeof RunConnection>;

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
  /** Scratch folders the run made and could not remove, named so the user can. */
  leftBehind: z.array(LeftBehind).optional(),
  /** The connection this computer reached the NAS by (absent for runs without one, and older runs). */
  connection: RunConnection.optional(),
});
export type RunRecord = z.infer<typeof RunRecordV1>;
export const RunRecord = RunRecordV1;

/** One figure of a run as History keeps it for trends: by test, bytes/s, and how steady it was (±, relative). */
export const SummaryFigure = z.object({
  /** "Download (NAS to this computer)", "SEQ1M Q8T1 read", "Share write": the names Compare lines up. */
  test: z.string(),
  bytesPerSecond: z.number().nonnegative(),
  spread: z.number().nonnegative().nullable(),
});
export type SummaryFigure = z.infer<typeof SummaryFigure>;

/**
 * What the NAS itself did during a run, in brief, for History's line (shared/verdicts/nas-glance.ts
 * summarizeNasViews): shares 0–1 and CPU in cores, to a hundredth.
 */
export const NasViewSummary = z.object({
  /** All its cores together: the middle of the seconds of the test where they were busiest. */
  cpuBusy: z.number().min(0).max(1),
  /** That test's busiest process (the one most often at the top) and the middle of its CPU, in cores. */
  process: z.object({ name: z.string(), cpu: z.number().nonnegative() }).nullable(),
  /** The drive busiest in any of the run's tests, and the middle of its busy share in that test. */
  drive: z.object({ name: z.string(), busy: z.number().min(0).max(1) }).nullable(),
  /** The verdicts about the NAS itself that the run gives. */
  verdicts: z.array(
    Verdict.shape.id.extract(['nas-cpu-limit', 'nas-disk-busy', 'nas-disk-lagging', 'nas-swapping', 'nas-busy-before']),
  ),
  /** Where the processor verdict found one process held to a core or to its CPU quota: that process. */
  processAtLimit: z.string().optional(),
});
export type NasViewSummary = z.infer<typeof NasViewSummary>;

/**
 * What the history list shows: enough to pick, filter and trend a run without reading its file
 * (History's index keeps one per run; shared/history/run-summary.ts makes it from a run).
 */
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
  /** The name the user gave the connection ("Cable", "Wi-Fi", their words); absent when NASBench only suggested one. */
  connection: z.string().optional(),
  /**
   * The NAS measured, known by its host key where the run recorded it (the same NAS at any
   * address), else by its address; null for runs without a NAS (This computer, a load test).
   */
  nas: z.object({ key: z.string(), name: z.string() }).nullable().optional(),
  /** The figures Compare lines up, for trends over time. */
  figures: z.array(SummaryFigure).optional(),
  /** Runs with the same value compare like for like: the same plan, kind of link and settings. */
  likeFor: z.string().optional(),
  /** How its share copy reached the share ("SMB 3.1.1, signed, not encrypted"); null without one. */
  share: z.string().nullable().optional(),
  /** What the NAS itself did, in brief; absent for runs without its view (no NAS login, older runs). */
  nasView: NasViewSummary.optional(),
});
export type RunSummary = z.infer<typeof RunSummary>;

/**
 * A place in the history list, which is newest first and then by id: a page that starts `after` it
 * holds the runs listed after this one, so runs saved or deleted meanwhile shift no page.
 */
export const RunListPosition = z.strictObject({ startedAt: z.string(), id: RunId });
export type RunListPosition = z.infer<typeof RunListPosition>;

/** The history list's order: newest first; runs started at the same moment by id. */
export function listOrder(a: RunListPosition, b: RunListPosition): number {
  return b.startedAt.localeCompare(a.startedAt) || a.id.localeCompare(b.id);
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
