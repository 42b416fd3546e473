import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ddPieces } from '../../electron/engine/disk/dd-fallback';
import { fioOwnSpread, fioSpread } from '../../electron/engine/disk/figure-spread';
import { parseFioReport } from '../../electron/engine/disk/parse';
import { FioStatusStream } from '../../electron/engine/disk/status-stream';
import { relativeSpread } from '../../shared/util/spread';

const stdoutOf = (name: string): string => readFileSync(path.resolve('tests/fixtures/fio', `${name}.out`), 'utf8');

describe('the spread of a fio figure (real fio 3.33 output, tests/fixtures/fio)', () => {
  it('from the per-second status samples, warm-up and the short last interval left out', () => {
    const text = stdoutOf('status-seqwrite-1m');
    const samples = new FioStatusStream().push(text);
    // 4 status objects about a second apart, then the final report 121 ms after the last.
    expect(samples.map((sample) => Math.round(sample.intervalSeconds * 10) / 10)).toEqual([0.9, 1, 1, 1, 0.1]);
    const spread = fioSpread(samples, parseFioReport(text), 1);
    const steady = samples.slice(1, 4).map((sample) => sample.bytesPerSecond);
    expect(spread).toEqual({ relative: relativeSpread(steady), basis: 'samples' });
    expect(spread?.relative).toBeGreaterThan(0);
  });

  it('a test too short for three samples takes fio’s own half-second samples from its report', () => {
    const text = stdoutOf('final-randread-4k-q32');
    const report = parseFioReport(text);
    // bw_dev ÷ bw_mean of the read direction, as fio printed them.
    expect(fioSpread([], report, 1)?.relative).toBeCloseTo(13326.191954 / 197920.0, 9);
    expect(fioSpread([], report, 1)?.basis).toBe('samples');
  });

  it('group reporting sums the jobs’ means but not their deviations: the mean is scaled back to one job’s', () => {
    const report = parseFioReport(stdoutOf('group-reporting-4jobs'));
    expect(fioOwnSpread(report, 4)?.relative).toBeCloseTo(45627.425851 / (925958.666667 / 4), 9);
    // Without group reporting each job is its own entry: the wider of the two.
    const perJob = parseFioReport(stdoutOf('per-job-2jobs'));
    expect(fioOwnSpread(perJob, 2)?.relative).toBeCloseTo(69925.030483 / 834560.0, 9);
  });

  it('nothing to judge: a 69 ms test with no status sample and no bandwidth sample has no spread, not a made-up one', () => {
    const report = parseFioReport(stdoutOf('warnings-before-json'));
    expect(report.jobs[0]?.read.bw_samples).toBe(0);
    expect(fioOwnSpread(report, 1)).toBeNull();
    expect(fioSpread([], report, 1)).toBeNull();
  });
});

describe('dd pieces', () => {
  it('two to four pieces (of 16 MiB or more where the file allows) that add up to the file', () => {
    for (const blocks of [1, 2, 16, 31, 64, 256, 16_384, 16_385]) {
      const pieces = ddPieces(blocks);
      expect(pieces.reduce((sum, count) => sum + count, 0)).toBe(blocks);
      expect(pieces.length).toBeLessThanOrEqual(4);
      if (blocks >= 2) expect(pieces.length).toBeGreaterThanOrEqual(2);
    }
    expect(ddPieces(1)).toEqual([1]);
    expect(ddPieces(16)).toEqual([8, 8]);
    expect(ddPieces(64)).toEqual([16, 16, 16, 16]);
  });
});
