import type { Rule } from '../rule';
import { coresWords, percentFigure, percentWords } from '../nas-views';

/**
 * How busy counts as "already busy": a quarter of all cores, or half of one core for one process
 * (a 2-core Celeron NAS indexing photos). An idle NAS sits at a few percent.
 */
const busyShare = 0.25;
const busyProcessCores = 0.5;

/**
 * The NAS was busy before the run's first test began (its baseline): every figure measured while
 * it works on something else comes out lower, and says so.
 */
export const nasBusyBefore: Rule = (figures) => {
  const baseline = (figures.nasViews ?? []).map((view) => view.resources.baseline).find((found) => !!found);
  if (!baseline) return [];
  const busiest = baseline.top[0];
  const processBusy = busiest && busiest.cpu >= busyProcessCores;
  if (baseline.cpuBusy < busyShare && !processBusy) return [];
  return [
    {
      id: 'nas-busy-before',
      severity: 'warn',
      text:
        'The NAS was already busy before the test began: ' +
        (busiest
          ? `${busiest.name} was using ${coresWords(busiest.cpu)}, and all cores together were ${percentWords(baseline.cpuBusy)} busy. `
          : `its processor was ${percentWords(baseline.cpuBusy)} busy. `) +
        'Figures measured while the NAS works on something else come out lower: let that task finish or pause it ' +
        '(photo or media indexing, a backup, a RAID scrub, an app), then run the test again.',
      figures: {
        cpuBusyPercent: percentFigure(baseline.cpuBusy),
        ...(busiest ? { processCpuPercent: percentFigure(busiest.cpu) } : {}),
      },
    },
  ];
};
