import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { halveResolution, RingBuffer, SampleHistory, type TimedValue } from '../../shared/util/ring-buffer';

/** What a user of the buffer can do, for the model-based property test. */
type Operation = { kind: 'push'; value: number } | { kind: 'clear' };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 9, arbitrary: fc.integer().map((value) => ({ kind: 'push' as const, value })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'clear' as const }) },
);

function evenlySpaced(count: number, value: (i: number) => number = () => 1): TimedValue[] {
  return Array.from({ length: count }, (_, i) => ({ t: i * 0.25, value: value(i) }));
}

describe('RingBuffer', () => {
  it('keeps items oldest first and overwrites the oldest when full', () => {
    const buffer = new RingBuffer<number>(3);
    for (const n of [1, 2, 3, 4, 5]) buffer.push(n);
    expect(buffer.toArray()).toEqual([3, 4, 5]);
    expect(buffer.length).toBe(3);
    expect(buffer.last()).toBe(5);
    buffer.clear();
    expect(buffer.toArray()).toEqual([]);
    expect(buffer.last()).toBeUndefined();
  });

  it('refuses a capacity that cannot hold anything', () => {
    expect(() => new RingBuffer(0)).toThrow(RangeError);
    expect(() => new RingBuffer(1.5)).toThrow(RangeError);
  });

  it('behaves like the last `capacity` items of a plain array', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.array(operation, { maxLength: 200 }), (capacity, operations) => {
        const buffer = new RingBuffer<number>(capacity);
        let model: number[] = [];
        for (const op of operations) {
          if (op.kind === 'push') {
            buffer.push(op.value);
            model.push(op.value);
          } else {
            buffer.clear();
            model = [];
          }
          const expected = model.slice(-capacity);
          expect(buffer.toArray()).toEqual(expected);
          expect(buffer.length).toBe(expected.length);
          expect(buffer.isFull).toBe(expected.length === capacity);
          expect(buffer.last()).toBe(expected.at(-1));
        }
      }),
    );
  });
});

describe('halveResolution', () => {
  it('averages neighbouring pairs and keeps an odd last point', () => {
    const points = evenlySpaced(5, (i) => i * 10);
    expect(halveResolution(points)).toEqual([
      { t: 0.125, value: 5 },
      { t: 0.625, value: 25 },
      { t: 1, value: 40 },
    ]);
  });

  it('keeps the order of time and the total of the values', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1e10, noNaN: true }), { maxLength: 100 }), (values) => {
        const points = evenlySpaced(values.length, (i) => values[i] as number);
        const halved = halveResolution(points);
        expect(halved.length).toBe(Math.ceil(points.length / 2));
        for (let i = 1; i < halved.length; i += 1) {
          expect((halved[i] as TimedValue).t).toBeGreaterThan((halved[i - 1] as TimedValue).t);
        }
        const weighted = halved.reduce((total, p, i) => total + p.value * (i < points.length >> 1 ? 2 : 1), 0);
        const total = points.reduce((sum, p) => sum + p.value, 0);
        expect(weighted).toBeCloseTo(total, -2);
      }),
    );
  });
});

describe('SampleHistory', () => {
  it('is exact until it fills up', () => {
    const history = new SampleHistory(8);
    const samples = evenlySpaced(8, (i) => i);
    for (const sample of samples) history.push(sample);
    expect(history.toArray()).toEqual(samples);
  });

  it('holds an hour at four samples a second in its capacity, evenly, from the very start', () => {
    const history = new SampleHistory(1200);
    const hour = evenlySpaced(3600 * 4, (i) => (i % 2 === 0 ? 100 : 300));
    for (const sample of hour) history.push(sample);
    const kept = history.toArray();
    expect(kept.length).toBe(900); // 16 samples (4 s) per point
    expect((kept[0] as TimedValue).t).toBeCloseTo(1.875); // the middle of the first 4 s
    expect(kept.every((point) => point.value === 200)).toBe(true); // averages of equal numbers of samples
    expect(history.last()).toEqual(hour.at(-1));
  });

  it('never holds more than its capacity and stays in time order within the run', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 25 }).map((half) => half * 2),
        fc.array(fc.integer({ min: 0, max: 1000 }), { maxLength: 400 }),
        (capacity, values) => {
          const history = new SampleHistory(capacity);
          const samples = evenlySpaced(values.length, (i) => values[i] as number);
          for (const sample of samples) {
            history.push(sample);
            expect(history.length).toBeLessThanOrEqual(capacity);
          }
          const kept = history.toArray();
          expect(kept.length).toBe(history.length);
          for (let i = 1; i < kept.length; i += 1) {
            expect((kept[i] as TimedValue).t).toBeGreaterThan((kept[i - 1] as TimedValue).t);
          }
          expect(history.last()).toEqual(samples.at(-1));
          const [first, newest] = [samples[0], samples.at(-1)];
          if (first && newest) {
            // Averaged points stay within the run: none before its start, none after its newest sample.
            expect((kept[0] as TimedValue).t).toBeGreaterThanOrEqual(first.t);
            expect((kept.at(-1) as TimedValue).t).toBeLessThanOrEqual(newest.t);
          }
        },
      ),
    );
  });

  it('starts over when cleared', () => {
    const history = new SampleHistory(2);
    for (const sample of evenlySpaced(10)) history.push(sample);
    history.clear();
    expect(history.toArray()).toEqual([]);
    expect(history.last()).toBeUndefined();
    history.push({ t: 0, value: 5 });
    expect(history.toArray()).toEqual([{ t: 0, value: 5 }]);
  });

  it('refuses a capacity whose points cannot pair up', () => {
    expect(() => new SampleHistory(3)).toThrow(RangeError);
    expect(() => new SampleHistory(0)).toThrow(RangeError);
  });
});
