import { describe, expect, it } from 'vitest';
import { NasViewStream } from '../../electron/engine/nas-view';
import { KeptSamples, keptSamplesCap, mergeSamples } from '../../electron/engine/nas-view/kept-samples';
import type { NasResources, NasResourceSample } from '../../shared/contract/nas-resources';
import type { Verdict } from '../../shared/contract/verdict';
import { explainFigures, noFigures, type NasViewFigure } from '../../shared/verdicts';
import { iperf3Rates, resourcesOf } from '../helpers/nas-view';
import { ReaderReplay } from '../helpers/nas-view-replay';

/**
 * What the reader keeps of a long test: every second up to a cap, then neighbours merged. Fed with
 * captured streams played on for many times their length (tests/helpers/nas-view-replay.ts), read
 * line by line as the app reads them, with a small cap so that the merging runs many levels deep.
 */
function replayed(name: string, seconds: number, keep: number): NasResources {
  const replay = new ReaderReplay(name);
  const stream = new NasViewStream(() => undefined, keep);
  for (const line of replay.header.split('\n')) stream.push(line);
  for (let block = 0; block <= seconds; block += 1)
    for (const line of replay.block(block).split('\n')) stream.push(line);
  return { baseline: null, ...stream.resources() };
}

const spanOf = (sample: NasResourceSample) => sample.seconds ?? 1;

describe('the samples a long test keeps', () => {
  it('every second up to the cap; then exactly the cap, every second accounted for, oldest the coarsest', () => {
    const full = replayed('disk-busy', 500, Infinity);
    const kept = replayed('disk-busy', 500, 32);
    expect(full.samples).toHaveLength(500);
    expect(replayed('disk-busy', 32, 32).samples).toEqual(full.samples.slice(0, 32));
    expect(kept.samples).toHaveLength(32);
    const spans = kept.samples.map(spanOf);
    expect(spans.reduce((sum, span) => sum + span, 0)).toBe(500);
    // Powers of two, never finer further back: a merged sample stands for whole neighbours.
    for (const [index, span] of spans.entries()) {
      expect(Math.log2(span) % 1).toBe(0);
      if (index > 0) expect(span).toBeLessThanOrEqual(spans[index - 1] as number);
    }
    // Each ends where the last of its seconds ended, in order, to the stream's last.
    const ends = kept.samples.map((sample) => sample.t);
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
    expect(ends.at(-1)).toBe(full.samples.at(-1)?.t);
    let second = 0;
    for (const sample of kept.samples) {
      second += spanOf(sample);
      expect(sample.t).toBe(full.samples[second - 1]?.t);
    }
  });

  it('a day keeps an hour’s worth (24 times the cap: a tenth of both here), in two resolutions but for the newest few', () => {
    // The spans alone, from one reading over and over: what is merged is what the other tests check.
    const cap = keptSamplesCap / 10;
    const kept = new KeptSamples(cap);
    const one = resourcesOf('busybox-userland').samples[0] as NasResourceSample;
    for (let second = 0; second < 24 * cap; second += 1) kept.push(one);
    const spans = kept.samples.map(spanOf);
    expect(spans).toHaveLength(cap);
    expect(spans.reduce((sum, span) => sum + span, 0)).toBe(24 * cap);
    const common = [...new Set(spans)].filter((span) => spans.filter((other) => other === span).length > 10);
    expect(common.sort((a, b) => a - b)).toEqual([16, 32]);
  });

  it('keeps what the verdicts read: means over the seconds, swapped bytes summed, the highest memory', () => {
    const [a, b] = resourcesOf('swapping').samples as [NasResourceSample, NasResourceSample];
    const merged = mergeSamples({ ...a, seconds: 2 }, b);
    expect(merged.seconds).toBe(3);
    expect(merged.t).toBe(b.t);
    expect(merged.cpuBusy).toBeCloseTo((2 * a.cpuBusy + b.cpuBusy) / 3, 3);
    expect(merged.coreMax).toBeCloseTo((2 * a.coreMax + b.coreMax) / 3, 3);
    expect(merged.swapOutBytes).toBe((a.swapOutBytes ?? 0) + (b.swapOutBytes ?? 0));
    expect(merged.memUsedBytes).toBe(Math.max(a.memUsedBytes ?? 0, b.memUsedBytes ?? 0));
    const busiest = b.top[0];
    const before = a.top.find((process) => process.pid === busiest?.pid);
    expect(merged.top.find((process) => process.pid === busiest?.pid)?.cpu).toBeCloseTo(
      (2 * (before?.cpu ?? 0) + (busiest?.cpu ?? 0)) / 3,
      3,
    );
    expect(merged.top.length).toBeLessThanOrEqual(5);
    const drive = b.disks[0];
    const then = a.disks.find((disk) => disk.name === drive?.name);
    expect(merged.disks.find((disk) => disk.name === drive?.name)?.busy).toBeCloseTo(
      (2 * (then?.busy ?? 0) + (drive?.busy ?? 0)) / 3,
      3,
    );
  });
});

describe('a steady load: the verdicts on the kept samples are the ones on every second', () => {
  const seconds = 300;
  /** The test's own rate, each second: a captured iperf3 test's seconds over and over (a held level). */
  const held = Array.from({ length: seconds }, (_, second) => {
    const rates = iperf3Rates('iperf3-cpu-quota');
    return rates[second % rates.length] as number;
  });
  const cases: { stream: string; test: string; kind: NasViewFigure['kind']; expected: string; rates?: number[] }[] = [
    {
      stream: 'core-pegged',
      test: 'Upload (this computer to the NAS)',
      kind: 'network',
      expected: 'nas-cpu-limit',
      rates: held,
    },
    { stream: 'cpu-full', test: 'SMB write', kind: 'copy', expected: 'nas-cpu-limit' },
    { stream: 'disk-busy', test: 'SEQ1M Q8T1 write', kind: 'disk', expected: 'nas-disk-busy' },
    { stream: 'disk-busy', test: 'SMB write', kind: 'copy', expected: 'nas-disk-busy' },
    { stream: 'array-slow-member', test: 'SEQ1M Q8T1 write', kind: 'disk', expected: 'nas-disk-lagging' },
    { stream: 'swapping', test: 'SMB write', kind: 'copy', expected: 'nas-swapping' },
  ];

  const nasVerdicts = (resources: NasResources, { test, kind, rates = [] }: (typeof cases)[number]) =>
    explainFigures({ ...noFigures(), nasViews: [{ test, kind, rates, resources }] }).filter((verdict) =>
      verdict.id.startsWith('nas-'),
    );
  /** A verdict's answer: what it says, with its figures taken out (they are compared on their own). */
  const answer = (verdict: Verdict) => ({
    id: verdict.id,
    severity: verdict.severity,
    limit: verdict.limit,
    words: verdict.text.replace(/\d[\d.,]*/g, '#'),
  });

  it.each(cases)('$stream during $test: $expected, in the same words and figures', (found) => {
    const full = nasVerdicts(replayed(found.stream, seconds, Infinity), found);
    const kept = nasVerdicts(replayed(found.stream, seconds, 16), found);
    expect(full.map((verdict) => verdict.id)).toContain(found.expected);
    expect(kept.map(answer)).toEqual(full.map(answer));
    for (const [index, verdict] of full.entries()) {
      // A rate next to nothing (reads during a write test) is judged beside the verdict's largest rate.
      const largestRate = Math.max(
        1,
        ...Object.entries(verdict.figures).flatMap(([name, value]) => (/Bytes/.test(name) ? [value] : [])),
      );
      for (const [name, figure] of Object.entries(verdict.figures)) {
        const mergedFigure = kept[index]?.figures[name] as number;
        if (name === 'seconds') expect(mergedFigure, name).toBe(figure);
        // A share of a second held at a limit moves to its neighbours' mean when merged.
        else if (name === 'peggedSeconds') expect(mergedFigure / figure, name).toBeGreaterThan(0.8);
        else if (/Percent$/.test(name)) expect(Math.abs(mergedFigure - figure), name).toBeLessThanOrEqual(5);
        else if (/Bytes/.test(name))
          expect(Math.abs(mergedFigure - figure) / largestRate, name).toBeLessThanOrEqual(0.1);
        else expect(Math.abs(mergedFigure - figure) / Math.max(1, Math.abs(figure)), name).toBeLessThanOrEqual(0.1);
      }
    }
  });
});
