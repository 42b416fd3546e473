import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  cpTimesOf,
  freebsdMemoryOf,
  iostatOf,
  netstatOf,
  psProcessesOf,
  sysctlValues,
} from '../../electron/engine/nas-view/freebsd';
import { cpuTicksOf, diskCountersOf, interfacesOf, memoryOf, swapOf } from '../../electron/engine/nas-view/linux';
import { sampleBetween } from '../../electron/engine/nas-view/readings';
import { emptyHeader, emptySnapshot } from '../../electron/engine/nas-view/snapshot';

/** The reader's parsers against single reads of /proc captured here and FreeBSD output published elsewhere (README.md). */
const lines = (name: string) => readFileSync(`tests/fixtures/nas-view/${name}`, 'utf8').split('\n');

describe('Linux /proc, captured', () => {
  it('reads the all-core and per-core CPU lines of /proc/stat', () => {
    const { total, cores } = cpuTicksOf(lines('proc-stat-pegged.txt'));
    expect(cores).toHaveLength(2);
    // The kernel's all-core line is the sum of its cores (each read a moment apart: within a few ticks).
    const sum = cores.reduce((all, core) => all + core.total, 0);
    expect(Math.abs((total?.total ?? 0) - sum) / sum).toBeLessThan(0.001);
    expect(total?.busy).toBeLessThan(total?.total ?? 0);
  });

  it('reads every device of /proc/diskstats, 17-field lines included', () => {
    const disks = diskCountersOf(lines('proc-diskstats-array.txt'));
    expect([...(disks?.keys() ?? [])]).toEqual(expect.arrayContaining(['loop0', 'loop3', 'vda', 'zram0']));
    const slow = disks?.get('loop3');
    const fast = disks?.get('loop0');
    // The throttled member: as many writes as its siblings, several times the time on them.
    expect(slow && fast && slow.requestMs / fast.requestMs).toBeGreaterThan(4);
    expect(slow?.writtenBytes).toBe(2150672 * 512);
  });

  it('reads used memory and swapped pages while a program swapped', () => {
    const memory = memoryOf(lines('proc-meminfo-swapping.txt'));
    const swap = swapOf(lines('proc-vmstat-swapping.txt'), 4096);
    expect(memory?.usedBytes).toBeGreaterThan(0);
    expect(memory?.cachedBytes).toBeGreaterThan(0);
    expect(swap?.outBytes).toBeGreaterThan(0);
  });

  it('reads /proc/net/dev without loopback or its two header lines', () => {
    const interfaces = interfacesOf(lines('proc-net-dev-iperf3-loopback.txt'));
    expect(interfaces?.has('lo')).toBe(false);
    expect(interfaces?.size).toBeGreaterThan(0);
    for (const name of interfaces?.keys() ?? []) expect(name).not.toMatch(/\||face/);
  });
});

describe('a Synology DSM /proc/diskstats without /sys (published excerpt)', () => {
  it('keeps the whole drive, not its partitions or RAM disks', () => {
    const counters = diskCountersOf(lines('synology-dsm-diskstats-excerpt.txt'));
    const before = { ...emptySnapshot(), clock: 0, diskCounters: counters };
    const after = { ...emptySnapshot(), clock: 1, diskCounters: counters };
    const sample = sampleBetween(before, after, { ...emptyHeader(), platform: 'linux' }, 0);
    expect(sample?.disks.map((disk) => disk.name)).toEqual(['sata1']);
  });
});

describe('FreeBSD (TrueNAS CORE), published captures', () => {
  const sysctl = sysctlValues(lines('freebsd-sysctl.txt'));

  it('reads kern.cp_time and one set of five per core from kern.cp_times', () => {
    const { total, cores } = cpTimesOf(sysctl);
    expect(cores).toHaveLength(4);
    expect(total?.total).toBe(12473173 + 1 + 3448733 + 167285 + 326340387);
    expect(total?.busy).toBe(12473173 + 1 + 3448733 + 167285);
  });

  it('counts inactive and laundry pages as reclaimable, not used', () => {
    const memory = freebsdMemoryOf(sysctl);
    expect(memory?.usedBytes).toBe((1005423 - 518559 - 253899) * 4096);
    expect(memory?.cachedBytes).toBe(253899 * 4096);
  });

  it('takes the last iostat report and leaves SCSI pass-through devices out', () => {
    const disks = iostatOf(lines('freebsd-iostat-x.txt'));
    expect(disks?.map((disk) => disk.name)).toEqual(['ada0', 'ada1']);
    // The first report (since boot) wrote 20.7 kB/s; the interval after it nothing.
    expect(disks?.every((disk) => disk.writeBytesPerSecond === 0)).toBe(true);
  });

  it('reads byte counters from the <Link#> rows of netstat -ibn only', () => {
    const interfaces = netstatOf(lines('freebsd-netstat-ibn.txt'));
    expect([...(interfaces?.entries() ?? [])]).toEqual([
      ['re0', { receivedBytes: 10224076134, sentBytes: 9129830082 }],
    ]);
  });

  it('reads CPU time and the command name from ps by its column names', () => {
    const processes = psProcessesOf(lines('freebsd-ps.txt'));
    expect(processes.get(34178)).toEqual({ name: 'sshd-session', parent: 34146, cpuSeconds: 0.16 });
    expect(processes.size).toBe(4);
  });
});
