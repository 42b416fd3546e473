import { shareProfileNames } from '../../contract/share-bench';

/**
 * CrystalDiskMark's test sets (../shared/facts/nas-state.md §7), the names as it writes them, and
 * seed 004's Ars Technica trio: the jobs a share benchmark runs, in CrystalDiskMark's order (every
 * read, then every write).
 */
export type ShareJobKind = 'read' | 'write' | 'randread' | 'randwrite' | 'rw' | 'randrw';

export interface ShareJob {
  rw: ShareJobKind;
  /** Bytes per I/O. */
  bs: number;
  /** I/Os in flight per thread. */
  queueDepth: number;
  threads: number;
  /** A mix's share of reads, in percent (fio's rwmixread; 50 when not given). */
  readPercent?: number | undefined;
}

export { shareProfileNames };
export type ShareProfile = (typeof shareProfileNames)[number];

const KiB = 1024;
const MiB = 1024 * KiB;

type Shape = readonly [pattern: 'seq' | 'rnd', bs: number, queueDepth: number, threads: number];

const seq1mQ8T1: Shape = ['seq', MiB, 8, 1];
const seq1mQ1T1: Shape = ['seq', MiB, 1, 1];
const rnd4kQ32T1: Shape = ['rnd', 4 * KiB, 32, 1];
const rnd4kQ1T1: Shape = ['rnd', 4 * KiB, 1, 1];

const profileShapes: Record<ShareProfile, readonly Shape[]> = {
  default: [seq1mQ8T1, seq1mQ1T1, rnd4kQ32T1, rnd4kQ1T1],
  peak: [seq1mQ8T1, rnd4kQ32T1],
  real: [seq1mQ1T1, rnd4kQ1T1],
  nvme: [seq1mQ8T1, ['seq', 128 * KiB, 32, 1], ['rnd', 4 * KiB, 32, 16], rnd4kQ1T1],
  // Seed 004: 4K random one job at QD1, 64K random 16 jobs at QD16, 1M sequential 16 jobs at QD16.
  ars: [rnd4kQ1T1, ['rnd', 64 * KiB, 16, 16], ['seq', MiB, 16, 16]],
};

/** A profile's jobs: all reads, then all writes, as CrystalDiskMark runs them. */
export function shareProfileJobs(profile: ShareProfile): ShareJob[] {
  const shapes = profileShapes[profile];
  const jobs = (read: boolean) =>
    shapes.map(([pattern, bs, queueDepth, threads]): ShareJob => {
      const rw: ShareJobKind = pattern === 'seq' ? (read ? 'read' : 'write') : read ? 'randread' : 'randwrite';
      return { rw, bs, queueDepth, threads };
    });
  return [...jobs(true), ...jobs(false)];
}

/** "1M", "128K", "4K": a block size as CrystalDiskMark writes it. */
function blockName(bs: number): string {
  if (bs >= MiB && bs % MiB === 0) return `${bs / MiB}M`;
  if (bs % KiB === 0) return `${bs / KiB}K`;
  return `${bs}B`;
}

/** "SEQ1M Q8T1 read", "RND4K Q32T1 write". */
export function shareJobName(job: Pick<ShareJob, 'rw' | 'bs' | 'queueDepth' | 'threads' | 'readPercent'>): string {
  const pattern = isRandomJob(job) ? 'RND' : 'SEQ';
  const reads = readPercentOf(job);
  const op = isMixedJob(job) ? `mix ${reads}/${100 - reads}` : isWriteJob(job) ? 'write' : 'read';
  return `${pattern}${blockName(job.bs)} Q${job.queueDepth}T${job.threads} ${op}`;
}

/** Writes only; a mix of reads and writes is neither (isMixedJob). */
export const isWriteJob = (job: Pick<ShareJob, 'rw'>): boolean => job.rw === 'write' || job.rw === 'randwrite';
export const isMixedJob = (job: Pick<ShareJob, 'rw'>): boolean => job.rw === 'rw' || job.rw === 'randrw';
export const isRandomJob = (job: Pick<ShareJob, 'rw'>): boolean =>
  job.rw === 'randread' || job.rw === 'randwrite' || job.rw === 'randrw';
/** Whether the job writes at all: the file is opened for writing, and the pass ends with its data on the disk. */
export const writesData = (job: Pick<ShareJob, 'rw'>): boolean => isWriteJob(job) || isMixedJob(job);
/** A mix's reads in percent (fio's rwmixread, 50 by default); 100 for a read job, 0 for a write job. */
export function readPercentOf(job: Pick<ShareJob, 'rw' | 'readPercent'>): number {
  if (isMixedJob(job)) return job.readPercent ?? 50;
  return isWriteJob(job) ? 0 : 100;
}
/** The side a figure is counted with: a mix by its larger part. */
export const figureOp = (job: Pick<ShareJob, 'rw' | 'readPercent'>): 'read' | 'write' =>
  readPercentOf(job) >= 50 ? 'read' : 'write';

/** CrystalDiskMark's defaults: a 1 GiB file, 5-second passes, the best of several after one unscored warm-up. */
export const shareBenchDefaults = { fileSizeBytes: 1024 * MiB, seconds: 5, passes: 3, profile: 'default' } as const;
