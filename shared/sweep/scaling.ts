import type { DiskSweepSummary, DiskTestResult } from '../contract/disk';
import type { Spread } from '../contract/figure-quality';
import { formatBytes, formatRate, sizeLabel, type RateUnit } from '../util/units';
import { gridCell, type SweepGridCell } from './grid';

/**
 * How more parallel jobs help, per direction and block size (seed 002's "throughput ÷ numjobs per
 * process" and its question: how many jobs saturate the pool). Read, per block size, on the file
 * size where the most job counts were measured — the largest such, the one least helped by the
 * NAS's cache (an adaptive sweep probes jobs there; a full one measured them everywhere) — from
 * measured cells only: a rule read off inferred cells would only repeat the sweep's guess.
 */

/** A gain within this (or the cells' own spread, if larger) is noise, not more throughput. */
export const scalingNoise = 0.05;

export interface JobScaling {
  rw: 'write' | 'read';
  bs: number;
  fileSize: number;
  /** The measured job counts, ascending, with their figures. */
  points: SweepGridCell[];
  /** The fewest jobs past which no job count gained beyond the noise. */
  saturatedAt: number;
  /** True when the most jobs measured still gained beyond the noise: more might help. */
  stillGrowing: boolean;
}

const gain = (from: SweepGridCell, to: SweepGridCell) => {
  const noise = Math.max(from.spread?.relative ?? 0, to.spread?.relative ?? 0, scalingNoise);
  return (to.bytesPerSecond ?? 0) > (from.bytesPerSecond ?? 0) * (1 + noise);
};

/** Every direction × block size with at least two job counts measured on the largest file size. */
export function jobScaling(sweep: DiskSweepSummary, tests: readonly DiskTestResult[]): JobScaling[] {
  const panels = [...sweep.panels].sort((a, b) => a.jobs - b.jobs);
  const first = panels[0];
  if (!first) return [];
  const found: JobScaling[] = [];
  for (const rw of ['write', 'read'] as const) {
    const ofDirection = panels.filter((panel) => panel.rw === rw);
    if (ofDirection.length < 2) continue;
    for (const [row, bs] of first.y.entries()) {
      const measuredAt = (column: number) =>
        ofDirection.map((panel) => gridCell(panel, row, column, tests)).filter((point) => point.how === 'measured');
      // The file size with the most measured job counts; the largest of those.
      const size = (at: number) => first.x[at] ?? 0;
      const column = first.x.reduce((best, _, at) => {
        const [count, bestCount] = [measuredAt(at).length, measuredAt(best).length];
        return count > bestCount || (count === bestCount && size(at) > size(best)) ? at : best;
      }, 0);
      const fileSize = first.x[column] ?? 0;
      const points = measuredAt(column);
      if (points.length < 2) continue;
      // The saturation point: the first job count that no later one beats beyond the noise.
      // The last one always qualifies; reaching it means the step to it still gained.
      const at = points.findIndex((point, index) => points.slice(index + 1).every((later) => !gain(point, later)));
      found.push({
        rw,
        bs,
        fileSize,
        points,
        saturatedAt: points[at]?.jobs ?? 1,
        stillGrowing: at === points.length - 1,
      });
    }
  }
  return found;
}

/** "Writing 1M blocks to 512 MiB files: 2 parallel jobs saturate this pool (8.9 GB/s, 4.5 GB/s per job); more jobs only queue." */
export function describeJobScaling(scaling: JobScaling, unit: RateUnit): string {
  const what = `${scaling.rw === 'write' ? 'Writing' : 'Reading'} ${sizeLabel(scaling.bs)} blocks to ${formatBytes(scaling.fileSize)} files`;
  const best = scaling.points.find((point) => point.jobs === scaling.saturatedAt);
  const figure = best?.bytesPerSecond ?? 0;
  const most = scaling.points[scaling.points.length - 1]?.jobs ?? 1;
  if (scaling.stillGrowing) {
    return `${what}: still faster at ${most} parallel jobs, the most tried (${formatRate(figure, unit)}); more jobs may help.`;
  }
  if (scaling.saturatedAt === 1) {
    return `${what}: one job already gets the most from this pool (${formatRate(figure, unit)}); more jobs only queue.`;
  }
  const perJob = formatRate(figure / scaling.saturatedAt, unit);
  return (
    `${what}: ${scaling.saturatedAt} parallel jobs saturate this pool (${formatRate(figure, unit)}, ${perJob} per job); ` +
    'more jobs only queue.'
  );
}

/**
 * One figure of the per-job table: a job count's total and per-job throughput, how steady the
 * measurement was (the per-job figure is the total ÷ jobs, so the same ± holds for both), and
 * whether the pool saturated there.
 */
export interface PerJobFigure {
  jobs: number;
  bytesPerSecond: number;
  perJobBytesPerSecond: number;
  spread: Spread | null;
  saturated: boolean;
}

/**
 * The per-job table the app and the reports show: a column per job count measured in any row, a
 * row per direction and block size, null where that row did not measure that job count.
 */
export function perJobTable(scaling: readonly JobScaling[]) {
  const jobs = [...new Set(scaling.flatMap((each) => each.points.map((point) => point.jobs)))].sort((a, b) => a - b);
  const rows = scaling.map((each) => ({
    rw: each.rw,
    bs: each.bs,
    figures: jobs.map((count): PerJobFigure | null => {
      const point = each.points.find((candidate) => candidate.jobs === count);
      if (point?.bytesPerSecond == null) return null;
      return {
        jobs: count,
        bytesPerSecond: point.bytesPerSecond,
        perJobBytesPerSecond: point.bytesPerSecond / count,
        spread: point.spread,
        saturated: count === each.saturatedAt && !each.stillGrowing,
      };
    }),
  }));
  return { jobs, rows };
}
