import { NasbenchError } from '../../../shared/contract/errors';
import type { CacheState, Spread } from '../../../shared/contract/figure-quality';
import type { FioPattern } from './job';

/**
 * One finished disk test, as the CLI contract's `disk` JSON lists it (name, rw, bs, iodepth,
 * numjobs, direct, sizeBytes, bytesPerSecond, iops, latencyNs) plus what makes it reproducible.
 */
export interface DiskTestResult {
  name: string;
  rw: FioPattern;
  /** Block size, bytes. */
  bs: number;
  /** The queue depth that really ran (1 when psync stood in for libaio). */
  iodepth: number;
  numjobs: number;
  /** True only when the I/O really bypassed the NAS's cache (O_DIRECT accepted and honoured). */
  direct: boolean;
  /** Bytes of test files, all jobs together. */
  sizeBytes: number;
  /** From fio's `bw_bytes` (bytes/s), summed over jobs and directions. */
  bytesPerSecond: number;
  iops: number;
  /** Completion latency percentiles, ns; null when the engine does not measure them (dd). */
  latencyNs: { p50: number | null; p99: number | null };
  /** Bytes moved and seconds measured. */
  ioBytes: number;
  seconds: number;
  engine: 'fio' | 'dd';
  /** fio's I/O engine (libaio, psync…), or the dd flags used. */
  ioengine: string;
  /** The exact command line that ran on the NAS; it starts with `toolPath`. */
  commandLine: string;
  /** The absolute path of the fio (or dd) that ran, e.g. /opt/bin/fio when Entware put it off the PATH. */
  toolPath: string;
  /** "3.33"; null for dd. */
  fioVersion: string | null;
  /** The file system of the test folder (ext4, btrfs, zfs, tmpfs…). */
  fileSystem: string | null;
  /** How steady the figure was (figure-spread.ts); absent only when the test was too short to say. */
  spread?: Spread;
  /** Which caches could have served the figure (cache-state.ts): this computer's is never involved. */
  cache: CacheState;
  /** Present when fio's steady-state detection was asked for. */
  steadyState?: { criterion: string; durationSeconds: number; attained: boolean };
  /** Plain words on anything that changes how to read the figures (cache, engine, fallbacks). */
  note?: string;
  /** A sweep cell's file size per job, as the user gave it (`sizeBytes` is fio's total over the jobs). */
  fileSizeBytes?: number;
  /** A sweep cell fio measured: false (an adaptive sweep's inferred cells are not tests). */
  inferred?: false;
}

/** A live reading during test number `index` of a run. */
export interface DiskSample {
  index: number;
  test: string;
  /** Seconds into this test. */
  t: number;
  bytesPerSecond: number;
  ioBytes: number;
}

/** The same error, with the name of the test it happened in. */
export function inTest(error: unknown, test: string): unknown {
  if (!(error instanceof NasbenchError)) return error;
  if (error.code === 'CANCELLED' || error.details?.test) return error;
  return new NasbenchError(error.code, `${test}: ${error.message}`, error.hint, {
    cause: error.cause,
    details: { ...error.details, test },
  });
}
