import type { TimedValue } from './ring-buffer';
import { rateInUnit, type RateUnit } from './units';

/** A point as chart.js plots it without parsing: x in seconds, y in the display unit. */
export interface ChartPoint {
  x: number;
  y: number;
}

/** Turns stored throughput samples (bytes per second) into chart points in the user's unit. */
export function throughputPoints(samples: readonly TimedValue[], unit: RateUnit): ChartPoint[] {
  return samples.map((sample) => ({ x: sample.t, y: rateInUnit(sample.value, unit) }));
}

/**
 * Replaces the contents of `target` in place, so chart.js keeps its own array (and its
 * bookkeeping) and a redraw with `update('none')` is all that is needed.
 */
export function replacePoints(target: ChartPoint[], points: readonly ChartPoint[]): void {
  target.length = points.length;
  for (let i = 0; i < points.length; i += 1) target[i] = points[i] as ChartPoint;
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
