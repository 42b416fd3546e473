import type { SampleSeries } from './record';

/** Enough points for a sharp chart at any width; a long run would otherwise store tens of thousands. */
export const maxStoredPointsPerSeries = 600;

/**
 * Thins a run's live samples for storage: each series keeps its first and last point, and the
 * points between are averaged in equal slices of time (an average keeps the area under the
 * curve, so bytes moved stay right; picking every n-th point would not).
 */
export function decimateSamples(
  samples: readonly { series: string; t: number; bytesPerSecond: number }[],
  maxPoints: number = maxStoredPointsPerSeries,
): SampleSeries[] {
  const bySeries = new Map<string, [number, number][]>();
  for (const sample of samples) {
    const points = bySeries.get(sample.series) ?? [];
    points.push([sample.t, sample.bytesPerSecond]);
    bySeries.set(sample.series, points);
  }
  return [...bySeries].map(([series, points]) => ({ series, points: thin(points, Math.max(maxPoints, 3)) }));
}

function thin(points: [number, number][], maxPoints: number): [number, number][] {
  if (points.length <= maxPoints) return points;
  const first = points[0] as [number, number];
  const last = points[points.length - 1] as [number, number];
  const inner = points.slice(1, -1);
  const slices = maxPoints - 2;
  const start = inner[0]?.[0] ?? first[0];
  const width = ((inner.at(-1)?.[0] ?? start) - start) / slices || 1;
  const sums = Array.from({ length: slices }, () => ({ t: 0, value: 0, count: 0 }));
  for (const [t, value] of inner) {
    const slice = sums[Math.min(slices - 1, Math.floor((t - start) / width))];
    if (!slice) continue;
    slice.t += t;
    slice.value += value;
    slice.count += 1;
  }
  const averaged = sums
    .filter((slice) => slice.count > 0)
    .map((slice): [number, number] => [slice.t / slice.count, slice.value / slice.count]);
  return [first, ...averaged, last];
}
