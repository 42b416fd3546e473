import type { z } from 'zod';
import type { DiskRunDetails, DiskSweepRunInput } from '../../../../shared/contract/disk';
import { NasbenchError } from '../../../../shared/contract/errors';
import type { NasFacts } from '../../../../shared/contract/probe';
import { formatBytes, formatSeconds, sizeLabel } from '../../../../shared/util/units';
import { sweepBudgetPreview } from '../../../../shared/sweep/budget';
import { sweepCellWords } from '../../../../shared/sweep/words';
import {
  fioOption,
  largestCellBytes,
  planSweep,
  runSweep,
  SweepClock,
  type SweepOptions,
  type SweepResult,
} from '../../disk';
import { diskHeadline } from './disk';
import { freeBytesOfFolder, scratchIn } from './nas-folder';
import { nasOf, type Step, type StepFacts } from './types';
import type { StepState } from '../registry';

export type SweepSpec = Omit<z.output<typeof DiskSweepRunInput>, 'sessionId'>;

/** A sweep needs fio: dd has no steady-state check and no random I/O, so there is no fallback. */
export function requireFio(facts: NasFacts): string {
  if (facts.tools.fio) return facts.tools.fio.version;
  throw new NasbenchError(
    'TOOL_MISSING',
    'fio is not installed on this NAS; a sweep needs it.',
    facts.installHints.find((hint) => /\bfio\b/.test(hint)) ?? facts.installHints[0] ?? 'Install fio on the NAS.',
  );
}

/** The sweep's grid in the engine's terms, from the contract's input. */
export function sweepGrid(input: Omit<SweepSpec, 'folder'>): Omit<SweepOptions, 'folder' | 'openScratch'> {
  return {
    blockSizes: input.blockSizes,
    fileSizes: input.fileSizes,
    jobs: input.jobs,
    rw: input.rw,
    steadyState: input.steadyState,
    direct: input.uncached,
    maxRuntimeSeconds: input.maxRuntimeSeconds,
    timeBudgetSeconds: input.budgetSeconds,
    adaptive: input.adaptive,
  };
}

/** A sweep's figures as a run reports them: the cells so far, and once it ends, the heatmaps too. */
export function sweepRunDetails(folder: string, tests: SweepResult['tests'], result?: SweepResult): DiskRunDetails {
  return {
    kind: 'disk',
    engine: 'fio',
    folder,
    fileSystem: result?.fileSystem ?? tests[0]?.fileSystem ?? null,
    tests: result?.tests ?? [...tests],
    hints: [],
    ...(result
      ? {
          sweep: {
            panels: result.heatmaps.panels,
            skipped: result.skipped,
            plannedSeconds: result.plannedSeconds,
            seconds: result.seconds,
            ...(result.note ? { note: result.note } : {}),
            leftOut: result.leftOut,
            ...(result.adaptive ? { adaptive: result.adaptive } : {}),
          },
        }
      : {}),
  };
}

/**
 * Seed 002's grid done right: block size × file size × jobs with fio's steady-state stop, each cell
 * a part (skipped ones marked so), and the heatmaps (x = file size, y = block size, a panel per
 * jobs value and direction) in its result. Needs fio.
 */
export function sweepStep(spec: SweepSpec, facts: Pick<StepFacts, 'nas'>): Step {
  const grid = sweepGrid(spec);
  // Refuses a grid that cannot run (a runtime shorter than the steady-state window, no cell that
  // fits) before the run starts; leaves out, and names, the cells that cannot run here.
  const free = freeBytesOfFolder(facts.nas, spec.folder);
  const plan = planSweep(grid, free);
  const bytes = largestCellBytes(plan);
  // The sweep's own rule for its time (sweep-time.ts), with nothing measured yet; it is corrected as cells finish.
  const seconds = Math.min(new SweepClock(plan).left(0, 0, 0), spec.budgetSeconds);
  const count = plan.cells.length;
  const sizes = (list: number[]) => list.map(sizeLabel).join(', ');
  // How many cells the budget measures (and an adaptive sweep infers), and what is left out, as the form says it.
  const budget = sweepBudgetPreview({ ...spec, maxSeconds: spec.maxRuntimeSeconds, freeBytes: free });
  return {
    kind: 'sweep',
    label: `Disk sweep (${count} cells)`,
    what:
      `fio in ${spec.folder}: block sizes ${sizes(spec.blockSizes)} × file sizes ${sizes(spec.fileSizes)} × jobs ${spec.jobs.join(', ')}, ` +
      `${spec.rw === 'both' ? 'writes and reads' : `${spec.rw}s`}, each cell stopped once its speed is steady; ` +
      `at most ${formatSeconds(seconds)}${facts.nas.memoryBytes ? ` (the NAS has ${formatBytes(facts.nas.memoryBytes)} of RAM)` : ''}. ` +
      budget.words,
    seconds,
    writes: [{ where: scratchIn(spec.folder), bytes }],
    series: [{ id: 'disk', label: 'Cell in progress' }],
    needsNas: true,
    async run(kit) {
      const nas = nasOf(kit);
      requireFio(nas.facts);
      const tests: SweepResult['tests'] = [];
      const indexOf = (name: string) => plan.cells.findIndex((cell) => cell.name === name);
      /** A cell's part on the Run screen, in words ("4k blocks on 256 MiB files, 1 job, writing"). */
      const part = (index: number, state: StepState, why = '', secondsLeft?: number) => {
        const cell = plan.cells[index];
        if (cell) kit.progress.part(index, count, `${sweepCellWords(cell)}${why}`, state, secondsLeft);
      };
      const again = ' (measured again, to see how much runs vary)';
      const result = await runSweep(nas.session, {
        ...grid,
        folder: spec.folder,
        memoryBytes: nas.facts.memoryBytes,
        ...fioOption(nas.facts),
        openScratch: (neededBytes) => kit.scratch.open(spec.folder, neededBytes),
        signal: kit.signal,
        onCellStart: (index, repeat, secondsLeft) => part(index, 'started', repeat ? again : '', secondsLeft),
        onCellRepeated: (index) => part(index, 'finished', again),
        onSample: (sample) => kit.progress.sample('disk', sample.bytesPerSecond),
        onResult: (test) => {
          tests.push(test);
          part(indexOf(test.name), 'finished');
          kit.progress.partial([sweepRunDetails(spec.folder, tests)]);
        },
      });
      for (const name of result.skipped) part(indexOf(name), 'skipped');
      // Cells the folder no longer had room for when the sweep began (the preview left out the others).
      for (const cell of result.leftOut) part(indexOf(cell.name), 'skipped', ' (left out)');
      // An adaptive sweep's cells it did not measure: inferred from their neighbours, and said so.
      for (const name of result.inferred) part(indexOf(name), 'skipped', ' (inferred)');
      return [sweepRunDetails(spec.folder, tests, result)];
    },
    headline: (results) => diskHeadline(results),
  };
}
