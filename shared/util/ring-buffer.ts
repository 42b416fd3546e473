/** One reading on a time axis: `t` in seconds since the run began, `value` in SI units. */
export interface TimedValue {
  t: number;
  value: number;
}

/**
 * A fixed-capacity ring buffer: pushing onto a full buffer overwrites the oldest item, so
 * memory stays bounded however long a run lasts.
 */
export class RingBuffer<T = TimedValue> {
  private readonly items: (T | undefined)[];
  private start = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('capacity must be a positive integer');
    this.items = new Array<T | undefined>(capacity);
  }

  get length(): number {
    return this.count;
  }

  get isFull(): boolean {
    return this.count === this.capacity;
  }

  push(item: T): void {
    const end = (this.start + this.count) % this.capacity;
    this.items[end] = item;
    if (this.isFull) this.start = (this.start + 1) % this.capacity;
    else this.count += 1;
  }

  /** Oldest first. */
  toArray(): T[] {
    const out: T[] = [];
    for (let i = 0; i < this.count; i += 1) out.push(this.items[(this.start + i) % this.capacity] as T);
    return out;
  }

  /** The newest item, if any. */
  last(): T | undefined {
    return this.count === 0 ? undefined : this.items[(this.start + this.count - 1) % this.capacity];
  }

  clear(): void {
    this.items.fill(undefined);
    this.start = 0;
    this.count = 0;
  }
}

/**
 * Halves the resolution of `points` by averaging neighbouring pairs (time and value); an odd
 * last point is kept as it is. Averaging keeps the area under the curve, so the chart's
 * picture of "how much got through" stays true while it uses half the points.
 */
export function halveResolution(points: readonly TimedValue[]): TimedValue[] {
  const out: TimedValue[] = [];
  for (let i = 0; i < points.length; i += 2) {
    const a = points[i] as TimedValue;
    const b = points[i + 1];
    out.push(b ? { t: (a.t + b.t) / 2, value: (a.value + b.value) / 2 } : a);
  }
  return out;
}

/**
 * The samples of one chart line for a whole run, in bounded memory. A plain ring buffer
 * would drop the start of a long run; this keeps all of it and makes it coarser instead:
 * when the buffer is full, every pair of points is averaged into one and from then on each
 * new point is the average of twice as many samples (`samplesPerPoint` doubles). Every
 * point therefore stands for the same stretch of time, which suits a linear time axis; an
 * hour at four samples a second fits in 1200 points (16 samples, 4 s, per point).
 * Samples not yet making up a whole point are shown as one provisional point at the end,
 * so the live chart still moves with every sample.
 */
export class SampleHistory {
  private readonly buffer: RingBuffer<TimedValue>;
  private samplesPerPoint = 1;
  private pending = { t: 0, value: 0, count: 0 };
  private newest: TimedValue | undefined;

  constructor(capacity = 1200) {
    if (!Number.isInteger(capacity) || capacity < 2 || capacity % 2 !== 0) {
      throw new RangeError('capacity must be an even number of at least 2, so that points pair up when halving');
    }
    this.buffer = new RingBuffer<TimedValue>(capacity);
  }

  /** How many points `toArray()` returns; never more than `capacity`. */
  get length(): number {
    return this.buffer.length + (this.pending.count > 0 ? 1 : 0);
  }

  get capacity(): number {
    return this.buffer.capacity;
  }

  push(sample: TimedValue): void {
    this.newest = sample;
    // Samples only wait in `pending` while the buffer has room, so halving here loses nothing.
    if (this.buffer.isFull) {
      const halved = halveResolution(this.buffer.toArray());
      this.buffer.clear();
      for (const point of halved) this.buffer.push(point);
      this.samplesPerPoint *= 2;
    }
    this.pending.t += sample.t;
    this.pending.value += sample.value;
    this.pending.count += 1;
    if (this.pending.count === this.samplesPerPoint) {
      this.buffer.push(this.pendingPoint());
      this.pending = { t: 0, value: 0, count: 0 };
    }
  }

  /** Oldest first, ending with the provisional point if there is one. */
  toArray(): TimedValue[] {
    const points = this.buffer.toArray();
    if (this.pending.count > 0) points.push(this.pendingPoint());
    return points;
  }

  /** The newest sample exactly as it was pushed (not averaged). */
  last(): TimedValue | undefined {
    return this.newest;
  }

  clear(): void {
    this.buffer.clear();
    this.samplesPerPoint = 1;
    this.pending = { t: 0, value: 0, count: 0 };
    this.newest = undefined;
  }

  private pendingPoint(): TimedValue {
    const { t, value, count } = this.pending;
    return { t: t / count, value: value / count };
  }
}
