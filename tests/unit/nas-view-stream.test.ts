import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { baselineOf, NasViewStream } from '../../electron/engine/nas-view';
import { NasResources } from '../../shared/contract/nas-resources';
import { median } from '../../shared/util/spread';
import { resourcesOf } from '../helpers/nas-view';

/**
 * The reader's own streams, captured on this machine while a real load ran (README.md), read into
 * samples. Loads from other work on the machine show in them too, as they would on a NAS.
 */
const streams = [
  'busybox-userland',
  'core-pegged',
  'cpu-full',
  'baseline-busy',
  'iperf3-loopback',
  'iperf3-cpu-quota',
  'disk-busy',
  'array-slow-member',
  'swapping',
];

describe.each(streams)('the %s stream', (name) => {
  const resources = resourcesOf(name);

  it('gives one sample per reading after the first, in the contract’s shape', () => {
    const readings = readFileSync(`tests/fixtures/nas-view/${name}.stream`, 'utf8').match(/^@@end$/gm)?.length ?? 0;
    expect(resources.samples).toHaveLength(readings - 1);
    expect(NasResources.parse(resources)).toEqual(resources);
    expect(resources.unreadable).toEqual([]);
    const times = resources.samples.map((sample) => sample.t);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('never counts a busier core than the busiest, nor the reader itself', () => {
    for (const sample of resources.samples) {
      // All cores together are never busier than the busiest one (up to the moment between reading them).
      expect(sample.cpuBusy).toBeLessThanOrEqual(sample.coreMax + 0.01);
      expect(sample.top.map((process) => process.name)).not.toContain('awk');
    }
  });
});

describe('what the captured loads look like', () => {
  it('one process on one core: openssl first every second, its core full, the other free', () => {
    const { samples } = resourcesOf('core-pegged');
    expect(samples.every((sample) => sample.top[0]?.name === 'openssl')).toBe(true);
    expect(median(samples.map((sample) => sample.top[0]?.cpu ?? 0))).toBeGreaterThan(0.9);
    expect(median(samples.map((sample) => sample.coreMax))).toBeGreaterThan(0.95);
    expect(median(samples.map((sample) => sample.cpuBusy))).toBeLessThan(0.9);
  });

  it('agrees with BusyBox top on the busiest process at the same moment', () => {
    const top = readFileSync('tests/fixtures/nas-view/busybox-top-pegged.txt', 'utf8').split('\n');
    const header = top.findIndex((line) => /^\s*PID\s+PPID/.test(line));
    const [pid, , , , , , percent, command] = (top[header + 1] ?? '').trim().split(/\s+/);
    const { samples } = resourcesOf('core-pegged');
    expect(command).toBe('openssl');
    expect(samples.some((sample) => sample.top[0]?.pid === Number(pid))).toBe(true);
    // BusyBox top counts a share of all (two) cores; the reader counts cores.
    const cores = (Number(percent?.replace('%', '')) / 100) * 2;
    const ratio = cores / median(samples.map((sample) => sample.top[0]?.cpu ?? 0));
    expect(ratio).toBeGreaterThan(0.85);
    expect(ratio).toBeLessThan(1.15);
  });

  it('every core busy: all cores near 100%', () => {
    const { samples } = resourcesOf('cpu-full');
    expect(median(samples.map((sample) => sample.cpuBusy))).toBeGreaterThan(0.9);
  });

  it('a disk written flat out: busy nearly all the time, at the rate fio reports', () => {
    const { samples } = resourcesOf('disk-busy');
    const vda = samples.flatMap((sample) => sample.disks.filter((disk) => disk.name === 'vda'));
    expect(median(vda.map((disk) => disk.busy))).toBeGreaterThan(0.9);
    const fio = JSON.parse(readFileSync('tests/fixtures/nas-view/disk-busy-fio.json', 'utf8')) as {
      jobs: { write: { bw_bytes: number } }[];
    };
    const written = median(vda.map((disk) => disk.writeBytesPerSecond));
    expect(written / (fio.jobs[0]?.write.bw_bytes ?? 1)).toBeGreaterThan(0.9);
    expect(written / (fio.jobs[0]?.write.bw_bytes ?? 1)).toBeLessThan(1.15);
  });

  it('a btrfs RAID10 of four: the array’s members, and the slow one busiest', () => {
    const resources = resourcesOf('array-slow-member');
    expect(resources.arrays?.[0]?.members).toEqual(['loop0', 'loop1', 'loop2', 'loop3']);
    const busy = (name: string) =>
      median(
        resources.samples.flatMap((sample) =>
          sample.disks.filter((disk) => disk.name === name).map((disk) => disk.busy),
        ),
      );
    for (const sibling of ['loop0', 'loop1', 'loop2']) expect(busy('loop3')).toBeGreaterThan(4 * busy(sibling));
  });

  it('swapping: pages out to swap while the program outgrew its memory', () => {
    const { samples } = resourcesOf('swapping');
    const out = samples.reduce((sum, sample) => sum + (sample.swapOutBytes ?? 0), 0);
    expect(out).toBeGreaterThan(1024 * 1024);
  });

  it('a process held to 5% of a core by its cgroup carries that limit', () => {
    const { samples } = resourcesOf('iperf3-cpu-quota');
    const iperf3 = samples.flatMap((sample) => sample.top.filter((process) => process.name === 'iperf3'));
    expect(iperf3.some((process) => process.cpuLimit === 0.05)).toBe(true);
  });
});

describe('the baseline', () => {
  it('names the task that was busy before the test and its share of a core', () => {
    const baseline = baselineOf(resourcesOf('baseline-busy').samples);
    expect(baseline?.top[0]?.name).toBe('openssl');
    // Held to 0.6 of a core by its cgroup.
    expect(baseline?.top[0]?.cpu).toBeGreaterThan(0.5);
    expect(baseline?.top[0]?.cpu).toBeLessThan(0.7);
  });

  it('is null when nothing was read', () => {
    expect(baselineOf(new NasViewStream().samples)).toBeNull();
  });
});
