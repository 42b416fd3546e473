import { describe, expect, it } from 'vitest';
import {
  replacePoints,
  runProgress,
  throughputAxisTitle,
  throughputPoints,
  type ChartPoint,
} from '../../shared/chart-data';

describe('chart data', () => {
  it('turns samples in bytes per second into points in the chosen unit', () => {
    const samples = [
      { t: 0.25, value: 125_000_000 },
      { t: 0.5, value: 62_500_000 },
    ];
    expect(throughputPoints(samples, 'Mb/s')).toEqual([
      { x: 0.25, y: 1000 },
      { x: 0.5, y: 500 },
    ]);
    expect(throughputPoints(samples, 'MB/s')).toEqual([
      { x: 0.25, y: 125 },
      { x: 0.5, y: 62.5 },
    ]);
    expect(throughputAxisTitle('MiB/s')).toBe('Throughput (MiB/s)');
  });

  it('replaces points in the same array, growing or shrinking it', () => {
    const target: ChartPoint[] = [{ x: 9, y: 9 }];
    const sameArray = target;
    replacePoints(target, [
      { x: 1, y: 2 },
      { x: 3, y: 4 },
    ]);
    expect(sameArray).toEqual([
      { x: 1, y: 2 },
      { x: 3, y: 4 },
    ]);
    replacePoints(target, []);
    expect(sameArray).toEqual([]);
  });

  it('reports progress and time left without going past the end', () => {
    expect(runProgress(2.5, 10)).toEqual({ fraction: 0.25, remainingSeconds: 7.5 });
    expect(runProgress(12, 10)).toEqual({ fraction: 1, remainingSeconds: 0 });
    expect(runProgress(3, 0)).toEqual({ fraction: 0, remainingSeconds: undefined });
  });
});
