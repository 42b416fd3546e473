import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { perSecondRates, spreadOfRate, unsteadyNote, type RateReading } from '../../electron/engine/net/rate-spread';
import { unsteadyAbove } from '../../shared/contract/figure-quality';

/** Readings every `interval` seconds over `seconds`, each at the rate `rateAt(t)` gives for its interval's middle. */
function readings(seconds: number, interval: number, rateAt: (t: number) => number): RateReading[] {
  const out: RateReading[] = [];
  for (let t = interval; t <= seconds + 1e-9; t += interval) out.push({ t, rate: rateAt(t - interval / 2) });
  return out;
}

describe('per-second rates of a network test', () => {
  it('are the same from half-second readings as from one-second readings', () => {
    const rate = (t: number) => (t < 5 ? 200e6 : 100e6);
    expect(perSecondRates(readings(10, 0.5, rate))).toEqual(perSecondRates(readings(10, 1, rate)));
    expect(perSecondRates(readings(10, 1, rate))).toEqual([
      ...Array<number>(5).fill(200e6),
      ...Array<number>(5).fill(100e6),
    ]);
  });

  it('weigh readings that straddle a second by the time each spent in it', () => {
    // 0–1.5 s at 100, 1.5–2 s at 300: the second second is half of each.
    expect(
      perSecondRates([
        { t: 1.5, rate: 100 },
        { t: 2, rate: 300 },
      ]),
    ).toEqual([100, 200]);
  });

  it('keep a trailing part of a second of at least half a second, as a rate over its own length', () => {
    expect(
      perSecondRates([
        { t: 1, rate: 10 },
        { t: 1.6, rate: 40 },
      ]),
    ).toEqual([10, 40]);
    expect(
      perSecondRates([
        { t: 1, rate: 10 },
        { t: 1.2, rate: 40 },
      ]),
    ).toEqual([10]);
  });

  it('add up, over the whole seconds, to what the readings carried then, at any reading interval (property)', () => {
    const step = fc.record({
      dt: fc.double({ min: 0.05, max: 1.5, noNaN: true }),
      rate: fc.double({ min: 0, max: 1e9, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
        let t = 0;
        const list = steps.map(({ dt, rate }) => ({ t: (t += dt), rate }));
        const whole = Math.floor(t);
        let carried = 0;
        let previous = 0;
        for (const reading of list) {
          carried += reading.rate * Math.max(0, Math.min(reading.t, whole) - Math.min(previous, whole));
          previous = reading.t;
        }
        const counted = perSecondRates(list)
          .slice(0, whole)
          .reduce((sum, value) => sum + value, 0);
        expect(Math.abs(counted - carried)).toBeLessThanOrEqual(1e-6 * Math.max(1, carried));
      }),
    );
  });
});

describe('spread and flag of a network figure', () => {
  it('is zero for a steady rate, whatever the warm-up did', () => {
    const spread = spreadOfRate(readings(10, 0.5, (t) => (t < 1 ? 20e6 : 190e6)));
    expect(spread).toEqual({ relative: 0, basis: 'samples' });
    expect(unsteadyNote(spread)).toBeUndefined();
  });

  it('leaves the omitted seconds out (iperf3 --omit)', () => {
    const rate = (t: number) => (t < 3 ? 1e6 : 100e6);
    expect(spreadOfRate(readings(10, 1, rate))?.relative).toBeGreaterThan(unsteadyAbove);
    expect(spreadOfRate(readings(10, 1, rate), 3)?.relative).toBe(0);
  });

  it('flags a rate that halves halfway (another flow joined), in plain words with the spread', () => {
    const spread = spreadOfRate(readings(10, 0.5, (t) => (t < 5 ? 190e6 : 95e6)));
    expect(spread?.relative).toBeGreaterThan(unsteadyAbove);
    expect(unsteadyNote(spread)).toMatch(/^The rate varied ±\d+% during the test: .*Run the test again/);
  });

  it('says nothing for a test too short to judge', () => {
    expect(spreadOfRate([{ t: 1, rate: 5 }])).toBeNull();
    expect(unsteadyNote(null)).toBeUndefined();
  });
});
