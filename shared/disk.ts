import { z } from 'zod';
import { SessionId } from './connect';

export const DiskPresetName = z.enum(['quick', 'ars', 'bulk']);

export const DiskRunInput = z.strictObject({
  sessionId: SessionId,
  /** The folder on the NAS to test in (tests write only in a scratch folder inside it). */
  folder: z.string().min(1).max(4096),
  preset: DiskPresetName.default('quick'),
  /** Bypass the NAS's cache (direct I/O where the file system honours it). */
  uncached: z.boolean().default(true),
  sizeBytes: z
    .number()
    .int()
    .positive()
    .max(2 ** 50)
    .optional(),
  runtimeSeconds: z.number().int().min(1).max(3600).optional(),
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
  fioVersion: z.string().nullable(),
  fileSystem: z.string().nullable(),
  steadyState: z.object({ criterion: z.string(), durationSeconds: z.number(), attained: z.boolean() }).optional(),
  note: z.string().optional(),
});
export type DiskTestResult = z.infer<typeof DiskTestResult>;

export const DiskRunDetails = z.object({
  kind: z.literal('disk'),
  engine: z.enum(['fio', 'dd']),
  folder: z.string(),
  fileSystem: z.string().nullable(),
  tests: z.array(DiskTestResult),
  /** How to install fio, when the dd fallback ran. */
  hints: z.array(z.string()),
});
