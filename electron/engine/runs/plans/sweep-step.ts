import type { z } from 'zod';
import type { DiskSweepRunInput } from '../../../../shared/disk';
import { formatBytes, formatSeconds, sizeLabel } from '../../../../shared/units';
import { largestCellBytes, planSweep, runSweep, type SweepResult } from '../../disk/sweep';
import { requireFio, sweepGrid, sweepRunDetails } from '../../disk/sweep-run-plan';
import { scratchIn } from './nas-folder';
import type { PlanFacts, PlanStep } from './types';

export type SweepSpec = Omit<z.output<typeof DiskSweepRunInput>, 'sessionId'>;

/** A sweep step: the engine's fio grid (block size × file size × jobs) with steady-state stops. Needs fio. */
export function sweepStep(spec: SweepSpec, facts: PlanFacts): PlanStep {
  const grid = sweepGrid(spec);
  // Refuses a grid that cannot run (e.g. a runtime shorter than the steady-state window) before the run starts.
  const plan = planSweep(grid);
  const bytes = largestCellBytes(plan);
  const seconds = Math.min(plan.worstCaseSeconds, spec.budgetSeconds);
  const sizes = (list: number[]) => list.map(sizeLabel).join(', ');
  return {
    kind: 'sweep',
    label: `Disk sweep (${plan.cells.length} cells)`,
    what:
      `fio in ${spec.folder}: block sizes ${sizes(spec.blockSizes)} × file sizes ${sizes(spec.fileSizes)} × jobs ${spec.jobs.join(', ')}, ` +
      `${spec.rw === 'both' ? 'writes and reads' : `${spec.rw}s`}, each cell stopped once its speed is steady; ` +
      `at most ${formatSeconds(seconds)}${facts.nas.memoryBytes ? ` (the NAS has ${formatBytes(facts.nas.memoryBytes)} of RAM)` : ''}.`,
    seconds,
    writes: [{ where: scratchIn(spec.folder), bytes }],
    series: [{ id: 'disk', label: 'Cell in progress' }],
    needsNas: true,
    async run(kit) {
      requireFio(kit.nas);
      const tests: SweepResult['tests'] = [];
      const result = await runSweep(kit.session, {
        ...grid,
        folder: spec.folder,
        memoryBytes: kit.nas.memoryBytes,
        openScratch: (neededBytes) => kit.openScratch(spec.folder, neededBytes),
        signal: kit.signal,
        onSample: (sample) => kit.sample('disk', sample.bytesPerSecond),
        onResult: (test) => {
          tests.push(test);
          kit.partial([sweepRunDetails(spec.folder, tests)]);
        },
      });
      return [sweepRunDetails(spec.folder, tests, result)];
    },
  };
}
