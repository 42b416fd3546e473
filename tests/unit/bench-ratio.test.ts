import { describe, expect, it } from 'vitest';
import { compareRuns, describeRatio } from '../bench/ratio';

describe('the benchmarks’ ratio against a native tool', () => {
  it('is the ratio of the medians, so one wild run does not move it', () => {
    const compared = compareRuns([90, 91, 500], [100, 100, 100]);
    expect(compared.ratio).toBeCloseTo(0.91, 5);
    expect(compared.ours).toBe(91);
    expect(compared.native).toBe(100);
  });

  it('says a gap smaller than the runs’ own spread is within the noise, and a larger one is not', () => {
    const noisy = compareRuns([80, 95, 110], [100, 100, 100]);
    expect(noisy.withinNoise).toBe(true);
    expect(describeRatio(noisy)).toMatch(
      /ratio 0\.95 \(runs varied: ours ±15\.8%, native ±0\.0%; the gap is within that noise\)/,
    );

    const steady = compareRuns([84, 85, 86], [100, 101, 99]);
    expect(steady.withinNoise).toBe(false);
    expect(describeRatio(steady)).toContain('larger than that noise');
  });

  it('takes the mean of the two middle runs for an even count (the one median the app uses)', () => {
    expect(compareRuns([90, 94, 96, 500], [100, 100]).ours).toBe(95);
  });

  it('has no spread to judge by from a single run', () => {
    const single = compareRuns([90], [100]);
    expect(single.oursSpread).toBeNull();
    expect(describeRatio(single)).toContain('ours ±?');
  });
});
