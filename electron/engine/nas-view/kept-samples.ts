import type { NasDiskLoad, NasProcessLoad, NasResourceSample } from '../../../shared/contract/nas-resources';

/** Every second is kept for the first hour of a test; a longer one keeps this many samples in all. */
export const keptSamplesCap = 3600;

/** The busiest processes a merged sample keeps, as a reading does (samples.ts). */
const topProcesses = 5;

/**
 * The samples a reader keeps for the run's record, bounded: one a second up to `cap`, then, for
 * each sample more, two neighbours are merged into one that stands for both their seconds — the
 * earliest pair of the finest ones, so that the oldest seconds are halved in resolution first and
 * all but the newest few samples stand for one span or twice it. A day-long test keeps `cap`
 * samples of 16 and 32 s, however long it runs: the reader's memory and the saved run stay flat.
 *
 * A merged sample keeps what the verdicts read, as means over its seconds (busy shares, each
 * process's CPU, each drive's and interface's figures); swapped bytes are summed and used memory is
 * its highest. On a steady load the verdicts reach the same answers as on every second; a burst
 * shorter than a merged sample is spread over it.
 */
export class KeptSamples {
  private readonly kept: NasResourceSample[] = [];

  constructor(private readonly cap = keptSamplesCap) {}

  push(sample: NasResourceSample): void {
    this.kept.push(sample);
    if (this.kept.length > this.cap) this.mergeFinestPair();
  }

  get samples(): readonly NasResourceSample[] {
    return this.kept;
  }

  get length(): number {
    return this.kept.length;
  }

  /**
   * Spans only grow from the newest sample to the oldest, each a power of two: the earliest pair of
   * equal, smallest span is where resolution is finest. Merging it keeps that order.
   */
  private mergeFinestPair(): void {
    let at = this.kept.length - 2;
    let finest = Infinity;
    for (let index = 0; index + 1 < this.kept.length; index += 1) {
      const span = secondsOf(this.kept[index] as NasResourceSample);
      if (span < finest && span === secondsOf(this.kept[index + 1] as NasResourceSample)) {
        finest = span;
        at = index;
      }
    }
    const [earlier, later] = this.kept.slice(at, at + 2) as [NasResourceSample, NasResourceSample];
    this.kept.splice(at, 2, mergeSamples(earlier, later));
  }
}

/** How many seconds of readings a sample stands for. */
export const secondsOf = (sample: NasResourceSample): number => sample.seconds ?? 1;

/** One sample for the seconds of two neighbours (`earlier` just before `later`). */
export function mergeSamples(earlier: NasResourceSample, later: NasResourceSample): NasResourceSample {
  const weights = [secondsOf(earlier), secondsOf(later)] as const;
  const seconds = weights[0] + weights[1];
  const mean = (a: number, b: number) => (a * weights[0] + b * weights[1]) / seconds;
  const meanKnown = (a: number | null | undefined, b: number | null | undefined) =>
    a == null ? (b ?? null) : b == null ? a : mean(a, b);
  const both = [earlier, later] as const;
  const interfaces = meanByName(
    both.map((sample) => sample.interfaces ?? []),
    weights,
    (a, b, merge) => ({
      name: b.name,
      receiveBytesPerSecond: Math.round(merge(a.receiveBytesPerSecond, b.receiveBytesPerSecond)),
      sendBytesPerSecond: Math.round(merge(a.sendBytesPerSecond, b.sendBytesPerSecond)),
    }),
  );
  const cached = meanKnown(earlier.memCachedBytes, later.memCachedBytes);
  return {
    t: later.t,
    seconds,
    cpuBusy: round(mean(earlier.cpuBusy, later.cpuBusy)),
    cpuIowait: roundOrNull(meanKnown(earlier.cpuIowait, later.cpuIowait)),
    coreMax: round(mean(earlier.coreMax, later.coreMax)),
    top: mergeProcesses(earlier.top, later.top, weights),
    memUsedBytes: maxKnown(earlier.memUsedBytes, later.memUsedBytes),
    swapInBytes: sumKnown(earlier.swapInBytes, later.swapInBytes),
    swapOutBytes: sumKnown(earlier.swapOutBytes, later.swapOutBytes),
    disks: meanByName(
      both.map((sample) => sample.disks),
      weights,
      (a, b, merge) => mergeDisk(a, b, merge),
    ),
    ...(earlier.memCachedBytes !== undefined || later.memCachedBytes !== undefined
      ? { memCachedBytes: cached === null ? null : Math.round(cached) }
      : {}),
    ...(earlier.interfaces || later.interfaces ? { interfaces } : {}),
  };
}

/**
 * Each process's CPU over both samples' seconds: a process in only one of them used nothing in the
 * other's (it was not among the busiest there), so its share counts for its own seconds only.
 */
function mergeProcesses(
  earlier: readonly NasProcessLoad[],
  later: readonly NasProcessLoad[],
  weights: readonly [number, number],
): NasProcessLoad[] {
  const seconds = weights[0] + weights[1];
  const byKey = new Map<number | string, [NasProcessLoad | undefined, NasProcessLoad | undefined]>();
  for (const process of earlier) byKey.set(keyOf(process), [process, undefined]);
  for (const process of later) byKey.set(keyOf(process), [byKey.get(keyOf(process))?.[0], process]);
  const merged = [...byKey.values()].map(([before, after]) => {
    const last = (after ?? before) as NasProcessLoad;
    const cpu = ((before?.cpu ?? 0) * weights[0] + (after?.cpu ?? 0) * weights[1]) / seconds;
    // The group's figures are the group's, whichever of its processes was among the busiest.
    const groupMean = (pick: (process: NasProcessLoad) => number | undefined) => {
      const a = before && pick(before);
      const b = after && pick(after);
      if (a === undefined && b === undefined) return undefined;
      if (a === undefined || b === undefined) return (a ?? b) as number;
      return (a * weights[0] + b * weights[1]) / seconds;
    };
    const groupCpu = groupMean((process) => process.groupCpu);
    const groupThrottled = groupMean((process) => process.groupThrottled);
    const cpuLimit = after?.cpuLimit ?? (after ? undefined : before?.cpuLimit);
    return {
      name: last.name,
      cpu: round(cpu),
      ...(last.pid !== undefined ? { pid: last.pid } : {}),
      ...(cpuLimit !== undefined ? { cpuLimit } : {}),
      ...(groupCpu !== undefined ? { groupCpu: round(groupCpu) } : {}),
      ...(groupThrottled !== undefined ? { groupThrottled: round(groupThrottled) } : {}),
    };
  });
  return merged.sort((a, b) => b.cpu - a.cpu).slice(0, topProcesses);
}

const keyOf = (process: NasProcessLoad) => process.pid ?? process.name;

function mergeDisk(a: NasDiskLoad, b: NasDiskLoad, merge: (x: number, y: number) => number): NasDiskLoad {
  const waits = [a.waitMs, b.waitMs];
  return {
    name: b.name,
    busy: round(Math.min(1, merge(a.busy, b.busy))),
    readBytesPerSecond: Math.round(merge(a.readBytesPerSecond, b.readBytesPerSecond)),
    writeBytesPerSecond: Math.round(merge(a.writeBytesPerSecond, b.writeBytesPerSecond)),
    queue: round(merge(a.queue, b.queue)),
    waitMs: waits[0] == null ? (waits[1] ?? null) : waits[1] == null ? waits[0] : round(merge(waits[0], waits[1]), 3),
    ...((b.kind ?? a.kind) ? { kind: b.kind ?? a.kind } : {}),
  };
}

/**
 * Devices (drives, interfaces) by name over both samples, in the order the later one lists them: one
 * seen in only one sample keeps its own figures (it was not there to be read in the other).
 */
function meanByName<T extends { name: string }>(
  lists: readonly (readonly T[])[],
  weights: readonly [number, number],
  combine: (a: T, b: T, merge: (x: number, y: number) => number) => T,
): T[] {
  const [earlier = [], later = []] = lists;
  const merge = (x: number, y: number) => (x * weights[0] + y * weights[1]) / (weights[0] + weights[1]);
  const before = new Map(earlier.map((item) => [item.name, item]));
  const merged = later.map((item) => {
    const then = before.get(item.name);
    before.delete(item.name);
    return then ? combine(then, item, merge) : item;
  });
  return [...before.values(), ...merged];
}

function maxKnown(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : Math.max(a, b);
}

function sumKnown(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : a + b;
}

function round(value: number, digits = 4): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

function roundOrNull(value: number | null): number | null {
  return value === null ? null : round(value);
}
