import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRunFile } from '../../shared/contract/runs';
import { figuresOfRun } from '../../shared/verdicts/figures-of-run';
import { baselineOf } from '../../electron/engine/nas-view';
import { explainFigures, noFigures, type Figures, type NasViewFigure } from '../../shared/verdicts';
import { testSamplesOf } from '../../shared/verdicts/nas-views';
import type { NasResources } from '../../shared/contract/nas-resources';
import { iperf3Rates, resourcesOf } from '../helpers/nas-view';

/**
 * The verdicts about the NAS's own view, from streams captured while real loads ran (README.md of
 * tests/fixtures/nas-view) and, where a rate matters, the test's own rate over the same seconds.
 */
const nasView = (test: string, kind: NasViewFigure['kind'], resources: NasResources, rates: number[] = []) => ({
  test,
  kind,
  rates,
  resources,
});
const verdicts = (...views: NasViewFigure[]) => explainFigures({ ...noFigures(), nasViews: views } satisfies Figures);
const ids = (...views: NasViewFigure[]) => verdicts(...views).map((verdict) => verdict.id);
const nasIds = (...views: NasViewFigure[]) => ids(...views).filter((id) => id.startsWith('nas-'));

describe('the NAS’s CPU is the limit', () => {
  it('names iperf3 held to its 5% CPU quota while the rate stayed flat (the lab’s low-power NAS)', () => {
    const view = nasView(
      'Upload (this computer to the NAS)',
      'network',
      resourcesOf('iperf3-cpu-quota'),
      iperf3Rates('iperf3-cpu-quota'),
    );
    const verdict = verdicts(view).find((found) => found.id === 'nas-cpu-limit');
    expect(verdict?.severity).toBe('problem');
    expect(verdict?.text).toContain('iperf3 used all the CPU its group may use (5% of a core');
    expect(verdict?.text).toContain('iperf3 before 3.16');
    expect(verdict?.figures.cpuLimitPercent).toBeCloseTo(5);
    expect(verdict?.figures.peggedSeconds).toBeGreaterThanOrEqual(0.6 * (verdict?.figures.seconds ?? 0));
  });

  it('a quota shared by two processes: the group at its quota holds both, though neither alone used it all', () => {
    const resources = resourcesOf('iperf3-shared-quota');
    // Each second, every process of the group carries what the group used together.
    const inGroup = resources.samples.flatMap((sample) => sample.top.filter((process) => process.cpuLimit === 0.05));
    for (const process of inGroup) expect(process.groupCpu).toBeGreaterThanOrEqual(process.cpu);
    expect(inGroup.some((process) => (process.groupCpu ?? 0) - process.cpu >= 0.015)).toBe(true);
    const view = nasView('Upload', 'network', resources, iperf3Rates('iperf3-shared-quota'));
    const verdict = verdicts(view).find((found) => found.id === 'nas-cpu-limit');
    expect(verdict?.text).toMatch(
      /used all the CPU its group may use \(5% of a core, a CPU quota; \w+ itself \d% of a core, the rest the group’s other processes\)/,
    );
    expect(verdict?.figures.groupCpuPercent).toBeCloseTo(5, 0);
  });

  it('names smbd held to its quota through a copy whose write and read each ran at its own level (a recorded lab copy)', () => {
    const file = path.join(__dirname, '../fixtures/runs/lab-copy-smbd-quota.json');
    const figures = figuresOfRun(parseRunFile(readFileSync(file, 'utf8')));
    const [view] = figures.nasViews ?? [];
    // The write's seconds, then the read's: their sum per second would step from one level to the other.
    expect(view?.lines).toHaveLength(2);
    const verdict = explainFigures(figures).find((found) => found.id === 'nas-cpu-limit');
    expect(verdict?.text).toContain('smbd used all the CPU its group may use');
    expect(verdict?.text).toMatch(/while the rate held at [\d.]+ MB\/s, then [\d.]+ MB\/s\. Samba/);
    expect(verdict?.figures.peggedSeconds).toBeGreaterThanOrEqual(0.6 * (verdict?.figures.seconds ?? 0));
  });

  it('still names smbd when the copy’s read stalled in most of its seconds: the quota explains a stall, it does not hide one', () => {
    // The recorded copy with two of every three read seconds at 0, as the lab's copy at 2.5% of a core
    // ran when its login was held too (2 runs in 7: 1.4–1.9 MB/s, stop-and-go). A median of 0 is no level
    // to quote; the write's is.
    const file = path.join(__dirname, '../fixtures/runs/lab-copy-smbd-quota.json');
    const figures = figuresOfRun(parseRunFile(readFileSync(file, 'utf8')));
    const [view] = figures.nasViews ?? [];
    const [write, read] = view?.lines ?? [];
    if (!view || !write || !read) throw new Error('the recorded copy has a write and a read line');
    const stalled = read.map((rate, second) => (second % 3 === 0 ? rate : 0));
    const verdict = explainFigures({ ...figures, nasViews: [{ ...view, lines: [write, stalled] }] }).find(
      (found) => found.id === 'nas-cpu-limit',
    );
    expect(verdict?.text).toContain('smbd used all the CPU its group may use');
    expect(verdict?.text).toMatch(/the rate (held at|about) [\d.]+ MB\/s\. Samba/);
  });

  it('judges a network test by its own seconds, not the iperf3 start and cleanup around it (a recorded lab run)', () => {
    // 10 s upload to the lab's low-power NAS, iperf3 held to 2.5% of a core from its 20th ms of CPU (as
    // tests/integration/nas-view.test.ts holds it): 9 samples, 1.1–2.5 s apart (the reader shares the
    // quota), the last three after the test. Over all nine, iperf3's ticks read at its quota in 5 — no
    // verdict; over the test's own seven, 5 of 7.
    const file = path.join(__dirname, '../fixtures/runs/lab-net-iperf3-quota.json');
    const figures = figuresOfRun(parseRunFile(readFileSync(file, 'utf8')));
    const [view] = figures.nasViews ?? [];
    if (!view?.testSeconds) throw new Error('the recorded run keeps the seconds of its test');
    const own = testSamplesOf(view);
    expect(view.resources.samples).toHaveLength(9);
    expect(own.map((sample) => sample.t)).toEqual(view.resources.samples.slice(0, 7).map((sample) => sample.t));
    const verdict = explainFigures(figures).find((found) => found.id === 'nas-cpu-limit');
    expect(verdict?.text).toContain('iperf3 used all the CPU its group may use (2.5% of a core, a CPU quota)');
    expect(verdict?.text).toContain('in 5 of 7 seconds of Upload');
    const { testSeconds: _kept, ...unaligned } = view;
    expect(explainFigures({ ...figures, nasViews: [unaligned] }).map((found) => found.id)).not.toContain(
      'nas-cpu-limit',
    );
  });

  it('counts a second the kernel held the group back in, though its ticks read low: 0.006 of a core under a 0.025 quota', () => {
    // The same run with two of its held seconds reading as a busy lab's did (0.0063 of a core while the
    // group was held back in 69% of the periods): /proc's hundredths say little at 2.5% of a core.
    const file = path.join(__dirname, '../fixtures/runs/lab-net-iperf3-quota.json');
    const figures = figuresOfRun(parseRunFile(readFileSync(file, 'utf8')));
    const [view] = figures.nasViews ?? [];
    if (!view) throw new Error('the recorded run has a NAS view');
    const low = (throttled: number | undefined) => ({
      ...view,
      resources: {
        ...view.resources,
        samples: view.resources.samples.map((sample, index) =>
          index === 2 || index === 3
            ? {
                ...sample,
                top: sample.top.map((process) => ({
                  ...process,
                  cpu: 0.0063,
                  groupCpu: 0.0063,
                  groupThrottled: throttled,
                })),
              }
            : sample,
        ),
      },
    });
    const found = (throttled: number | undefined) =>
      explainFigures({ ...figures, nasViews: [low(throttled)] }).find((verdict) => verdict.id === 'nas-cpu-limit');
    expect(found(0.69)?.text).toContain('iperf3 used all the CPU its group may use');
    expect(found(0.2)).toBeUndefined();
    expect(found(undefined)).toBeUndefined();
  });

  it('judges a rate line by line: two lines that each kept their level hold, their sum stepping between them does not', () => {
    // iperf3's recorded seconds at one level, then the same seconds at 1.6 times that, one after the other.
    const first = iperf3Rates('iperf3-cpu-quota');
    const second = first.map((rate) => rate * 1.6);
    // A process keeping one core full, no quota: only a held rate shows that it held the test back.
    const pegged = resourcesOf('core-pegged');
    expect(nasIds(nasView('Upload', 'network', pegged, first))).toContain('nas-cpu-limit');
    const asLines = { ...nasView('Upload', 'network', pegged, [...first, ...second]), lines: [first, second] };
    expect(verdicts(asLines).find((found) => found.id === 'nas-cpu-limit')?.text).toMatch(
      /while the rate held at [\d.]+ MB\/s, then [\d.]+ MB\/s/,
    );
    expect(nasIds(nasView('Upload', 'network', pegged, [...first, ...second]))).not.toContain('nas-cpu-limit');
  });

  it('says all cores were busy when they were, naming the busiest process', () => {
    const verdict = verdicts(nasView('SMB write', 'copy', resourcesOf('cpu-full'))).find(
      (found) => found.id === 'nas-cpu-limit',
    );
    expect(verdict?.text).toMatch(/all its cores were (9\d|100)% busy during SMB write, openssl using the most/);
    expect(verdict?.figures.cpuBusyPercent).toBeGreaterThan(90);
  });

  it('makes no claim about one pegged core without the test’s rate to show it held the test back', () => {
    expect(nasIds(nasView('SMB write', 'copy', resourcesOf('core-pegged')))).not.toContain('nas-cpu-limit');
  });

  it('makes no claim when the rate sagged, though iperf3 kept its core full for a while', () => {
    const view = nasView('Upload', 'network', resourcesOf('iperf3-loopback'), iperf3Rates('iperf3-loopback'));
    expect(nasIds(view)).not.toContain('nas-cpu-limit');
  });

  it('says nothing for a NAS with room to spare', () => {
    expect(nasIds(nasView('Upload', 'network', resourcesOf('busybox-userland')))).toEqual([]);
  });
});

describe('the NAS’s drives', () => {
  it('a drive busy near 100% through a disk test is the answer, said as a fact', () => {
    const verdict = verdicts(nasView('SEQ1M Q8T1 write', 'disk', resourcesOf('disk-busy'))).find(
      (found) => found.id === 'nas-disk-busy',
    );
    expect(verdict?.severity).toBe('info');
    expect(verdict?.text).toMatch(/vda was busy (9\d|100)% of the time \(writing [\d.,]+ MB\/s/);
  });

  it('the same drive behind a copy is a problem', () => {
    const verdict = verdicts(nasView('SMB write', 'copy', resourcesOf('disk-busy'))).find(
      (found) => found.id === 'nas-disk-busy',
    );
    expect(verdict?.severity).toBe('problem');
    expect(verdict?.text).toContain('The copy waited on the drives');
  });

  it('names the one slow member of a 4-drive array, and it alone', () => {
    const found = verdicts(nasView('SEQ1M Q8T1 write', 'disk', resourcesOf('array-slow-member'))).filter(
      (verdict) => verdict.id === 'nas-disk-lagging',
    );
    expect(found).toHaveLength(1);
    expect(found[0]?.text).toContain('loop3 was busy');
    expect(found[0]?.text).toContain('loop0, loop1 and loop2');
    expect(found[0]?.figures.busyPercent).toBeGreaterThan(2 * (found[0]?.figures.siblingsBusyPercent ?? 100));
    expect(found[0]?.figures.waitMs).toBeGreaterThan(2 * (found[0]?.figures.siblingsWaitMs ?? 100));
  });

  it('finds no lagging drive in an array whose drives keep pace, nor on a NAS of one drive', () => {
    expect(nasIds(nasView('SEQ1M Q8T1 write', 'disk', resourcesOf('disk-busy')))).not.toContain('nas-disk-lagging');
    expect(nasIds(nasView('Upload', 'network', resourcesOf('core-pegged')))).not.toContain('nas-disk-lagging');
  });
});

describe('memory and what ran before', () => {
  it('says the NAS swapped, with how much', () => {
    const verdict = verdicts(nasView('SMB write', 'copy', resourcesOf('swapping'))).find(
      (found) => found.id === 'nas-swapping',
    );
    expect(verdict?.text).toMatch(/swapped during SMB write: [\d.]+ (MiB|GiB) went out to swap/);
    expect(verdict?.figures.swapOutBytes).toBeGreaterThan(1024 * 1024);
  });

  it('no swapping, no word of it', () => {
    expect(nasIds(nasView('SMB write', 'copy', resourcesOf('disk-busy')))).not.toContain('nas-swapping');
  });

  it('says the NAS was busy before the test began, naming the task', () => {
    const baseline = baselineOf(resourcesOf('baseline-busy').samples);
    const view = nasView('Upload', 'network', resourcesOf('busybox-userland', baseline));
    const verdict = verdicts(view).find((found) => found.id === 'nas-busy-before');
    expect(verdict?.severity).toBe('warn');
    expect(verdict?.text).toMatch(/openssl was using (5\d|6\d)% of a core/);
  });

  it('a quiet baseline is no finding', () => {
    // The first second of the BusyBox capture, when nothing else ran.
    const quiet = baselineOf(resourcesOf('busybox-userland').samples.slice(0, 1));
    expect(nasIds(nasView('Upload', 'network', resourcesOf('busybox-userland', quiet)))).not.toContain(
      'nas-busy-before',
    );
  });
});
