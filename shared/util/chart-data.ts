import type { TimedValue } from './ring-buffer';
import { rateInUnit, type RateUnit } from './units';

/** A point as chart.js plots it without parsing: x in seconds, y in the display unit. */
export interface ChartPoint {
  x: number;
  y: number;
}

/**
 * Writes stored throughput samples (bytes per second) into `target` as chart points in the user's
 * unit, in place: chart.js keeps its own array and the point objects are reused, so a redraw many
 * times a second allocates next to nothing (the garbage collector's pauses are what stall a page).
 */
export function updateThroughputPoints(target: ChartPoint[], samples: readonly TimedValue[], unit: RateUnit): void {
  for (let i = 0; i < samples.length; i += 1) {
    const sample = samples[i] as TimedValue;
    const point = target[i];
    const y = rateInUnit(sample.value, unit);
    if (point) {
      point.x = sample.t;
      point.y = y;
    } else {
      target.push({ x: sample.t, y });
    }
  }
  target.length = samples.length;
}

export function throughputAxisTitle(unit: RateUnit): string {
  return `Throughput (${unit})`;
}

/** Where a run stands against its expected length; `remainingSeconds` is never negative. */
export function runProgress(elapsedSeconds: number, expectedSeconds: number) {
  const known = expectedSeconds > 0;
  const fraction = known ? Math.min(1, Math.max(0, elapsedSeconds / expectedSeconds)) : 0;
  return { fraction, remainingSeconds: known ? Math.max(0, expectedSeconds - elapsedSeconds) : undefined };
}
