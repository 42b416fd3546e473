/**
 * One reading of the NAS's counters, whatever OS printed them: what linux.ts and freebsd.ts make
 * of a block of the reader's stream, and what samples.ts subtracts to get one second's figures.
 * Cumulative counters only, except FreeBSD's disks, which iostat hands over as the last second's
 * rates already.
 */
export interface Snapshot {
  /** Seconds on the NAS's own clock (Linux: /proc/uptime; FreeBSD: CPU ticks ÷ cores ÷ stathz). */
  clock: number | null;
  cpu: CpuTicks | null;
  cores: CpuTicks[];
  /** By process id: name, parent, and CPU seconds used so far (user + system). */
  processes: Map<number, ProcessTime>;
  memory: { usedBytes: number; cachedBytes: number } | null;
  /** Bytes swapped in and out since boot. */
  swap: { inBytes: number; outBytes: number } | null;
  /** Linux: cumulative per block device. */
  diskCounters: Map<string, DiskCounters> | null;
  /** FreeBSD: iostat's report of the second just gone. */
  diskRates: DiskRates[] | null;
  /** Bytes received and sent since boot, per network interface (loopback left out). */
  interfaces: Map<string, { receivedBytes: number; sentBytes: number }> | null;
  /** Linux: by cgroup (its path) with a CPU quota, the quota's periods it was held back in so far. */
  throttling: Map<string, number> | null;
}

/** CPU time in ticks: busy, waiting for I/O (Linux only; idle otherwise), and all. */
export interface CpuTicks {
  busy: number;
  iowait: number;
  total: number;
}

export interface ProcessTime {
  name: string;
  parent: number | null;
  cpuSeconds: number;
  /** When it started (Linux: ticks since boot), to tell a reused process id from the same process. */
  started?: number | null;
}

export interface DiskCounters {
  /** Reads, writes and discards completed. */
  requests: number;
  readBytes: number;
  writtenBytes: number;
  /** Milliseconds: summed over the requests; with any request in flight; weighted by how many were. */
  requestMs: number;
  busyMs: number;
  queueMs: number;
}

export interface DiskRates {
  name: string;
  busy: number;
  readBytesPerSecond: number;
  writeBytesPerSecond: number;
  queue: number;
  waitMs: number | null;
}

/** What the reader said about the NAS once, before its first block. */
export interface ReaderHeader {
  platform: string;
  /** Linux's USER_HZ: /proc's CPU ticks per second. */
  ticksPerSecond: number;
  pageBytes: number;
  /** The reader's own shell: it and its awk are not the NAS's load. */
  readerPid: number | null;
  /** Whole block devices (Linux /sys/block); empty when /sys could not be read. */
  wholeDisks: Set<string>;
  /** Partition → the disk it is on. */
  partitionOf: Map<string, string>;
  /** Array (md device, btrfs file system) → the devices it is made of (partitions or disks). */
  members: Map<string, string[]>;
  /** Process id → the cores its cgroup lets it use, where a CPU quota applies. */
  cpuLimits: Map<number, number>;
  /** Process id → the cgroup whose quota holds it: the quota is the group's, shared by all its processes. */
  cpuGroups: Map<number, string>;
  /** Cgroup → the length of its quota's period, in seconds (the quota is so much CPU every period). */
  cpuPeriods: Map<string, number>;
  /** Process id → the first word of its command line, for names the kernel cut at 15 characters. */
  commandWords: Map<number, string>;
}

export function emptySnapshot(): Snapshot {
  return {
    clock: null,
    cpu: null,
    cores: [],
    processes: new Map(),
    memory: null,
    swap: null,
    diskCounters: null,
    diskRates: null,
    interfaces: null,
    throttling: null,
  };
}

export function emptyHeader(): ReaderHeader {
  return {
    platform: 'unknown',
    ticksPerSecond: 100,
    pageBytes: 4096,
    readerPid: null,
    wholeDisks: new Set(),
    partitionOf: new Map(),
    members: new Map(),
    cpuLimits: new Map(),
    cpuGroups: new Map(),
    cpuPeriods: new Map(),
    commandWords: new Map(),
  };
}

/** Splits on runs of spaces and tabs, ignoring leading ones. */
export function fields(line: string): string[] {
  return line.trim().split(/\s+/);
}

/** The numbers of a list of fields; NaN where a field is not one (callers check). */
export function numbers(values: readonly string[]): number[] {
  return values.map((value) => (value === '' ? Number.NaN : Number(value)));
}
