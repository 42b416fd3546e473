import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { DiskSweepRunInput } from '../../../shared/disk';
import { NasbenchError } from '../../../shared/errors';
import type { ConnectionManager } from '../connections/manager';
import type { NasFacts } from '../../../shared/probe';
import { probeNas } from '../probe';
import type { RunDetails, RunPlan } from '../runs/registry';
import { diskRunSummary } from './run-plan';
import { planSweep, runSweep, type SweepOptions, type SweepResult } from './sweep';

type SweepInput = z.output<typeof DiskSweepRunInput>;

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
export function sweepGrid(
  input: Omit<SweepInput, 'sessionId' | 'folder'>,
): Omit<SweepOptions, 'folder' | 'openScratch'> {
  return {
    blockSizes: input.blockSizes,
    fileSizes: input.fileSizes,
    jobs: input.jobs,
    rw: input.rw,
    steadyState: input.steadyState,
    direct: input.uncached,
    maxRuntimeSeconds: input.maxRuntimeSeconds,
    timeBudgetSeconds: input.budgetSeconds,
  };
}

/** A sweep's figures as a run reports them: the cells so far, and once it ends, the heatmaps too. */
export function sweepRunDetails(
  folder: string,
  tests: SweepResult['tests'],
  result?: SweepResult,
): Extract<RunDetails, { kind: 'disk' }> {
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
          },
        }
      : {}),
  };
}

/**
 * The disk sweep as a run: a step per cell (skipped ones marked so), live throughput of the cell
 * in progress, and in the end event every cell's figures plus the heatmaps (x = file size,
 * y = block size, a panel per jobs value and direction). Cells finished before a failure are kept.
 */
export function diskSweepRunPlan(connections: ConnectionManager, input: SweepInput): RunPlan {
  const session = connections.session(input.sessionId);
  const grid = sweepGrid(input);
  // Refuses a bad grid (no sizes, a runtime shorter than the steady-state window) before the run starts.
  const plan = planSweep(grid);
  const count = plan.cells.length;
  return {
    plan: 'disk-sweep',
    title: `Disk sweep: ${count} cells${input.uncached ? ' (uncached)' : ''}`,
    target: `${session.info.host}:${input.folder}`,
    expectedSeconds: Math.min(plan.worstCaseSeconds, input.budgetSeconds),
    series: [{ id: 'disk', label: 'Cell in progress' }],
    async work(context) {
      const facts = await probeNas(session, context.signal);
      requireFio(facts);
      const tests: SweepResult['tests'] = [];
      const details = (result?: SweepResult) => context.setDetails(sweepRunDetails(input.folder, tests, result));
      const result = await runSweep(session, {
        ...grid,
        folder: input.folder,
        memoryBytes: facts.memoryBytes,
        openScratch: (neededBytes) => connections.openScratch(input.sessionId, input.folder, randomUUID(), neededBytes),
        signal: context.signal,
        onCellStart: (index, name) => context.step(index, count, name, 'started'),
        onSample: (sample) => context.sample('disk', sample.bytesPerSecond),
        onResult: (test) => {
          tests.push(test);
          const index = plan.cells.findIndex((cell) => cell.name === test.name);
          context.step(index, count, test.name, 'finished');
          details();
        },
      });
      for (const name of result.skipped) {
        context.step(
          plan.cells.findIndex((cell) => cell.name === name),
          count,
          name,
          'skipped',
        );
      }
      details(result);
      return diskRunSummary(result.tests);
    },
  };
}
