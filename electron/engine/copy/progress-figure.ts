import type { Spread } from '../../../shared/contract/figure-quality';
import { relativeSpread, spreadOfSamples, steadyPart } from '../../../shared/util/spread';

/** Bytes done by a moment of a test: the I/O loop notes one at most every millisecond, and at its end. */
export interface Checkpoint {
  /** Seconds since the test's clock started. */
  t: number;
  bytes: number;
}

/** A test this long or longer is judged on one-second samples, as iperf3 and fio report. */
const secondSamplesFrom = 3;

/** Bytes done at `t`, between the checkpoints around it (a straight line: the finest the log knows). */
export function bytesAt(points: readonly Checkpoint[], t: number): number {
  let low = 0;
  let high = points.length - 1;
  if (high < 0) return 0;
  const first = points[0] as Checkpoint;
  const last = points[high] as Checkpoint;
  if (t <= first.t) return first.bytes;
  if (t >= last.t) return last.bytes;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if ((points[middle] as Checkpoint).t <= t) low = middle;
    else high = middle;
  }
  const before = points[low] as Checkpoint;
  const after = points[high] as Checkpoint;
  return before.bytes + ((after.bytes - before.bytes) * (t - before.t)) / (after.t - before.t);
}

/**
 * The rate in each sample window: one second for a test of three seconds or more; a short test is
 * cut in five (fewer when it has fewer checkpoints), which is all it has to judge by. A last
 * window shorter than half the others is left to the figure only (too short to judge by).
 */
export function samplesOf(points: readonly Checkpoint[]): { edges: number[]; rates: number[] } {
  const first = points[0];
  const last = points.at(-1);
  const intervals = points.length - 1;
  if (!first || !last || intervals < 2 || !(last.t > first.t)) return { edges: [], rates: [] };
  const duration = last.t - first.t;
  const width = duration >= secondSamplesFrom ? 1 : duration / Math.min(5, intervals);
  const edges: number[] = [];
  for (let edge = first.t; edge <= last.t - width / 2 + 1e-9; edge += width) edges.push(edge);
  edges.push(last.t);
  const rates = edges
    .slice(1)
    .map((end, index) => (bytesAt(points, end) - bytesAt(points, edges[index] ?? end)) / (end - (edges[index] ?? 0)));
  return { edges, rates };
}

export interface ProgressFigure {
  /** Bytes per second over the steady part (the warm-up left out); the whole test's when too short to cut. */
  bytesPerSecond: number;
  /** Seconds left out at the start (0 when nothing was). */
  warmUpSeconds: number;
  /** Null only when there is nothing to judge: fewer than two samples. */
  spread: Spread | null;
}

/**
 * The checkpoints up to the last byte moved: what follows is a write's closing fsync (time passes,
 * no bytes move), the only place the I/O loop notes a checkpoint without progress.
 */
function untilLastByte(points: readonly Checkpoint[]): readonly Checkpoint[] {
  let end = points.length;
  while (end > 2 && points[end - 1]?.bytes === points[end - 2]?.bytes) end -= 1;
  return points.slice(0, end);
}

/**
 * A test's figure and spread from its checkpoints, the warm-up left out of both as fio's ramp_time
 * and iperf3's --omit leave it out (shared/util/spread.ts decides how much is warm-up). The clock
 * still ends where the test did: a write's closing fsync is in the figure, as in fio's with
 * end_fsync. It is not in the spread, as fio's per-second samples end with its last I/O: the flush
 * is how long the data took to be stored, not how the rate varied (a settled write flagged
 * "varied ±11%" by its last second alone read as a contradiction).
 */
export function figureOfProgress(points: readonly Checkpoint[]): ProgressFigure | null {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last || !(last.t > first.t)) return null;
  const whole = (last.bytes - first.bytes) / (last.t - first.t);
  const { edges, rates } = samplesOf(untilLastByte(points));
  const warmUpSamples = rates.length - steadyPart(rates).length;
  const cut = edges[warmUpSamples] ?? first.t;
  const steadyBytesPerSecond = cut > first.t ? (last.bytes - bytesAt(points, cut)) / (last.t - cut) : whole;
  return {
    bytesPerSecond: steadyBytesPerSecond > 0 ? steadyBytesPerSecond : whole,
    warmUpSeconds: cut - first.t,
    spread: spreadOfSamples(rates),
  };
}

/** How steady "steady" is: the last five one-second samples within 5% of each other (standard deviation ÷ mean). */
export const settleRule = { seconds: 5, relative: 0.05 };

/**
 * Whether a rate has settled, from one-second rates so far: the warm-up (the first fifth) left out,
 * the last `settleRule.seconds` of what remains vary by no more than `settleRule.relative`.
 */
export function hasSettled(secondRates: readonly number[]): boolean {
  const steady = steadyPart(secondRates);
  if (steady.length < settleRule.seconds) return false;
  const spread = relativeSpread(steady.slice(-settleRule.seconds));
  return spread !== null && spread <= settleRule.relative;
}

/** Checkpoints of a test run on this thread (the small files): at most one a millisecond, and the end. */
export class CheckpointLog {
  readonly points: Checkpoint[] = [{ t: 0, bytes: 0 }];
  private readonly startedAt = performance.now();
  private bytes = 0;

  add(bytes: number): void {
    this.bytes += bytes;
    const t = (performance.now() - this.startedAt) / 1000;
    if (t - (this.points.at(-1)?.t ?? 0) >= 0.001) this.points.push({ t, bytes: this.bytes });
  }

  /** The last checkpoint: the clock stops here (after the closing flush of the small files). */
  finish(): Checkpoint[] {
    this.points.push({ t: (performance.now() - this.startedAt) / 1000, bytes: this.bytes });
    return this.points;
  }
}
