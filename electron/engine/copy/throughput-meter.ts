/** One live reading during a copy test. */
export interface CopySample {
  /** Seconds since the copy run began. */
  t: number;
  /** Which live line this belongs to, e.g. `write`, `read`, `sweep read`, `small files write`. */
  series: string;
  op: 'write' | 'read';
  bytesPerSecond: number;
  bytesDone: number;
  bytesTotal: number;
}

export interface MeterOptions {
  series: string;
  op: 'write' | 'read';
  bytesTotal: number;
  /** Seconds since the run began (shared by every test of the run, so samples line up). */
  elapsed: () => number;
  onSample?: ((sample: CopySample) => void) | undefined;
}

/** Five readings a second: the contract asks for at least four, and one timer tick may slip on a busy machine. */
const sampleEveryMs = 200;

/**
 * Turns bytes moved into live bytes/s readings. A timer, not the I/O loop, sets the pace: one
 * block on a slow share can take longer than a reading, and then the honest reading is 0.
 * The first block and the end always produce a reading.
 */
export class ThroughputMeter {
  private bytesDone = 0;
  private reportedBytes = 0;
  private reportedAt = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: MeterOptions) {}

  /** With `poll`, each reading asks it for the bytes done (the I/O thread's counter) instead of counting `add`s. */
  start(poll?: () => number): void {
    this.reportedAt = this.options.elapsed();
    if (!this.options.onSample) return;
    this.timer = setInterval(() => {
      if (poll) this.bytesDone = poll();
      this.report();
    }, sampleEveryMs);
    this.timer.unref();
  }

  add(bytes: number): void {
    const first = this.bytesDone === 0;
    this.bytesDone += bytes;
    if (first) this.report();
  }

  stop(finalBytesDone?: number): void {
    clearInterval(this.timer);
    this.timer = undefined;
    if (finalBytesDone !== undefined) this.bytesDone = finalBytesDone;
    if (this.bytesDone > this.reportedBytes) this.report();
  }

  private report(): void {
    const now = this.options.elapsed();
    const seconds = now - this.reportedAt;
    if (seconds <= 0 || !this.options.onSample) return;
    const bytesPerSecond = (this.bytesDone - this.reportedBytes) / seconds;
    this.reportedAt = now;
    this.reportedBytes = this.bytesDone;
    this.options.onSample({
      t: now,
      series: this.options.series,
      op: this.options.op,
      bytesPerSecond,
      bytesDone: this.bytesDone,
      bytesTotal: this.options.bytesTotal,
    });
  }
}
