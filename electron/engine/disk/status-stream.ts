import { JsonObjectSplitter } from './json-objects';
import { finalFioReport, readFioObject, type FioReport } from './parse';

/** A live reading during one fio test. */
export interface FioSample {
  /** Seconds of fio runtime so far. */
  t: number;
  /** Rate over the interval since the previous sample: Δio_bytes / Δruntime. */
  bytesPerSecond: number;
  /** Bytes moved so far in this test. */
  ioBytes: number;
  /** Seconds the rate was measured over (about 1; the last one of a test is often shorter). */
  intervalSeconds: number;
}

/** Cumulative bytes and runtime of one status object, summed over jobs and directions. */
export function progressOf(report: FioReport): { ioBytes: number; runtimeMs: number } {
  let ioBytes = 0;
  let runtimeMs = 0;
  for (const job of report.jobs) {
    for (const direction of [job.read, job.write, job.trim]) {
      ioBytes += direction.io_bytes;
      runtimeMs = Math.max(runtimeMs, direction.runtime);
    }
  }
  return { ioBytes, runtimeMs };
}

/**
 * Turns fio's `--status-interval=1` stdout, fed in arbitrary chunks, into samples. Each status
 * object is cumulative, so a sample is the difference to the previous one. When the counts go
 * backwards (fio resets its stats after `ramp_time`), the next interval starts from the new
 * baseline. Objects that are not fio reports are skipped: live samples never fail a test.
 */
export class FioStatusStream {
  private readonly splitter = new JsonObjectSplitter();
  private previous = { ioBytes: 0, runtimeMs: 0 };
  /** The last object so far: at the end, fio's report (only it is kept, not every status before it). */
  private last: string | undefined;

  push(chunk: string): FioSample[] {
    const samples: FioSample[] = [];
    for (const text of this.splitter.push(chunk)) {
      this.last = text;
      const report = readFioObject(text);
      if (!report) continue;
      const now = progressOf(report);
      const elapsedMs = now.runtimeMs - this.previous.runtimeMs;
      const moved = now.ioBytes - this.previous.ioBytes;
      if (now.runtimeMs < this.previous.runtimeMs || moved < 0) {
        this.previous = now;
        continue;
      }
      if (elapsedMs <= 0) continue;
      samples.push({
        t: now.runtimeMs / 1000,
        bytesPerSecond: (moved * 1000) / elapsedMs,
        ioBytes: now.ioBytes,
        intervalSeconds: elapsedMs / 1000,
      });
      this.previous = now;
    }
    return samples;
  }

  /** fio's final report, the last object it printed; PARSE_ERROR when there is none or it was cut off. */
  finalReport(): FioReport {
    return finalFioReport(this.last, this.splitter.unfinished);
  }

  /** What fio printed on stdout besides its JSON (its notes and errors), the start of it. */
  get said(): string {
    return this.splitter.outside;
  }
}
