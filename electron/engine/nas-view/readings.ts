import type {
  NasBaseline,
  NasDiskArray,
  NasDiskLoad,
  NasInterfaceLoad,
  NasProcessLoad,
  NasResourceSample,
} from '../../../shared/contract/nas-resources';
import type { CpuTicks, ReaderHeader, Snapshot } from './snapshot';

/** The busiest processes kept per sample. */
const topProcesses = 5;

/**
 * One sample from two readings a second or so apart: counters subtracted and divided by the time
 * between them on the NAS's own clock. Null when the readings cannot be told apart in time.
 */
export function sampleBetween(
  before: Snapshot,
  after: Snapshot,
  header: ReaderHeader,
  startClock: number,
): NasResourceSample | null {
  if (before.clock === null || after.clock === null || !(after.clock > before.clock)) return null;
  const seconds = after.clock - before.clock;
  const cpu = after.cpu && before.cpu ? shares(before.cpu, after.cpu) : null;
  const coreMax = Math.max(
    0,
    ...after.cores.map((core, index) => {
      const earlier = before.cores[index];
      return earlier ? shares(earlier, core).busy : 0;
    }),
  );
  const swapIn = after.swap && before.swap ? Math.max(0, after.swap.inBytes - before.swap.inBytes) : null;
  const swapOut = after.swap && before.swap ? Math.max(0, after.swap.outBytes - before.swap.outBytes) : null;
  const interfaces = interfaceRates(before, after, seconds);
  return {
    t: round(Math.max(0, after.clock - startClock), 3),
    cpuBusy: round(cpu?.busy ?? 0),
    cpuIowait: header.platform === 'linux' && cpu ? round(cpu.iowait) : null,
    coreMax: round(coreMax),
    top: busiestProcesses(before, after, seconds, header),
    memUsedBytes: after.memory?.usedBytes ?? null,
    swapInBytes: swapIn,
    swapOutBytes: swapOut,
    disks: after.diskRates
      ? after.diskRates.map((disk) => ({ ...disk, name: detached(disk.name), kind: diskKind(disk.name) }))
      : diskRates(before, after, header, seconds),
    memCachedBytes: after.memory?.cachedBytes ?? null,
    ...(interfaces ? { interfaces } : {}),
  };
}

function shares(before: CpuTicks, after: CpuTicks): { busy: number; iowait: number } {
  const total = after.total - before.total;
  if (!(total > 0)) return { busy: 0, iowait: 0 };
  return {
    busy: clampShare((after.busy - before.busy) / total),
    iowait: clampShare((after.iowait - before.iowait) / total),
  };
}

/**
 * CPU used by each process over the interval, in cores. A process that started in between used all
 * of its time in it. The reader itself (its shell and the awk it starts) is left out of the list, but
 * not out of its cgroup's use: a CPU quota is shared by every process of the group, the reader's too.
 */
function busiestProcesses(before: Snapshot, after: Snapshot, seconds: number, header: ReaderHeader) {
  const loads: NasProcessLoad[] = [];
  const groupUse = new Map<string, number>();
  const { readerPid, cpuLimits, cpuGroups } = header;
  for (const [pid, process] of after.processes) {
    const earlier = before.processes.get(pid);
    // A process id reused within the second is a new process. Linux tells by start time: names change
    // (a kernel worker's carries the work it is doing); FreeBSD's ps gives no start time, only names.
    const same =
      earlier && (process.started != null ? earlier.started === process.started : earlier.name === process.name);
    const used = (same ? process.cpuSeconds - earlier.cpuSeconds : process.cpuSeconds) / seconds;
    const group = cpuGroups.get(pid);
    if (group !== undefined) groupUse.set(group, (groupUse.get(group) ?? 0) + used);
    if (readerPid !== null && (pid === readerPid || process.parent === readerPid)) continue;
    const limit = cpuLimits.get(pid);
    if (used > 0)
      loads.push({ name: detached(process.name), cpu: round(used), pid, ...(limit ? { cpuLimit: limit } : {}) });
  }
  for (const load of loads) {
    const group = load.pid === undefined ? undefined : cpuGroups.get(load.pid);
    const used = group === undefined ? undefined : groupUse.get(group);
    if (used !== undefined) load.groupCpu = round(used);
    const held = group === undefined ? null : throttledShare(before, after, seconds, header, group);
    if (held !== null) load.groupThrottled = round(held);
  }
  return loads.sort((a, b) => b.cpu - a.cpu).slice(0, topProcesses);
}

/**
 * The share of the interval's quota periods in which the kernel held the group back (it had used
 * its quota and wanted more): the quota's own verdict, where a process's CPU seconds, counted in
 * hundredths, read 0.01–0.03 a second for a group held to 2.5% of a core. Null where not read.
 */
function throttledShare(
  before: Snapshot,
  after: Snapshot,
  seconds: number,
  header: ReaderHeader,
  group: string,
): number | null {
  const then = before.throttling?.get(group);
  const now = after.throttling?.get(group);
  const period = header.cpuPeriods.get(group);
  if (then === undefined || now === undefined || !period) return null;
  return clampShare((now - then) / (seconds / period));
}

/**
 * Per whole disk: busy share, rates, average queue and wait. Partitions are left out (their disk
 * counts them), and so are RAM disks, compressed RAM (zram) and devices never used since boot
 * (a NAS's dozens of idle loop devices).
 */
function diskRates(before: Snapshot, after: Snapshot, header: ReaderHeader, seconds: number): NasDiskLoad[] {
  const disks: NasDiskLoad[] = [];
  for (const [name, now] of after.diskCounters ?? []) {
    const then = before.diskCounters?.get(name);
    if (!then || !isWholeDisk(name, header) || /^(z?ram)\d+$/.test(name)) continue;
    if (now.requests === 0 && now.busyMs === 0) continue;
    const requests = now.requests - then.requests;
    const milliseconds = seconds * 1000;
    disks.push({
      name: detached(name),
      busy: round(clampShare((now.busyMs - then.busyMs) / milliseconds)),
      readBytesPerSecond: Math.round(Math.max(0, now.readBytes - then.readBytes) / seconds),
      writeBytesPerSecond: Math.round(Math.max(0, now.writtenBytes - then.writtenBytes) / seconds),
      queue: round(Math.max(0, (now.queueMs - then.queueMs) / milliseconds)),
      waitMs: requests > 0 ? round(Math.max(0, now.requestMs - then.requestMs) / requests, 3) : null,
      kind: diskKind(name),
    });
  }
  return disks;
}

/** A whole disk by /sys/block; without it (no /sys), by the usual partition names. */
function isWholeDisk(name: string, header: ReaderHeader): boolean {
  if (header.wholeDisks.size > 0) return header.wholeDisks.has(name);
  return !/^((sd|hd|vd|xvd)[a-z]+\d+|(nvme\d+n\d+|mmcblk\d+|loop\d+|sata\d+|usb\d+)p\d+)$/.test(name);
}

export function diskKind(name: string): NasDiskLoad['kind'] {
  if (/^md\d+$/.test(name)) return 'md';
  if (/^dm-\d+$/.test(name)) return 'dm';
  return 'disk';
}

function interfaceRates(before: Snapshot, after: Snapshot, seconds: number): NasInterfaceLoad[] | null {
  if (!after.interfaces || !before.interfaces) return null;
  const rates: NasInterfaceLoad[] = [];
  for (const [name, now] of after.interfaces) {
    const then = before.interfaces.get(name);
    if (!then || (now.receivedBytes === 0 && now.sentBytes === 0)) continue;
    rates.push({
      name: detached(name),
      receiveBytesPerSecond: Math.round(Math.max(0, now.receivedBytes - then.receivedBytes) / seconds),
      sendBytesPerSecond: Math.round(Math.max(0, now.sentBytes - then.sentBytes) / seconds),
    });
  }
  return rates;
}

/** md arrays and multi-device btrfs file systems, their members named by whole disk. */
export function arraysOf(header: ReaderHeader): NasDiskArray[] {
  return [...header.members]
    .map(([name, members]) => ({
      name,
      members: [...new Set(members.map((member) => header.partitionOf.get(member) ?? member))],
    }))
    .filter((array) => array.members.length > 1);
}

/** The baseline from the samples of a short reading: mean busy share, each process's mean CPU. */
export function baselineOf(samples: readonly NasResourceSample[]): NasBaseline | null {
  if (samples.length === 0) return null;
  const seconds = samples.length;
  const byPid = new Map<number | string, NasProcessLoad>();
  for (const sample of samples) {
    for (const process of sample.top) {
      const key = process.pid ?? process.name;
      const known = byPid.get(key);
      byPid.set(key, { ...process, cpu: (known?.cpu ?? 0) + process.cpu / seconds });
    }
  }
  return {
    cpuBusy: round(samples.reduce((sum, sample) => sum + sample.cpuBusy, 0) / seconds),
    top: [...byPid.values()]
      .map((process) => ({ ...process, cpu: round(process.cpu) }))
      .sort((a, b) => b.cpu - a.cpu)
      .slice(0, topProcesses),
    seconds: round(samples.at(-1)?.t ?? 0, 3),
  };
}

/**
 * A name as a string of its own. What the parsers cut from a line can be a view into the whole
 * chunk of output it came in (V8 keeps a long enough slice so), and a sample kept for the run would
 * then hold all of that chunk — a second's block of the reader's output — for as long as it is kept.
 */
function detached(name: string): string {
  return Buffer.from(name, 'utf8').toString('utf8');
}

function clampShare(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

function round(value: number, digits = 4): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
