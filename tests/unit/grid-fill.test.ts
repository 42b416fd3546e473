import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { between, monotoneCurve } from '../../electron/engine/disk/grid-fill';

/**
 * The curve an adaptive sweep reads an inferred figure off along a line of the grid (grid-fill.ts,
 * issue #35): through every known figure, never outside the two neighbours' range, and bent as
 * the known figures bend.
 */
const points = fc
  .uniqueArray(fc.double({ min: 0, max: 20, noNaN: true }), { minLength: 2, maxLength: 8 })
  .chain((xs) =>
    fc.tuple(
      fc.constant([...xs].sort((a, b) => a - b)),
      fc.array(fc.double({ min: 15, max: 25, noNaN: true }), { minLength: xs.length, maxLength: xs.length }),
    ),
  )
  .filter(([xs]) => xs.every((x, k) => k === 0 || x - (xs[k - 1] as number) > 1e-3));

describe('the monotone curve through a line’s known figures', () => {
  it('passes through every known figure and stays within each two neighbours’ range', () => {
    fc.assert(
      fc.property(points, fc.double({ min: 0, max: 1, noNaN: true }), ([xs, ys], t) => {
        const curve = monotoneCurve(xs, ys);
        xs.forEach((x, k) => expect(curve(x)).toBeCloseTo(ys[k] as number, 9));
        for (let k = 0; k + 1 < xs.length; k += 1) {
          const x = (xs[k] as number) + t * ((xs[k + 1] as number) - (xs[k] as number));
          const [low, high] = [
            Math.min(ys[k] as number, ys[k + 1] as number),
            Math.max(ys[k] as number, ys[k + 1] as number),
          ];
          expect(curve(x)).toBeGreaterThanOrEqual(low - 1e-9);
          expect(curve(x)).toBeLessThanOrEqual(high + 1e-9);
        }
      }),
    );
  });

  it('is the straight line between two figures', () => {
    const curve = monotoneCurve([Math.log(4096), Math.log(2 ** 21)], [10, 12]);
    for (const x of [8192, 65536, 2 ** 20])
      expect(curve(Math.log(x))).toBeCloseTo(between(x, 4096, 10, 2 ** 21, 12), 9);
  });

  it('keeps the rise toward a peak a straight line would cut off', () => {
    // ln(MB/s) by block size, 1 job on 1 MiB files in tmpfs, recorded here (2 s cells): 4k 5,452,
    // 64k 20,843 (the peak of the three), 1M 17,404.
    const [low, peak, high] = [Math.log(5452), Math.log(20_843), Math.log(17_404)];
    const curve = monotoneCurve([4096, 65536, 2 ** 20].map(Math.log), [low, peak, high]);
    const at = (bytes: number) => curve(Math.log(bytes));
    // Beside the peak the curve stays above the chords through it, and never above the peak.
    expect(at(131072)).toBeGreaterThan(between(131072, 65536, peak, 2 ** 20, high));
    expect(at(32768)).toBeGreaterThan(between(32768, 4096, low, 65536, peak));
    expect(at(131072)).toBeLessThanOrEqual(peak);
  });
});
