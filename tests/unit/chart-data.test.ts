import { describe, expect, it } from 'vitest';
import {
  runProgress,
  throughputAxisTitle,
  updateThroughputPoints,
  type ChartPoint,
} from '../../shared/util/chart-data';

describe('chart data', () => {
  it('turns samples in bytes per second into points in the chosen unit', () => {
    const samples = [
      { t: 0.25, value: 125_000_000 },
      { t: 0.5, value: 62_500_000 },
    ];
    const points: ChartPoint[] = [];
    updateThroughputPoints(points, samples, 'Mb/s');
    expect(points).toEqual([
      { x: 0.25, y: 1000 },
      { x: 0.5, y: 500 },
    ]);
    updateThroughputPoints(points, samples, 'MB/s');
    expect(points).toEqual([
      { x: 0.25, y: 125 },
      { x: 0.5, y: 62.5 },
    ]);
    expect(throughputAxisTitle('MiB/s')).toBe('Throughput (MiB/s)');
  });

  it('writes into the same array and the same point objects, growing or shrinking it', () => {
    const first = { x: 9, y: 9 };
    const target: ChartPoint[] = [first];
    updateThroughputPoints(
      target,
      [
        { t: 1, value: 2e6 },
        { t: 3, value: 4e6 },
      ],
      'MB/s',
    );
    expect(target).toEqual([
      { x: 1, y: 2 },
      { x: 3, y: 4 },
    ]);
    expect(target[0]).toBe(first);
    updateThroughputPoints(target, [], 'MB/s');
    expect(target).toEqual([]);
  });

  it('reports progress and time left without going past the end', () => {
    expect(runProgress(2.5, 10)).toEqual({ fraction: 0.25, remainingSeconds: 7.5 });
    expect(runProgress(12, 10)).toEqual({ fraction: 1, remainingSeconds: 0 });
    expect(runProgress(3, 0)).toEqual({ fraction: 0, remainingSeconds: undefined });
  });
});
