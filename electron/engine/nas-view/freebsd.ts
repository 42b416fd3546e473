import { emptySnapshot, fields, numbers, type CpuTicks, type DiskRates, type Snapshot } from './snapshot';

/**
 * A FreeBSD block (TrueNAS CORE) made into a {@link Snapshot}: `iostat -x -d 1 2`, `sysctl NAME…`,
 * `netstat -ibn` and `ps -ax -o pid,ppid,time,comm`. FreeBSD has no /proc of Linux's kind.
 */
export function freebsdSnapshot(sections: ReadonlyMap<string, string[]>): Snapshot {
  const snapshot = emptySnapshot();
  const sysctl = sysctlValues(sections.get('sysctl') ?? []);
  const { total, cores } = cpTimesOf(sysctl);
  snapshot.cpu = total;
  snapshot.cores = cores;
  // The CPU counters are the clock: all cores' ticks ÷ cores ÷ stathz is seconds, to the tick.
  const stathz = Number(/stathz\s*=\s*(\d+)/.exec(sysctl.get('kern.clockrate') ?? '')?.[1]);
  if (total && cores.length > 0 && stathz > 0) snapshot.clock = total.total / cores.length / stathz;
  snapshot.memory = freebsdMemoryOf(sysctl);
  snapshot.swap = freebsdSwapOf(sysctl);
  snapshot.processes = psProcessesOf(sections.get('ps') ?? []);
  snapshot.diskRates = iostatOf(sections.get('iostat') ?? []);
  snapshot.interfaces = netstatOf(sections.get('netstat') ?? []);
  return snapshot;
}

/** `name: value` lines of sysctl (values may hold spaces: kern.cp_times, kern.clockrate). */
export function sysctlValues(lines: readonly string[]): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of lines) {
    const match = /^([\w.%-]+):\s?(.*)$/.exec(line);
    if (match) values.set(match[1] as string, (match[2] as string).trim());
  }
  return values;
}

/** kern.cp_time (all cores) and kern.cp_times (five per core): user nice sys intr idle. No iowait on FreeBSD. */
export function cpTimesOf(sysctl: ReadonlyMap<string, string>): { total: CpuTicks | null; cores: CpuTicks[] } {
  const ticksOf = (values: number[]): CpuTicks | null => {
    if (values.length !== 5 || values.some((value) => !Number.isFinite(value))) return null;
    const all = values.reduce((sum, value) => sum + value, 0);
    return { busy: all - (values[4] ?? 0), iowait: 0, total: all };
  };
  const total = ticksOf(numbers(fields(sysctl.get('kern.cp_time') ?? '')));
  const perCore = numbers(fields(sysctl.get('kern.cp_times') ?? ''));
  const cores: CpuTicks[] = [];
  for (let start = 0; start + 5 <= perCore.length; start += 5) {
    const ticks = ticksOf(perCore.slice(start, start + 5));
    if (ticks) cores.push(ticks);
  }
  return { total, cores };
}

/**
 * Used memory: all pages but the free and the reclaimable (inactive, laundry, the old cache
 * queue), less the ZFS ARC, which FreeBSD counts as wired but gives back under pressure: on a
 * TrueNAS box it is most of the RAM and says nothing about how full memory is.
 */
export function freebsdMemoryOf(sysctl: ReadonlyMap<string, string>): Snapshot['memory'] {
  const count = (name: string) => Number(sysctl.get(`vm.stats.vm.${name}`) ?? 0);
  const page = Number(sysctl.get('hw.pagesize') ?? sysctl.get('vm.stats.vm.v_page_size'));
  const pages = count('v_page_count');
  if (!(page > 0) || !(pages > 0)) return null;
  const reclaimable = count('v_inactive_count') + count('v_laundry_count') + count('v_cache_count');
  const arc = Number(sysctl.get('kstat.zfs.misc.arcstats.size') ?? 0) || 0;
  const used = (pages - count('v_free_count') - reclaimable) * page - arc;
  return { usedBytes: Math.max(0, used), cachedBytes: reclaimable * page + arc };
}

export function freebsdSwapOf(sysctl: ReadonlyMap<string, string>): Snapshot['swap'] {
  const pagesIn = Number(sysctl.get('vm.stats.vm.v_swappgsin'));
  const pagesOut = Number(sysctl.get('vm.stats.vm.v_swappgsout'));
  const page = Number(sysctl.get('hw.pagesize'));
  if (!Number.isFinite(pagesIn) || !Number.isFinite(pagesOut) || !(page > 0)) return null;
  return { inBytes: pagesIn * page, outBytes: pagesOut * page };
}

/**
 * `ps` with a header naming its columns (PID, PPID, TIME, COMMAND); TIME is minutes:seconds.hundredths
 * of CPU used. The idle process holds the idle threads' time: it is no load.
 */
export function psProcessesOf(lines: readonly string[]): Snapshot['processes'] {
  const processes: Snapshot['processes'] = new Map();
  const headerAt = lines.findIndex((line) => /^\s*PID\s/.test(line));
  const columns = fields(lines[headerAt] ?? '');
  const pidAt = columns.indexOf('PID');
  const parentAt = columns.indexOf('PPID');
  const timeAt = columns.indexOf('TIME');
  const nameAt = columns.indexOf('COMMAND');
  if (headerAt < 0 || pidAt < 0 || timeAt < 0 || nameAt < 0) return processes;
  for (const line of lines.slice(headerAt + 1)) {
    const values = fields(line);
    const pid = Number(values[pidAt]);
    const time = /^(\d+):(\d+(?:\.\d+)?)$/.exec(values[timeAt] ?? '');
    // The name is the last column in our own ps line and may hold spaces; elsewhere it is one word.
    const name = nameAt === columns.length - 1 ? values.slice(nameAt).join(' ') : values[nameAt];
    if (!Number.isInteger(pid) || !time || !name || name === 'idle') continue;
    const parent = Number(values[parentAt]);
    processes.set(pid, {
      name,
      parent: parentAt >= 0 && Number.isInteger(parent) ? parent : null,
      cpuSeconds: Number(time[1]) * 60 + Number(time[2]),
    });
  }
  return processes;
}

/**
 * `iostat -x` prints a report since boot, then one per interval: the last report is the second just
 * gone. Columns are found by name (r/s, w/s, kr/s, kw/s, ms/t or svc_t, qlen, %b). SCSI pass-through
 * and optical devices are not disks.
 */
export function iostatOf(lines: readonly string[]): DiskRates[] | null {
  const headerAt = lines.findLastIndex((line) => /^\s*device\s/.test(line));
  if (headerAt < 0) return null;
  const columns = fields(lines[headerAt] as string);
  const at = (name: string) => columns.indexOf(name);
  const rates: DiskRates[] = [];
  for (const line of lines.slice(headerAt + 1)) {
    if (/extended device statistics/.test(line)) break;
    const values = fields(line);
    const name = values[0] ?? '';
    if (!name || /^(pass|cd)\d+$/.test(name)) continue;
    const value = (column: string) => Number(values[at(column)] ?? Number.NaN);
    const busy = value('%b');
    if (!Number.isFinite(busy)) continue;
    const wait = at('ms/t') >= 0 ? value('ms/t') : value('svc_t');
    const requests = value('r/s') + value('w/s');
    rates.push({
      name,
      busy: Math.min(1, busy / 100),
      readBytesPerSecond: value('kr/s') * 1024,
      writeBytesPerSecond: value('kw/s') * 1024,
      queue: Math.max(0, value('qlen')) || 0,
      waitMs: requests > 0 && Number.isFinite(wait) ? wait : null,
    });
  }
  return rates;
}

/**
 * `netstat -ibn`: the `<Link#N>` row of each interface carries its byte counters. They are counted
 * from the right, since an interface without a link-layer address leaves the Address column empty.
 */
export function netstatOf(lines: readonly string[]): Snapshot['interfaces'] {
  const header = fields(lines.find((line) => /^Name\s/.test(line)) ?? '');
  const fromRight = (name: string) => header.length - header.indexOf(name);
  if (!header.includes('Ibytes') || !header.includes('Obytes')) return null;
  const interfaces: NonNullable<Snapshot['interfaces']> = new Map();
  for (const line of lines) {
    const values = fields(line);
    const name = values[0] ?? '';
    if (!values[2]?.startsWith('<Link#') || /^lo\d*$/.test(name)) continue;
    const received = Number(values[values.length - fromRight('Ibytes')]);
    const sent = Number(values[values.length - fromRight('Obytes')]);
    if (Number.isFinite(received) && Number.isFinite(sent))
      interfaces.set(name, { receivedBytes: received, sentBytes: sent });
  }
  return interfaces;
}
