import { expect } from 'vitest';

/**
 * A figure held against a native tool run on the same path before and after it (dd on a mount, fio
 * by hand on the NAS): within `tolerance` of the range the tool's runs spanned — of their mean, when
 * they agree. On a busy 2-core machine the tool's own two runs differed by 33% (dd read over SMB, 77
 * and 107 MB/s, in a full suite run): a figure can be held no closer than its yardstick. It still
 * fails a figure off by more than that, either way.
 */
export function expectNearYardstick(figure: number, readings: readonly number[], tolerance: number, what: string) {
  const [low, high] = [Math.min(...readings), Math.max(...readings)];
  const mean = readings.reduce((sum, reading) => sum + reading, 0) / readings.length;
  const mb = (bytesPerSecond: number) => (bytesPerSecond / 1e6).toFixed(1);
  const words =
    `${what}: ${mb(figure)} MB/s; by the tool ${readings.map(mb).join(' and ')} MB/s ` +
    `(ratio to their mean ${(figure / mean).toFixed(3)}, their own spread ${((100 * (high - low)) / mean).toFixed(0)}%)`;
  console.log(words);
  expect(isNearYardstick(figure, readings, tolerance), words).toBe(true);
}

/**
 * How far a figure lies outside what `expectNearYardstick` accepts, as a log ratio: below 0 it would
 * pass, and the smaller the closer (for a test that measures once more, tests/helpers/measure-again.ts).
 */
export function yardstickShortfall(figure: number, readings: readonly number[], tolerance: number): number {
  const [low, high] = [Math.min(...readings) * (1 - tolerance), Math.max(...readings) * (1 + tolerance)];
  return Math.max(Math.log(low / figure), Math.log(figure / high));
}

/** Whether `expectNearYardstick` would pass, without asserting. */
export function isNearYardstick(figure: number, readings: readonly number[], tolerance: number): boolean {
  return yardstickShortfall(figure, readings, tolerance) < 0;
}
