import { z } from 'zod';
import { LocalFolder, MountedShare } from './copy';
import { CacheState, SharePath, Spread } from './figure-quality';
import { NasFolder } from './nas-folder';
import { NasView } from './nas-resources';
import { RoundTrips } from './network';

/**
 * The share benchmark from this computer (CrystalDiskMark's tests on a mounted share or a local
 * folder), as ../shared/cli-contract.md's fourth-wave `share` result has it.
 */

const MiB = 2 ** 20;

/** CrystalDiskMark's profiles, and seed 004's Ars Technica trio (`ars`). */
export const shareProfileNames = ['default', 'peak', 'real', 'nvme', 'ars'] as const;

/** fio's names: sequential or random reads or writes, or a mix of both (`rw`, `randrw`, with `readPercent`). */
export const ShareJobKind = z.enum(['read', 'write', 'randread', 'randwrite', 'rw', 'randrw']);

/** One job as fio would name it: block size, queue depth, threads, and the pattern. */
export const ShareJobInput = z.strictObject({
  rw: ShareJobKind,
  bs: z
    .number()
    .int()
    .min(4096)
    .max(64 * MiB)
    .refine((bs) => bs % 4096 === 0, { message: 'a whole number of 4 KiB pages' }),
  queueDepth: z.number().int().min(1).max(512),
  threads: z.number().int().min(1).max(64),
  /** A mix's share of reads, as fio's rwmixread (default 50); only for `rw` and `randrw`. */
  readPercent: z.number().int().min(0).max(100).optional(),
});

export const ShareBenchRunInput = z.strictObject({
  /** The folder to test in, normally where a share is mounted; files go in `.nasbench-<runId>/` only. */
  folder: LocalFolder,
  profile: z.enum(shareProfileNames).optional(),
  /** Jobs of the user's own, run instead of a profile's. */
  jobs: z.array(ShareJobInput).min(1).max(16).optional(),
  /** The built-in engine, or fio on this computer with the same jobs. */
  engine: z.enum(['builtin', 'fio']).optional(),
  fileSizeBytes: z
    .number()
    .int()
    .min(MiB)
    .max(2 ** 44)
    .optional(),
  /** Each scored pass's length. */
  seconds: z.number().int().min(1).max(600).optional(),
  /** Scored passes per test after the unscored warm-up; the best is the figure, as CrystalDiskMark shows it. */
  passes: z.number().int().min(1).max(9).optional(),
  /** The NAS's RAM when known, so the cache labels can say whether it could serve the file. */
  nasRamBytes: z
    .number()
    .int()
    .min(1)
    .max(2 ** 50)
    .optional(),
  /** The connected NAS whose share this is, when one is: it tells the session's terms and its own RAM. */
  sessionId: z.string().min(1).max(128).optional(),
  /**
   * The same folder as the NAS sees it (needs `sessionId`): fio runs CrystalDiskMark's tests on the NAS's
   * own disks there first, so each share figure has the disks' beside it.
   */
  nasFolder: NasFolder.optional(),
});
export type ShareBenchRunInput = z.input<typeof ShareBenchRunInput>;

export const ShareBenchTest = z.object({
  /** As CrystalDiskMark writes it: "SEQ1M Q8T1 read", "RND4K Q32T1 write". */
  name: z.string(),
  rw: ShareJobKind,
  bs: z.number(),
  queueDepth: z.number(),
  threads: z.number(),
  /** A mix's share of reads (`rw`, `randrw`). */
  readPercent: z.number().optional(),
  /** I/Os really in flight: queue depth × threads, unless the engine caps it (said in `note`). */
  outstanding: z.number(),
  /** The best scored pass, in bytes per second (MB/s = 10^6 B/s). */
  bytesPerSecond: z.number().nonnegative(),
  iops: z.number().nonnegative(),
  /** Of the best pass; mean is each I/O's own time, submit to completion. */
  latencyNs: z.object({ mean: z.number(), p50: z.number(), p99: z.number() }),
  /** Every scored pass's rate, in order. */
  passes: z.array(z.number()),
  seconds: z.number(),
  cache: CacheState,
  path: SharePath,
  /** How steady the scored passes were. */
  spread: Spread.optional(),
  note: z.string().optional(),
});
export type ShareBenchTest = z.infer<typeof ShareBenchTest>;

/** The share's idle round trip before the tests, as TCP handshakes to its server: what each small I/O waits at least. */
export const ShareRoundTrip = RoundTrips.extend({ minMs: z.number().nonnegative(), via: z.string() });
export type ShareRoundTrip = z.infer<typeof ShareRoundTrip>;

export const ShareBenchResult = z.object({
  kind: z.literal('share'),
  /** What the NAS itself did during the test, when the run had its login. */
  nas: NasView.optional(),
  dir: z.string(),
  fileSystem: z.string().nullable(),
  share: MountedShare.nullable(),
  path: SharePath,
  engine: z.enum(['builtin', 'fio']),
  profile: z.enum([...shareProfileNames, 'custom']),
  /** I/O threads the engine ran (the built-in one: one per I/O in flight). */
  threads: z.number(),
  /** Which I/O path the engine used, in words: "32 worker threads, O_DIRECT", "fio 3.33, libaio". */
  ioPath: z.string(),
  /** The client's cache was bypassed (O_DIRECT, FILE_FLAG_NO_BUFFERING). */
  unbuffered: z.boolean(),
  fileSizeBytes: z.number(),
  /** Null for a folder that is no network share, or a server that did not answer a handshake. */
  roundTrip: ShareRoundTrip.nullable(),
  tests: z.array(ShareBenchTest),
  notes: z.array(z.string()),
});
export type ShareBenchResult = z.infer<typeof ShareBenchResult>;
