import {
  emptySnapshot,
  fields,
  numbers,
  type CpuTicks,
  type DiskCounters,
  type ReaderHeader,
  type Snapshot,
} from './snapshot';

/**
 * A Linux block of the reader's stream (sections named by their /proc file, then "processes")
 * made into a {@link Snapshot}. Each part is read on its own: a file that could not be read leaves
 * its part null, never the others.
 */
export function linuxSnapshot(sections: ReadonlyMap<string, string[]>, header: ReaderHeader): Snapshot {
  const snapshot = emptySnapshot();
  const uptime = Number(fields(sections.get('/proc/uptime')?.[0] ?? '')[0]);
  snapshot.clock = Number.isFinite(uptime) ? uptime : null;
  const { total, cores } = cpuTicksOf(sections.get('/proc/stat') ?? []);
  snapshot.cpu = total;
  snapshot.cores = cores;
  snapshot.processes = processesOf(sections.get('processes') ?? [], header.ticksPerSecond);
  // Names made whole; those of processes that have ended are let go, so a day-long test keeps no more than are running.
  for (const [pid, words] of header.commandWords) {
    const process = snapshot.processes.get(pid);
    if (process) process.name = wholeName(process.name, words);
    else if (snapshot.processes.size > 0) header.commandWords.delete(pid);
  }
  snapshot.memory = memoryOf(sections.get('/proc/meminfo') ?? []);
  snapshot.swap = swapOf(sections.get('/proc/vmstat') ?? [], header.pageBytes);
  snapshot.diskCounters = diskCountersOf(sections.get('/proc/diskstats') ?? []);
  snapshot.interfaces = interfacesOf(sections.get('/proc/net/dev') ?? []);
  snapshot.throttling = throttlingOf(sections.get('throttling'));
  return snapshot;
}

/**
 * `THROTTLED GROUP` a line: from each quota'd cgroup's cpu.stat, nr_throttled (the periods in which
 * it used up its quota and was held back, so far). Null from readers before it was sent.
 */
export function throttlingOf(lines: readonly string[] | undefined): Snapshot['throttling'] {
  if (!lines) return null;
  const groups: NonNullable<Snapshot['throttling']> = new Map();
  for (const line of lines) {
    const [count = '', ...group] = fields(line);
    const throttled = Number(count);
    if (group.length > 0 && count !== '' && Number.isFinite(throttled)) groups.set(group.join(' '), throttled);
  }
  return groups;
}

/**
 * /proc/stat's `cpu` (all cores) and `cpuN` lines: user nice system idle iowait irq softirq steal
 * (guest time is already inside user). Busy is all but idle and iowait; iowait is idle time with
 * I/O outstanding, kept apart because it points at the disks, not the processor.
 */
export function cpuTicksOf(lines: readonly string[]): { total: CpuTicks | null; cores: CpuTicks[] } {
  let total: CpuTicks | null = null;
  const cores: CpuTicks[] = [];
  for (const line of lines) {
    const [name = '', ...rest] = fields(line);
    if (!/^cpu\d*$/.test(name)) continue;
    const [user, nice, system, idle, iowait = 0, irq = 0, softirq = 0, steal = 0] = numbers(rest);
    if ([user, nice, system, idle].some((value) => value === undefined || !Number.isFinite(value))) continue;
    const all = (user ?? 0) + (nice ?? 0) + (system ?? 0) + (idle ?? 0) + iowait + irq + softirq + steal;
    const ticks = { busy: all - (idle ?? 0) - iowait, iowait, total: all };
    if (name === 'cpu') total = ticks;
    else cores.push(ticks);
  }
  return { total, cores };
}

/**
 * /proc/<pid>/stat lines: `pid (name) state ppid …`, utime and stime the 14th and 15th fields, the
 * start time the 22nd. The name may hold spaces and parentheses, so it ends at the line's last ")".
 */
export function processesOf(lines: readonly string[], ticksPerSecond: number): Snapshot['processes'] {
  const processes: Snapshot['processes'] = new Map();
  for (const line of lines) {
    const open = line.indexOf(' (');
    const close = line.lastIndexOf(') ');
    if (open < 1 || close < open) continue;
    const pid = Number(line.slice(0, open));
    const after = fields(line.slice(close + 2));
    const parent = Number(after[1]);
    const utime = Number(after[11]);
    const stime = Number(after[12]);
    const started = Number(after[19]);
    if (!Number.isInteger(pid) || !Number.isFinite(utime) || !Number.isFinite(stime)) continue;
    processes.set(pid, {
      name: line.slice(open + 2, close),
      parent: Number.isInteger(parent) ? parent : null,
      cpuSeconds: (utime + stime) / ticksPerSecond,
      started: Number.isFinite(started) ? started : null,
    });
  }
  return processes;
}

/** Used memory as the kernel reckons it (total − available); caches apart. kB in /proc/meminfo. */
export function memoryOf(lines: readonly string[]): Snapshot['memory'] {
  const kB = new Map<string, number>();
  for (const line of lines) {
    const match = /^(\w+):\s+(\d+)/.exec(line);
    if (match) kB.set(match[1] as string, Number(match[2]));
  }
  const total = kB.get('MemTotal');
  if (total === undefined) return null;
  const caches = (kB.get('Buffers') ?? 0) + (kB.get('Cached') ?? 0);
  // Kernels before 3.14 have no MemAvailable: free and caches are what could be had back.
  const available = kB.get('MemAvailable') ?? (kB.get('MemFree') ?? 0) + caches;
  return { usedBytes: Math.max(0, total - available) * 1024, cachedBytes: caches * 1024 };
}

/** pswpin and pswpout of /proc/vmstat count pages swapped in and out since boot. */
export function swapOf(lines: readonly string[], pageBytes: number): Snapshot['swap'] {
  let pagesIn: number | undefined;
  let pagesOut: number | undefined;
  for (const line of lines) {
    const [key, value] = fields(line);
    if (key === 'pswpin') pagesIn = Number(value);
    if (key === 'pswpout') pagesOut = Number(value);
  }
  if (pagesIn === undefined || pagesOut === undefined) return null;
  return { inBytes: pagesIn * pageBytes, outBytes: pagesOut * pageBytes };
}

/**
 * /proc/diskstats: major minor name, then reads merged sectors ms, writes merged sectors ms,
 * in-flight, ms busy, weighted ms, and (since 4.18) the same four for discards. Sectors are 512
 * bytes whatever the disk's own sector size.
 */
export function diskCountersOf(lines: readonly string[]): Snapshot['diskCounters'] {
  if (lines.length === 0) return null;
  const disks = new Map<string, DiskCounters>();
  for (const line of lines) {
    const [, , name, ...rest] = fields(line);
    const values = numbers(rest);
    if (!name || values.length < 11 || values.slice(0, 11).some((value) => !Number.isFinite(value))) continue;
    const [reads = 0, , readSectors = 0, readMs = 0, writes = 0, , writtenSectors = 0, writeMs = 0] = values;
    const [discards = 0, , , discardMs = 0] = values.slice(11);
    disks.set(name, {
      requests: reads + writes + discards,
      readBytes: readSectors * 512,
      writtenBytes: writtenSectors * 512,
      requestMs: readMs + writeMs + discardMs,
      busyMs: values[9] ?? 0,
      queueMs: values[10] ?? 0,
    });
  }
  return disks;
}

/** /proc/net/dev: `name: rx-bytes packets errs drop fifo frame compressed multicast tx-bytes …`. */
export function interfacesOf(lines: readonly string[]): Snapshot['interfaces'] {
  const interfaces: NonNullable<Snapshot['interfaces']> = new Map();
  let seen = false;
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim();
    const values = numbers(fields(line.slice(colon + 1)));
    if (!name || name.includes('|') || values.length < 9) continue;
    seen = true;
    if (name === 'lo') continue;
    interfaces.set(name, { receivedBytes: values[0] ?? 0, sentBytes: values[8] ?? 0 });
  }
  return seen ? interfaces : null;
}

/** The reader's one-time lines: `@@nas-load linux hz=100 page=4096 reader=PID`, `@@block`, `@@part`, `@@member`. */
export function readHeaderLine(line: string, header: ReaderHeader): boolean {
  const [marker = '', ...rest] = fields(line);
  const path = rest[0] ?? '';
  const parts = path.split('/').filter(Boolean);
  if (marker === '@@nas-load') {
    header.platform = (rest[0] ?? 'unknown').toLowerCase();
    for (const setting of rest.slice(1)) {
      const [key, value] = setting.split('=');
      const number = Number(value);
      if (!Number.isFinite(number) || number <= 0) continue;
      if (key === 'hz') header.ticksPerSecond = number;
      if (key === 'page') header.pageBytes = number;
      if (key === 'reader') header.readerPid = number;
    }
    return true;
  }
  // /sys/block/sda
  if (marker === '@@block' && parts[2]) header.wholeDisks.add(parts[2]);
  // /sys/block/sda/sda1/partition
  else if (marker === '@@part' && parts[2] && parts[3]) header.partitionOf.set(parts[3], parts[2]);
  // /sys/block/md2/slaves/sda3, or /sys/fs/btrfs/<uuid>/devices/loop0
  else if (marker === '@@member' && parts.length >= 5) {
    const btrfs = parts[2] === 'btrfs';
    const array = btrfs ? `btrfs:${parts[3]}` : (parts[2] as string);
    const member = (btrfs ? parts[5] : parts[4]) ?? '';
    if (member) {
      // Added to in place: copying the list for each member is quadratic over a long header.
      const members = header.members.get(array) ?? [];
      members.push(member);
      header.members.set(array, members);
    }
  } else return false;
  return true;
}

/** `@@name PID FIRST-WORD`: the start of a process's command line, for a name the kernel cut (reader-script.ts). */
export function readFullName(line: string, header: ReaderHeader): void {
  const rest = line.slice('@@name '.length);
  const space = rest.indexOf(' ');
  const pid = Number(rest.slice(0, space));
  if (space > 0 && Number.isInteger(pid) && pid > 0) header.commandWords.set(pid, rest.slice(space + 1));
}

/**
 * A name the kernel cut at 15 characters, made whole from the command line's first word: the
 * program's file name ("/lib/systemd/systemd-journald") or a title a program set itself ("npm run
 * cli disk --dir …"). Only the name's own completion is kept (to the next space), never its
 * arguments, which may hold anything; a command line that does not start with the name (a pid
 * reused by another program) leaves the name as the kernel gave it.
 */
export function wholeName(cut: string, firstWord: string): string {
  const space = firstWord.indexOf(' ');
  const program = firstWord.slice(0, space < 0 ? undefined : space);
  const named = firstWord.slice(program.lastIndexOf('/') + 1);
  if (cut.length !== 15 || !named.startsWith(cut)) return cut;
  const rest = named.slice(cut.length);
  const end = rest.indexOf(' ');
  return cut + (end < 0 ? rest : rest.slice(0, end));
}

/**
 * `@@limit PID QUOTA PERIOD [GROUP]`: the process's cgroup (GROUP, its path) lets it use QUOTA of
 * every PERIOD microseconds. Readers before the group was sent leave it out. `@@limit PID none`:
 * the limit said before was lifted (samples from then on show none).
 */
export function readCpuLimit(line: string, header: ReaderHeader): void {
  const parts = fields(line);
  const [, pid, quota, period] = numbers(parts.slice(0, 4));
  if (pid !== undefined && parts[2] === 'none') {
    header.cpuLimits.delete(pid);
    header.cpuGroups.delete(pid);
    return;
  }
  if (
    !Number.isInteger(pid) ||
    pid === undefined ||
    quota === undefined ||
    period === undefined ||
    !(quota > 0 && period > 0)
  )
    return;
  header.cpuLimits.set(pid, quota / period);
  const group = parts.slice(4).join(' ');
  if (group) header.cpuGroups.set(pid, group);
  if (group) header.cpuPeriods.set(group, period / 1e6);
}
