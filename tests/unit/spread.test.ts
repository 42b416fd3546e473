import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { relativeSpread, spreadOfRepeats, spreadOfSamples, steadyPart } from '../../shared/util/spread';

describe('spread of a figure', () => {
  it('leaves the warm-up out: the first fifth, at least one sample', () => {
    expect(steadyPart([1, 2])).toEqual([1, 2]);
    expect(steadyPart([0, 5, 5])).toEqual([5, 5]);
    expect(steadyPart([0, 1, 10, 10, 10, 10, 10, 10, 10, 10])).toEqual([10, 10, 10, 10, 10, 10, 10, 10]);
  });

  it('is the sample standard deviation over the mean', () => {
    // mean 10, sample variance ((−2)² + 0 + 2²) / 2 = 4 → sd 2
    expect(relativeSpread([8, 10, 12])).toBeCloseTo(0.2, 10);
    expect(relativeSpread([5])).toBeNull();
    expect(relativeSpread([0, 0, 0])).toBeNull();
  });

  it('a steady link is steady although slow start was slow', () => {
    const spread = spreadOfSamples([1e6, 100e6, 100e6, 100e6, 100e6, 100e6]);
    expect(spread).toEqual({ relative: 0, basis: 'samples' });
  });

  it('a competing flow halfway through shows as more than 10%', () => {
    const samples = [100, 100, 100, 100, 100, 50, 50, 50, 50, 50].map((mbit) => mbit * 1e6);
    expect(spreadOfSamples(samples)?.relative).toBeGreaterThan(0.1);
  });

  it('repeats count whole', () => {
    expect(spreadOfRepeats([90, 110])?.basis).toBe('repeats');
    expect(spreadOfRepeats([90, 110])?.relative).toBeCloseTo((Math.SQRT2 * 10) / 100, 10);
  });

  it('does not change when every sample is scaled (MB/s or Mb/s, same spread)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 1, max: 1e10, noNaN: true }), { minLength: 3, maxLength: 50 }),
        fc.double({ min: 0.001, max: 1000, noNaN: true }),
        (samples, scale) => {
          const a = spreadOfSamples(samples)?.relative ?? Number.NaN;
          const b = spreadOfSamples(samples.map((value) => value * scale))?.relative ?? Number.NaN;
          expect(b).toBeCloseTo(a, 6);
        },
      ),
    );
  });
});
