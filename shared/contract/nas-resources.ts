import { z } from 'zod';

/**
 * What the NAS itself did during a test with a NAS login (../shared/cli-contract.md, "Third-wave
 * additions": `nas.resources`): one sample a second of its CPU, busiest processes, memory, swap and
 * disks, and a baseline taken before the run's first test. Shares are 0–1; a process's `cpu` is in
 * cores (1 = one core fully used, so a busy process on a 4-core NAS can show up to 4).
 * Fields beyond the contract's are optional. null is "could not be read" (named in `unreadable`).
 */

const Share = z.number().min(0).max(1);
const Bytes = z.number().nonnegative();

export const NasProcessLoad = z.object({
  /**
   * The process's name, e.g. "smbd", "iperf3": as the kernel keeps it, or, where Linux cut it at 15
   * characters, made whole from its command line's first word ("systemd-journald", never its arguments).
   */
  name: z.string(),
  cpu: z.number().nonnegative(),
  pid: z.number().int().optional(),
  /** The cores its cgroup's CPU quota lets it use (a container's --cpus, a service's CPUQuota); absent: no quota. */
  cpuLimit: z.number().positive().optional(),
  /** Where a quota applies: what all the processes of its cgroup used together, in cores (the quota is theirs to share). */
  groupCpu: z.number().nonnegative().optional(),
  /** Where a quota applies: the share of the second's quota periods in which the kernel held its group back (cpu.stat's nr_throttled). */
  groupThrottled: Share.optional(),
});
export type NasProcessLoad = z.infer<typeof NasProcessLoad>;

export const NasDiskLoad = z.object({
  /** The kernel's name for a whole block device: "sda", "nvme0n1", "md2", "dm-0", FreeBSD "ada0". */
  name: z.string(),
  /** Share of the second with at least one request in flight. */
  busy: Share,
  readBytesPerSecond: Bytes,
  writeBytesPerSecond: Bytes,
  /** Requests waiting or in service, on average over the second (FreeBSD: at its end). */
  queue: z.number().nonnegative(),
  /** Mean time a request took, queueing included; null when none completed. */
  waitMs: z.number().nonnegative().nullable().optional(),
  /** disk: a drive (or what the NAS sees as one); md: a software RAID array; dm: a device-mapper volume (LVM, cache, encryption) over others. */
  kind: z.enum(['disk', 'md', 'dm']).optional(),
});
export type NasDiskLoad = z.infer<typeof NasDiskLoad>;

export const NasInterfaceLoad = z.object({
  name: z.string(),
  receiveBytesPerSecond: Bytes,
  sendBytesPerSecond: Bytes,
});
export type NasInterfaceLoad = z.infer<typeof NasInterfaceLoad>;

export const NasResourceSample = z.object({
  /** Seconds since the reader's first reading. */
  t: z.number().nonnegative(),
  /** All cores together: share of their time busy (not idle, not waiting for I/O). */
  cpuBusy: Share,
  /** Share of CPU time idle while I/O was outstanding; null where the OS keeps no such count (FreeBSD). */
  cpuIowait: Share.nullable(),
  /** The busiest single core's busy share: 1 with a low cpuBusy is one core pegged (a merged sample: its mean). */
  coreMax: Share,
  /** The busiest processes, busiest first (at most five). */
  top: z.array(NasProcessLoad),
  memUsedBytes: Bytes.nullable(),
  /** Bytes swapped in and out during this sample's second (its seconds, for a merged one). */
  swapInBytes: Bytes.nullable(),
  swapOutBytes: Bytes.nullable(),
  disks: z.array(NasDiskLoad),
  memCachedBytes: Bytes.nullable().optional(),
  interfaces: z.array(NasInterfaceLoad).optional(),
  /**
   * How many one-second readings this sample stands for; absent: one. A test longer than an hour
   * keeps a bounded number of samples, its oldest neighbours merged (their figures the means over
   * those seconds, swap summed, memory the highest): electron/engine/nas-view/kept-samples.ts.
   */
  seconds: z.number().int().positive().optional(),
});
export type NasResourceSample = z.infer<typeof NasResourceSample>;

/** How busy the NAS was just before the run's first test (about 2 s). */
export const NasBaseline = z.object({
  cpuBusy: Share,
  top: z.array(NasProcessLoad),
  seconds: z.number().nonnegative().optional(),
});
export type NasBaseline = z.infer<typeof NasBaseline>;

/** A set of drives that work together: an md array's members, a multi-device btrfs file system's. */
export const NasDiskArray = z.object({ name: z.string(), members: z.array(z.string()) });
export type NasDiskArray = z.infer<typeof NasDiskArray>;

export const NasResources = z.object({
  baseline: NasBaseline.nullable(),
  samples: z.array(NasResourceSample),
  /** What could not be read, in words the NAS panel shows ("per-process CPU (/proc/<pid>/stat)"). */
  unreadable: z.array(z.string()),
  arrays: z.array(NasDiskArray).optional(),
});
export type NasResources = z.infer<typeof NasResources>;

/**
 * The `nas` block every test with a NAS login carries, with the test's own rate each second over the
 * same seconds (bytes/s; the NAS's CPU is judged against whether that rate held). A step that ran its
 * lines one after another (a copy's write, then its read) also keeps each line's own seconds: their
 * sum per second steps from one level to the other, and a rate is judged held line by line.
 */
export const NasView = z.object({
  resources: NasResources,
  rates: z.array(z.number().nonnegative()).optional(),
  lines: z.array(z.array(z.number().nonnegative())).optional(),
  /**
   * The seconds the test reported its rate, on the samples' clock (`t`): the step's samples also
   * cover its setup and cleanup (starting iperf3 on the NAS, laying out fio's files, removing them),
   * which the NAS's figures for the test leave out. Absent in records from before it was kept.
   */
  testSeconds: z.object({ from: z.number(), to: z.number() }).optional(),
});
export type NasView = z.infer<typeof NasView>;
