import { z } from 'zod';
import { NasbenchError } from '../../../shared/contract/errors';
import { JsonObjectSplitter, parseJsonObject } from './json-objects';

/** One direction (read, write or trim) of a job in fio's JSON; fio's own field names. */
const FioDirectionJson = z.object({
  io_bytes: z.number().nonnegative(),
  /** Bytes per second. (`bw` is KiB/s: never divide that by 1000 and call it MB/s.) */
  bw_bytes: z.number().nonnegative(),
  iops: z.number().nonnegative(),
  /** Milliseconds. */
  runtime: z.number().nonnegative(),
  total_ios: z.number().nonnegative().optional(),
  /** fio's own bandwidth samples (every bw_avg_time, 500 ms by default), KiB/s: their mean, deviation and count. */
  bw_mean: z.number().nonnegative().optional(),
  bw_dev: z.number().nonnegative().optional(),
  bw_samples: z.number().nonnegative().optional(),
  clat_ns: z.object({ percentile: z.record(z.string(), z.number()).optional() }).optional(),
  /** Submit to completion, nanoseconds. */
  lat_ns: z.object({ mean: z.number().nonnegative() }).optional(),
});

const emptyDirection = { io_bytes: 0, bw_bytes: 0, iops: 0, runtime: 0 };

const FioJobJson = z.object({
  jobname: z.string(),
  error: z.number().int().default(0),
  read: FioDirectionJson.default(emptyDirection),
  write: FioDirectionJson.default(emptyDirection),
  trim: FioDirectionJson.default(emptyDirection),
  steadystate: z
    .object({
      ss: z.string(),
      duration: z.number(),
      attained: z.number(),
      criterion: z.string().optional(),
      max_deviation: z.number().optional(),
      slope: z.number().optional(),
    })
    .optional(),
});

const FioReportJson = z.object({
  'fio version': z.string().optional(),
  jobs: z.array(FioJobJson).min(1),
});

export type FioJobReport = z.infer<typeof FioJobJson>;

export interface FioReport {
  /** "3.33" from "fio-3.33". */
  fioVersion: string | null;
  jobs: FioJobReport[];
  /** The object as fio printed it, for the record and for tests that check our reading of it. */
  raw: Record<string, unknown>;
}

export interface FioSummary {
  bytesPerSecond: number;
  iops: number;
  ioBytes: number;
  seconds: number;
  latencyNs: { mean: number | null; p50: number | null; p99: number | null };
  steadyState: { criterion: string; durationSeconds: number; attained: boolean } | null;
}

/**
 * Reads fio's final JSON report from its stdout: notes and warnings may come first, and with
 * `--status-interval` the report is the last of several objects. Output that stops inside an
 * object (fio was killed, the link dropped) is PARSE_ERROR, not the last status snapshot.
 */
export function parseFioReport(stdout: string): FioReport {
  const splitter = new JsonObjectSplitter();
  return finalFioReport(splitter.push(stdout).at(-1), splitter.unfinished);
}

/** fio's report from the last object of its stdout, and whether another had started after it and not ended. */
export function finalFioReport(last: string | undefined, unfinished: boolean): FioReport {
  if (unfinished || last === undefined) throw parseError('fio’s output ended before its report did.');
  const raw = parseJsonObject(last);
  const report = raw && FioReportJson.safeParse(raw);
  if (!raw || !report?.success) throw parseError('fio’s report was not in the expected JSON form.');
  return { fioVersion: versionOf(report.data['fio version']), jobs: report.data.jobs, raw };
}

/** One object of the status stream, or undefined when it is not a fio report. */
export function readFioObject(text: string): FioReport | undefined {
  const raw = parseJsonObject(text);
  const report = raw && FioReportJson.safeParse(raw);
  if (!raw || !report?.success) return undefined;
  return { fioVersion: versionOf(report.data['fio version']), jobs: report.data.jobs, raw };
}

/**
 * The figures of a whole test: rates and IOPS add up over jobs and directions; latency comes from
 * the direction that did the most I/O (one job with --group_reporting; otherwise the worst job's).
 */
export function summarizeFioReport(report: FioReport): FioSummary {
  const failed = report.jobs.find((job) => job.error !== 0);
  if (failed) throw fioJobError(failed.error);
  const directions = report.jobs.flatMap((job) => [job.read, job.write, job.trim]);
  // Each job's busiest direction: the reads of a 70/30 mix, the writes of a write test.
  const busiest = report.jobs.map((job) => [job.read, job.write, job.trim].sort((a, b) => b.io_bytes - a.io_bytes)[0]);
  const percentile = (key: string) => {
    const values = busiest
      .map((direction) => direction?.clat_ns?.percentile?.[key])
      .filter((value): value is number => value !== undefined && value > 0);
    return values.length > 0 ? Math.max(...values) : null;
  };
  const state = report.jobs[0]?.steadystate;
  return {
    bytesPerSecond: sum(directions.map((direction) => direction.bw_bytes)),
    iops: sum(directions.map((direction) => direction.iops)),
    ioBytes: sum(directions.map((direction) => direction.io_bytes)),
    seconds: Math.max(0, ...directions.map((direction) => direction.runtime)) / 1000,
    latencyNs: {
      mean: Math.max(0, ...busiest.map((direction) => direction?.lat_ns?.mean ?? 0)) || null,
      p50: percentile('50.000000'),
      p99: percentile('99.000000'),
    },
    steadyState: state
      ? { criterion: state.ss, durationSeconds: state.duration, attained: state.attained === 1 }
      : null,
  };
}

/** Why fio stopped, from its own error number (the job's `error` field is an errno). */
export function fioJobError(errno: number): NasbenchError {
  const details = { fioError: errno };
  switch (errno) {
    case 28: // ENOSPC
    case 122: // EDQUOT
      return new NasbenchError(
        'DISK_FULL',
        errno === 28
          ? 'The NAS volume ran out of space during the disk test.'
          : 'The NAS user’s quota ran out during the disk test.',
        'Something else may be writing to this volume. Free some space or choose a smaller test size.',
        { details },
      );
    case 22: // EINVAL: with direct=1 this is the file system refusing O_DIRECT
      return new NasbenchError(
        'INVALID_INPUT',
        'The file system refused the disk test’s I/O (fio: invalid argument); it may not support direct I/O.',
        'Run the test without --uncached, or on another folder.',
        { details: { ...details, reason: 'direct-refused' } },
      );
    case 13: // EACCES
    case 1: // EPERM
    case 30: // EROFS
      return new NasbenchError(
        'PERMISSION_DENIED',
        errno === 30 ? 'The NAS volume is read-only.' : 'fio was not allowed to write its test file.',
        'Choose a folder this user may write to.',
        { details },
      );
    case 5: // EIO
      return new NasbenchError(
        'INTERNAL',
        'The NAS reported an I/O error during the disk test.',
        'This can mean a failing disk: check the NAS’s storage health page before trusting this volume.',
        { details },
      );
    default:
      return new NasbenchError(
        'INTERNAL',
        `fio stopped with error ${errno}.`,
        'Try again; if it repeats, run fio by hand on the NAS to see its message.',
        { details },
      );
  }
}

/** fio's complaints on stderr that mean something specific, when there is no JSON to read. */
export function fioFailureFromText(stderr: string): NasbenchError | undefined {
  if (/engine \S+ not loadable|failed to load engine/.test(stderr)) {
    return new NasbenchError(
      'TOOL_MISSING',
      'fio on this NAS lacks the requested I/O engine.',
      'NASBench retries with the psync engine.',
      { details: { reason: 'engine-missing' } },
    );
  }
  if (/does not support O_DIRECT|does not support direct=1/.test(stderr)) return fioJobError(22);
  if (/No space left on device/.test(stderr)) return fioJobError(28);
  if (/Disk quota exceeded/.test(stderr)) return fioJobError(122);
  if (/Permission denied/.test(stderr)) return fioJobError(13);
  if (/Read-only file system/.test(stderr)) return fioJobError(30);
  return undefined;
}

function versionOf(text: string | undefined): string | null {
  return /fio-(\d+(?:\.\d+)*)/.exec(text ?? '')?.[1] ?? null;
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function parseError(message: string): NasbenchError {
  return new NasbenchError(
    'PARSE_ERROR',
    message,
    'Try again; if it repeats, the NAS’s fio may be too old or damaged.',
  );
}
