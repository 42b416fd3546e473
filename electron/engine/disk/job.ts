import { z } from 'zod';
import { NasbenchError } from '../../../shared/contract/errors';
import { fioPath } from '../../../shared/util/fio-path';

const MiB = 1024 * 1024;

/** Words fio and the NAS's file system both take as-is: a job name and a test file's base name. */
const FioWord = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'letters, digits, dot, dash and underscore');

export const FioPattern = z.enum(['read', 'write', 'randread', 'randwrite', 'rw', 'randrw']);
export type FioPattern = z.infer<typeof FioPattern>;

export const FioEngine = z.enum(['libaio', 'psync', 'posixaio', 'io_uring']);
export type FioEngine = z.infer<typeof FioEngine>;

/**
 * fio's steady-state stop: `criterion` is fio's own `--ss` value (e.g. "bw_slope:0.5%", "iops:2%"),
 * `duration` the window it must hold for and `ramp` the seconds ignored first.
 */
export const SteadyState = z.object({
  criterion: z
    .string()
    .regex(/^(iops|iops_slope|bw|bw_slope|lat|lat_slope):\d{1,3}(\.\d{1,3})?%?$/, 'e.g. bw_slope:0.5%'),
  duration: z.number().int().min(1).max(3600),
  ramp: z.number().int().min(0).max(3600).default(0),
});

/**
 * One fio job, in fio's own terms, every value checked. Sizes are bytes, times seconds. The test
 * files are `<fileName>.<job number>.0` inside the run's scratch folder, so tests that share a
 * fileName reuse the same files (fio lays them out once).
 */
export const FioJob = z
  .object({
    name: FioWord,
    fileName: FioWord,
    rw: FioPattern,
    /** Share of reads in rw/randrw, percent. */
    rwMixRead: z.number().int().min(0).max(100).optional(),
    bs: z
      .number()
      .int()
      .min(512)
      .max(64 * MiB)
      .refine((bytes) => bytes % 512 === 0, 'a multiple of 512 bytes'),
    iodepth: z.number().int().min(1).max(1024).default(1),
    numjobs: z.number().int().min(1).max(256).default(1),
    /** Bytes each job's file holds (fio's `size` is per job). */
    size: z
      .number()
      .int()
      .min(4096)
      .max(2 ** 50),
    runtime: z.number().int().min(1).max(86_400).optional(),
    /** Keep going over the file until `runtime` is up, instead of stopping after `size` bytes. */
    timeBased: z.boolean().default(false),
    direct: z.boolean().default(false),
    ioengine: FioEngine.default('libaio'),
    endFsync: z.boolean().default(false),
    rampTime: z.number().int().min(1).max(3600).optional(),
    groupReporting: z.boolean().default(true),
    /** Fresh random data for every write, so compression and dedup on ZFS/btrfs cannot inflate results. */
    incompressible: z.boolean().default(true),
    /** fio's default (fallocate); off makes files grow as written, as a copied file does. */
    preallocate: z.boolean().default(true),
    rateBytesPerSecond: z.number().int().min(4096).optional(),
    steadyState: SteadyState.optional(),
    /**
     * Leave the page cache as it is (fio's `invalidate=0`). fio otherwise drops the files' cached
     * pages before it starts and again each time a time-based job comes round to the start of its
     * file, so buffered reads measured the disk even for files the cache could hold.
     */
    keepCache: z.boolean().default(false),
  })
  .refine((job) => job.size >= job.bs, { message: 'the file must hold at least one block', path: ['size'] })
  .refine((job) => !job.timeBased || job.runtime !== undefined, {
    message: 'a time-based job needs a runtime',
    path: ['runtime'],
  })
  .refine(
    (job) =>
      !job.steadyState || (job.timeBased && (job.runtime ?? 0) >= job.steadyState.duration + job.steadyState.ramp),
    { message: 'steady state needs a time-based job whose runtime covers ss_dur + ss_ramp', path: ['steadyState'] },
  );
export type FioJob = z.output<typeof FioJob>;
export type FioJobInput = z.input<typeof FioJob>;

/** Checks a job; a refused one is INVALID_INPUT naming the first bad option. */
export function checkFioJob(input: FioJobInput): FioJob {
  const parsed = FioJob.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const option = issue?.path.join('.') || 'job';
  throw new NasbenchError(
    'INVALID_INPUT',
    `The fio option ${option} was refused: ${issue?.message ?? 'invalid'}.`,
    'Check the disk test settings.',
  );
}

/** How a path is written for fio (`\:` for each ':'), shared with the report's anonymiser, which reads it back. */
export { fioPath };

/**
 * The argv for one job, always with JSON output and a status object every second for live
 * samples. `program` is the fio the probe found (an absolute path, e.g. Entware's /opt/bin/fio).
 * Every value is a checked number, an enum or a checked word, except the scratch folder path,
 * which the session quotes like every other argument (shellCommand) — nothing here is ever
 * pasted into a shell.
 */
export function fioArgv(job: FioJob, directory: string, program = 'fio'): string[] {
  const argv = [
    program,
    `--name=${job.name}`,
    `--directory=${fioPath(directory)}`,
    // fio's $jobnum/$filenum are its own placeholders, not shell variables (the argument is quoted).
    `--filename_format=${job.fileName}.$jobnum.$filenum`,
    `--rw=${job.rw}`,
    ...(job.rwMixRead !== undefined ? [`--rwmixread=${job.rwMixRead}`] : []),
    `--bs=${job.bs}`,
    `--iodepth=${job.iodepth}`,
    `--numjobs=${job.numjobs}`,
    `--size=${job.size}`,
    ...(job.runtime !== undefined ? [`--runtime=${job.runtime}`] : []),
    ...(job.timeBased ? ['--time_based'] : []),
    `--direct=${job.direct ? 1 : 0}`,
    `--ioengine=${job.ioengine}`,
    ...(job.endFsync ? ['--end_fsync=1'] : []),
    ...(job.rampTime !== undefined ? [`--ramp_time=${job.rampTime}`] : []),
    ...(job.groupReporting ? ['--group_reporting'] : []),
    job.incompressible ? '--refill_buffers' : '--zero_buffers',
    ...(job.preallocate ? [] : ['--fallocate=none']),
    ...(job.rateBytesPerSecond !== undefined ? [`--rate=${job.rateBytesPerSecond}`] : []),
    ...(job.keepCache ? ['--invalidate=0'] : []),
    ...(job.steadyState
      ? [
          `--ss=${job.steadyState.criterion}`,
          `--ss_dur=${job.steadyState.duration}`,
          `--ss_ramp=${job.steadyState.ramp}`,
        ]
      : []),
    // Fresh random offsets on every run, as KDiskMark does, so repeated runs do not replay one pattern.
    '--randrepeat=0',
    '--output-format=json',
    '--status-interval=1',
  ];
  return argv;
}

/** Bytes the job's files take on the NAS. */
export function jobFootprint(job: Pick<FioJob, 'size' | 'numjobs'>): number {
  return job.size * job.numjobs;
}

/** How long the job may take before the session gives up: the run itself plus laying out its files slowly. */
export function jobTimeoutMs(job: FioJob): number {
  const measuring = (job.runtime ?? 600) + (job.rampTime ?? 0);
  const layingOut = jobFootprint(job) / (10 * MiB); // even a tired USB disk writes 10 MiB/s
  return Math.ceil((measuring + layingOut + 60) * 1000);
}
