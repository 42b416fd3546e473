import type { Spread } from '../../../shared/contract/figure-quality';
import { spreadOfSamples } from '../../../shared/util/spread';
import type { FioReport } from './parse';
import type { FioSample } from './status-stream';

/**
 * fio's last status comes when the job stops, a fraction of a second after the one before: a rate
 * over so short an interval says more about timing than about the disks, so it is left out.
 */
const shortestIntervalSeconds = 0.5;
/** The steady part needs the warm-up (the first sample) left out and still two to compare. */
const fewestSamples = 3;

/**
 * How steady a fio test was. From its per-second status samples, warm-up left out, where the test
 * ran long enough for three; otherwise from fio's own bandwidth samples in its report (every
 * half second per job, warm-up included); otherwise from the samples there are.
 */
export function fioSpread(samples: readonly FioSample[], report: FioReport, numjobs: number): Spread | null {
  const whole = samples
    .filter((sample) => sample.intervalSeconds >= shortestIntervalSeconds)
    .map((sample) => sample.bytesPerSecond);
  const fromStatus = whole.length >= fewestSamples ? spreadOfSamples(whole) : null;
  return fromStatus ?? fioOwnSpread(report, numjobs) ?? spreadOfSamples(whole);
}

/**
 * fio's `bw_dev` ÷ `bw_mean` of the busiest direction. With --group_reporting fio adds up the jobs'
 * means but not their deviations (stat.c, sum_stat with pure_sum), so the mean is scaled back to one
 * job's: the result is a single job's spread, never smaller than the total's.
 */
export function fioOwnSpread(report: FioReport, numjobs: number): Spread | null {
  const jobsPerEntry = Math.max(1, numjobs / Math.max(1, report.jobs.length));
  let widest: number | null = null;
  for (const job of report.jobs) {
    const busiest = [job.read, job.write, job.trim].sort((a, b) => b.io_bytes - a.io_bytes)[0];
    const { bw_mean: mean, bw_dev: dev, bw_samples: count } = busiest ?? {};
    if (mean === undefined || dev === undefined || count === undefined) continue;
    if (!(mean > 0) || count / jobsPerEntry < 2) continue;
    const relative = dev / (mean / jobsPerEntry);
    widest = Math.max(widest ?? 0, relative);
  }
  return widest === null ? null : { relative: widest, basis: 'samples' };
}
