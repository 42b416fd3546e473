import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  bytesPerSecondFromUnit,
  formatBytes,
  formatRate,
  formatSeconds,
  rateInUnit,
  RateUnit,
} from '../../shared/util/units';

describe('units', () => {
  it('converts one gigabit link rate into each display unit', () => {
    const gigabitInBytes = 125_000_000;
    expect(rateInUnit(gigabitInBytes, 'Mb/s')).toBe(1000);
    expect(rateInUnit(gigabitInBytes, 'MB/s')).toBe(125);
    expect(rateInUnit(gigabitInBytes, 'MiB/s')).toBeCloseTo(119.209, 3); // seed 004's 119.21 MiB/s
  });

  it('round-trips any rate through any unit', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e13, noNaN: true }), fc.constantFrom(...RateUnit.options), (rate, unit) => {
        expect(bytesPerSecondFromUnit(rateInUnit(rate, unit), unit)).toBeCloseTo(rate, 3);
      }),
    );
  });

  it('formats rates with three significant figures and the unit', () => {
    expect(formatRate(118_000_000, 'MB/s')).toBe('118 MB/s');
    expect(formatRate(84_410_000, 'MiB/s')).toBe('80.5 MiB/s');
    expect(formatRate(2_500_000_000 / 8, 'Mb/s')).toBe('2,500 Mb/s');
    expect(formatRate(Number.NaN, 'MB/s')).toBe('– MB/s');
  });

  it('formats sizes in powers of two and durations in seconds or minutes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(64 * 1024 * 1024)).toBe('64.0 MiB');
    expect(formatBytes(16 * 1024 ** 3)).toBe('16.0 GiB');
    expect(formatSeconds(4.25)).toBe('4.3 s');
    expect(formatSeconds(125)).toBe('2 min 5 s');
    expect(formatSeconds(120)).toBe('2 min');
    expect(formatSeconds(119.6)).toBe('2 min');
  });
});

describe('formatDuration', () => {
  it('rounds a long wait to what matters at its length', () => {
    expect([30, 90, 4250.8, 3600, 7200, 47 * 3600 + 1799, 49 * 3600, 72 * 3600].map(formatDuration)).toEqual([
      'under a minute',
      '2 min',
      '1 h 11 min',
      '1 h',
      '2 h',
      '47 h 30 min',
      '2 days 1 h',
      '3 days',
    ]);
    expect(formatDuration(Number.NaN)).toBe('–');
  });
});
