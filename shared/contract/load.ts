import { z } from 'zod';
import { NasView } from './nas-resources';
import { AppError } from './errors';
import { CacheState, Spread } from './figure-quality';
import { maxTestSeconds } from './limits';

/**
 * Load from several computers at once (`nasbench load`, issue #18): each extra computer (a
 * helper) runs `fio --server`, and this computer sends each a job through fio's own client/server
 * mode. Every helper writes or reads inside a scratch folder it makes in its own path to the share.
 */

/** One helper: where its `fio --server` listens, and the share folder as that computer sees it. */
export const LoadHelper = z.strictObject({
  host: z.string().trim().min(1).max(253),
  port: z.number().int().min(1).max(65_535).default(8765),
  /** The share folder on that computer (`/mnt/nas`, `/Volumes/share`, `Z:\`); a scratch folder is made inside it. */
  dir: z.string().trim().min(1).max(4096),
});
export type LoadHelper = z.infer<typeof LoadHelper>;

/**
 * The NAS itself as one more computer: its own fio, started over the connected NAS's SSH login
 * and stopped afterwards, writing in a scratch folder inside `folder` — its disks with no network.
 */
export const LoadOnNas = z.strictObject({
  sessionId: z.string().min(1),
  folder: z.string().min(1).max(4096),
});
export type LoadOnNas = z.infer<typeof LoadOnNas>;

export const LoadRunInput = z.strictObject({
  helpers: z.array(LoadHelper).min(1).max(16),
  /** Also load the NAS from the NAS itself (needs a connected NAS with fio, the same version as here). */
  nas: LoadOnNas.optional(),
  rw: z.enum(['write', 'read']).default('write'),
  blockSizeBytes: z
    .number()
    .int()
    .min(512)
    .max(64 * 2 ** 20)
    .default(2 ** 20),
  /** The file each helper writes (and reads back), bytes. */
  fileSizeBytes: z
    .number()
    .int()
    .min(2 ** 20)
    .max(2 ** 44)
    .default(2 ** 30),
  seconds: z.number().int().min(3).max(maxTestSeconds).default(20),
  /** Bypass each helper's own file cache (fio direct=1); off only for systems that refuse it. */
  direct: z.boolean().default(true),
  /** Add the computers one at a time (1, 2, … all), each step measured: how the total grows. */
  stepUp: z.boolean().default(false),
});
export type LoadRunInput = z.input<typeof LoadRunInput>;

/** What one helper measured, or why it measured nothing (the run goes on with the others). */
export const LoadHelperResult = z.object({
  host: z.string(),
  port: z.number(),
  dir: z.string(),
  ok: z.boolean(),
  /** fio's own figure for this helper's job, past its ramp-up. */
  bytesPerSecond: z.number().nonnegative(),
  ioBytes: z.number().nonnegative(),
  seconds: z.number().nonnegative(),
  /** "fio-3.33", from the helper's greeting. */
  fioVersion: z.string().nullable(),
  /** The helper's system as its fio reports it ("Linux", "Windows", "Darwin"). */
  os: z.string().nullable(),
  /** How steady its rate was, from its live readings (absent with too few). */
  spread: Spread.optional(),
  /** Its own cache (bypassed with direct I/O) and the NAS's (unknown: a load run has no NAS login). */
  cache: CacheState.optional(),
  error: AppError.optional(),
  /** The NAS itself, through its own fio: its disks, no network in between. */
  onNas: z.boolean().optional(),
  /**
   * How its fio server was reached, when not at `host`:`port` on the network: the NAS's own listens
   * only where the SSH login reaches it (a unix socket or its loopback), so `host`/`port` are the login's.
   */
  via: z.literal('ssh').optional(),
  /**
   * The scratch folder that may still be on the share: this computer's server vanished before it
   * was removed. NASBench removes it the next time it reaches that computer (a run or a check).
   */
  leftBehind: z.string().optional(),
});
export type LoadHelperResult = z.infer<typeof LoadHelperResult>;

/** The CLI contract's `load`: each helper, and the total of those that measured. */
export const LoadResult = z.object({
  kind: z.literal('load'),
  /** What the NAS itself did during the test (its CPU, memory and drives), when the run had its login. */
  nas: NasView.optional(),
  rw: z.enum(['write', 'read']),
  blockSizeBytes: z.number(),
  fileSizeBytes: z.number(),
  direct: z.boolean(),
  clients: z.array(LoadHelperResult),
  total: z.object({
    bytesPerSecond: z.number().nonnegative(),
    /** How far apart the helpers' measured windows started: under the ramp-up, they measured together. */
    startSpreadSeconds: z.number().nonnegative(),
    /** How steady the helpers' summed rate was, second by second. */
    spread: Spread.optional(),
    cache: CacheState.optional(),
  }),
  /**
   * Stepping up: the total with the first computer, the first two, … all (absent when not asked
   * for). Each step by how many computers measured in it; one where a computer failed counts it out.
   */
  stepUp: z
    .array(z.object({ computers: z.number().int().positive(), bytesPerSecond: z.number().nonnegative() }))
    .optional(),
});
export type LoadResult = z.infer<typeof LoadResult>;

/** A computer asked before the run: does its fio server answer, which fio, can it see its folder? */
export const LoadHelperCheck = z.object({
  host: z.string(),
  port: z.number(),
  ok: z.boolean(),
  fioVersion: z.string().nullable(),
  os: z.string().nullable(),
  /** This computer's fio, which drives it: both need the same version. */
  controllerFioVersion: z.string().nullable(),
  error: AppError.optional(),
  /**
   * Other addresses of that computer where its fio server answers too (it was not bound to the one
   * given): a server that asks no password, reachable from more networks than needed.
   */
  alsoAnswersOn: z.array(z.string()).optional(),
});
export type LoadHelperCheck = z.infer<typeof LoadHelperCheck>;
