import { NasbenchError, toAppError, type AppError, type ErrorCode } from '../../../shared/errors';
import type { ClientFacts, NasFacts } from '../../../shared/probe';
import type { ThroughputSummary } from '../../../shared/run-events';
import type { TestResult } from '../../../shared/runs';
import type { ScratchFolder } from '../ssh/scratch';
import type { NasSession } from '../ssh/session';
import { nasNamesOf } from './nas-names';
import type { PlanDraft, StepKit } from './plans';
import type { RunContext, RunPlan } from './registry';

export interface PlanRunDeps {
  session: NasSession;
  nas: NasFacts;
  client: ClientFacts;
  /** Opens a scratch folder inside a chosen NAS folder (the app remembers it, so a crash's leftovers are swept later). */
  openScratch(folder: string, neededBytes: number): Promise<ScratchFolder>;
  /** Exactly what the user asked for, kept with the saved run. */
  parameters: Record<string, unknown>;
}

/** After these, the NAS is out of reach: its remaining steps are skipped instead of failing one by one. */
const nasLostCodes = new Set<ErrorCode>(['LINK_LOST', 'UNREACHABLE', 'NOT_FOUND']);

/**
 * A plan as one run of the registry: its steps in order under one run id, each step's live lines
 * on the run's chart, each step's results noted for the saved run (so its verdicts can be worked out).
 */
export function planRunPlan(draft: PlanDraft, deps: PlanRunDeps): RunPlan {
  const { host, port } = deps.session.info;
  return {
    plan: draft.plan,
    title: draft.title,
    target: host,
    expectedSeconds: draft.steps.reduce((sum, step) => sum + step.seconds, 0),
    series: draft.steps.flatMap((step, index) =>
      step.series.map((line) => ({ id: seriesId(index, line.id), label: `${index + 1}. ${line.label}` })),
    ),
    parameters: deps.parameters,
    environment: { nas: deps.nas, client: deps.client },
    nas: nasNamesOf(host, port, deps.nas),
    work: (context) => runSteps(draft, deps, context),
  };
}

function seriesId(stepIndex: number, id: string): string {
  return `${stepIndex + 1}:${id}`;
}

/**
 * Runs the steps in order. A failed step does not stop the plan: each step measures one thing on
 * its own (the network test does not need the disks), so later steps still run and the run ends
 * failed with every finished figure kept. Only two things skip the steps left: a cancel (all of
 * them), and a lost connection to the NAS (the steps that need it; a copy to a local folder still runs).
 */
async function runSteps(
  draft: PlanDraft,
  deps: PlanRunDeps,
  context: RunContext,
): Promise<ThroughputSummary | undefined> {
  const { steps } = draft;
  const count = steps.length;
  const results: TestResult[] = [];
  const failures: { label: string; error: AppError }[] = [];
  const scratches = new Set<ScratchFolder>();
  let nasLost: AppError | undefined;
  context.note({ tags: draft.tags });
  try {
    for (const [index, step] of steps.entries()) {
      const skipped = context.signal.aborted
        ? cancelledSkip
        : step.needsNas && nasLost
          ? { ...nasLost, message: `Skipped: ${nasLost.message}` }
          : undefined;
      if (skipped) {
        context.step(index, count, step.label, 'skipped', skipped);
        continue;
      }
      context.step(index, count, step.label, 'started');
      let partial: TestResult[] = [];
      const kit: StepKit = {
        session: deps.session,
        nas: deps.nas,
        signal: context.signal,
        sample: (series, bytesPerSecond) => context.sample(seriesId(index, series), bytesPerSecond),
        openScratch: async (folder, neededBytes) => tracked(await deps.openScratch(folder, neededBytes), scratches),
        partial: (sofar) => {
          partial = sofar;
        },
      };
      try {
        const found = await step.run(kit);
        results.push(...found);
        context.note({ results: found });
        context.step(index, count, step.label, 'finished');
      } catch (error) {
        // What the step finished before it failed is a real result.
        results.push(...partial);
        context.note({ results: partial });
        const appError = toAppError(context.signal.aborted ? context.signal.reason : error);
        context.step(index, count, step.label, 'failed', appError);
        if (context.signal.aborted) continue;
        failures.push({ label: step.label, error: appError });
        if (step.needsNas && (nasLostCodes.has(appError.code) || !deps.session.isConnected())) nasLost = appError;
      }
    }
  } finally {
    // Cleanup always runs: a scratch folder whose step could not remove it (its own cleanup failed) goes now.
    await Promise.all([...scratches].map((scratch) => scratch.remove().catch(() => undefined)));
  }
  if (context.signal.aborted) throw context.signal.reason;
  const first = failures[0];
  if (first) {
    const which =
      failures.length === 1 ? first.label : `${failures.length} of ${count} steps failed; first ${first.label}`;
    throw new NasbenchError(
      first.error.code,
      `${which}: ${first.error.message}`,
      `${first.error.hint} The figures of the steps that finished are kept in the saved run.`,
      { details: { failedSteps: failures.length, steps: count } },
    );
  }
  return headline(results);
}

const cancelledSkip: AppError = {
  code: 'CANCELLED',
  message: 'Skipped: the run was cancelled.',
  hint: 'Start the plan again when you are ready.',
};

/** Forgets a scratch folder once removed; the ones left are removed when the plan ends. */
function tracked(scratch: ScratchFolder, open: Set<ScratchFolder>): ScratchFolder {
  const handle: ScratchFolder = {
    path: scratch.path,
    remove: async () => {
      await scratch.remove();
      open.delete(handle);
    },
  };
  open.add(handle);
  return handle;
}

/** The history list's one figure for a plan: the network to the NAS, else the first other figure. */
function headline(results: TestResult[]): ThroughputSummary | undefined {
  const network = results.find((result) => result.kind === 'network' && result.direction === 'upload');
  if (network?.kind === 'network') {
    const bytesPerSecond = network.summary.bitsPerSecond / 8;
    return {
      bytes: network.summary.bytes,
      seconds: network.summary.seconds,
      bytesPerSecond,
      peakBytesPerSecond: bytesPerSecond,
    };
  }
  for (const result of results) {
    const tests: { bytesPerSecond: number; seconds: number }[] =
      result.kind === 'disk' || result.kind === 'copy' ? result.tests : [];
    const best = [...tests].sort((a, b) => b.bytesPerSecond - a.bytesPerSecond)[0];
    if (best) {
      return {
        bytes: best.bytesPerSecond * best.seconds,
        seconds: best.seconds,
        bytesPerSecond: best.bytesPerSecond,
        peakBytesPerSecond: best.bytesPerSecond,
      };
    }
  }
  return undefined;
}
