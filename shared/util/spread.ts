import type { Spread } from '../contract/figure-quality';

/**
 * The steady part of a run's per-second samples: the first fifth (at least one sample, when there
 * are three or more) is the warm-up — TCP slow start, a cache filling, fio laying out its file — and
 * is left out, as iperf3's --omit and fio's ramp_time leave it out.
 */
export function steadyPart(samples: readonly number[]): number[] {
  if (samples.length < 3) return [...samples];
  const warmUp = Math.max(1, Math.floor(samples.length / 5));
  return samples.slice(warmUp);
}

/** The middle value (the mean of the two middle ones for an even count); 0 for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The arithmetic mean; 0 for none. */
export function mean(values: readonly number[]): number {
  return values.length > 0 ? values.reduce((sum, value) => sum + value, 0) / values.length : 0;
}

/** Standard deviation ÷ mean; null when there is nothing to judge (under two values, or a zero mean). */
export function relativeSpread(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const centre = mean(values);
  if (!(centre > 0)) return null;
  const variance = values.reduce((sum, value) => sum + (value - centre) ** 2, 0) / (values.length - 1);
  return Math.sqrt(variance) / centre;
}

/** The spread of a figure from its per-second samples (warm-up left out), or null when too few. */
export function spreadOfSamples(samples: readonly number[]): Spread | null {
  const relative = relativeSpread(steadyPart(samples));
  return relative === null ? null : { relative, basis: 'samples' };
}

/** The spread of a short test from its repeats (every repeat counts: each one is a whole measurement). */
export function spreadOfRepeats(figures: readonly number[]): Spread | null {
  const relative = relativeSpread(figures);
  return relative === null ? null : { relative, basis: 'repeats' };
}
