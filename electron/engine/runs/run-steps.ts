import { NasbenchError, toAppError, type AppError, type ErrorCode } from '../../../shared/contract/errors';
import type { ClientFacts, NasFacts } from '../../../shared/contract/probe';
import type { ThroughputSummary } from '../../../shared/contract/run-events';
import type { TestResult } from '../../../shared/contract/runs';
import type { NasSession, ScratchFolder } from '../ssh';
import { nasNamesOf } from './nas-names';
import { nasBaselineSeconds } from '../nas-load';
import { NasWatch, withNasView, type StepWatch } from './nas-watch';
import type { Plan } from './plans/types';
import type { RunContext, RunRequest } from './registry';
import type { Step, StepKit } from './steps/types';

/** What a run of a plan is given: the NAS (when there is one), a scratch folder opener, what the user asked for. */
export interface RunDeps {
  /** Null for a run on this computer only (a copy to a local folder, the loopback test). */
  session: NasSession | null;
  nas: NasFacts | null;
  client: ClientFacts | null;
  /** Opens `.nasbench-<runId>` inside a chosen NAS folder (the connections remember it for the sweep). */
  openScratch(folder: string, runId: string, neededBytes: number): Promise<ScratchFolder>;
  /** Exactly what the user asked for, kept with the saved run. */
  parameters: Record<string, unknown>;
}

/** A run on this computer only: no NAS, so no scratch folder on one either. */
export function onThisComputer(parameters: Record<string, unknown>): RunDeps {
  return {
    session: null,
    nas: null,
    client: null,
    parameters,
    openScratch: () => Promise.reject(new Error('A test on this computer has no NAS folder.')),
  };
}

/**
 * How long a run takes, as its preview says and its progress counts down: its steps, and with a NAS
 * login the NAS's baseline before the first of them (nas-watch.ts).
 */
export function expectedRunSeconds(steps: readonly Pick<Step, 'seconds'>[], nasLogin: boolean): number {
  return steps.reduce((sum, step) => sum + step.seconds, nasLogin ? nasBaselineSeconds : 0);
}

/** After these, the NAS is out of reach: its remaining steps are skipped instead of failing one by one. */
const nasLostCodes = new Set<ErrorCode>(['LINK_LOST', 'UNREACHABLE', 'NOT_FOUND']);

/**
 * The one way a test runs: a plan's steps in order under one run id. A guided plan shows each step
 * as a step of the run, its lines numbered by step; a single test (a plan of one step, `single`)
 * shows the parts of its step (each fio test, each copy phase) as the run's steps, its own lines,
 * its result in the end event and its own headline.
 */
export function runRequestOf(plan: Plan, deps: RunDeps): RunRequest {
  const identity = deps.session?.info;
  const single = plan.single === true && plan.steps.length === 1;
  return {
    plan: plan.plan,
    title: plan.title,
    target: plan.target ?? identity?.host ?? 'This computer',
    expectedSeconds: expectedRunSeconds(plan.steps, deps.session !== null),
    series: single
      ? (plan.steps[0]?.series ?? [])
      : plan.steps.flatMap((step, index) =>
          step.series.map((line) => ({ id: seriesId(index, line.id), label: `${index + 1}. ${line.label}` })),
        ),
    parameters: deps.parameters,
    environment: identity
      ? {
          ...(deps.nas ? { nas: deps.nas } : {}),
          ...(deps.client ? { client: deps.client } : {}),
          nasIdentity: { fingerprint: identity.hostKey.fingerprint, sshPort: identity.port },
        }
      : {},
    ...(identity ? { nas: nasNamesOf(identity.host, identity.port, deps.nas) } : {}),
    work: (context) => {
      // What the NAS itself does during each test, when the run has its login.
      const watch = deps.session
        ? new NasWatch(
            deps.session,
            () => context.elapsed(),
            context.signal,
            (sample) => context.nas(sample),
          )
        : null;
      return single ? runSingle(plan, deps, context, watch) : runSteps(plan, deps, context, watch);
    },
  };
}

function seriesId(stepIndex: number, id: string): string {
  return `${stepIndex + 1}:${id}`;
}

/**
 * Scratch folders a step opened and could not remove itself: the run removes them when it ends, and
 * names each one that stays (the NAS went, a file in it stayed busy) in its result.
 */
class OpenScratches {
  private readonly open = new Set<ScratchFolder>();

  constructor(
    private readonly deps: RunDeps,
    private readonly context: RunContext,
  ) {}

  async openIn(folder: string, neededBytes: number): Promise<ScratchFolder> {
    // The run's folder is `.nasbench-<runId>`: one left open by an earlier step goes before a new one is made.
    for (const left of [...this.open]) await left.remove().catch(() => false);
    const scratch = await this.deps.openScratch(folder, this.context.runId, neededBytes);
    const handle: ScratchFolder = {
      path: scratch.path,
      remove: async () => {
        const gone = await scratch.remove().catch(() => false);
        // One that stays is tried again when the run ends, and named then if it still stays.
        if (gone) this.open.delete(handle);
        return gone;
      },
    };
    this.open.add(handle);
    return handle;
  }

  async removeAll(): Promise<void> {
    const stayed = await Promise.all(
      [...this.open].map(async (scratch) => ((await scratch.remove()) ? [] : [scratch.path])),
    );
    const leftBehind = stayed.flat().map((path) => ({ path, where: 'nas' as const }));
    if (leftBehind.length > 0) this.context.note({ leftBehind });
  }
}

function kitFor(
  deps: RunDeps,
  context: RunContext,
  scratches: OpenScratches,
  progress: Pick<StepKit['progress'], 'sample' | 'part' | 'partial'>,
): StepKit {
  return {
    runId: context.runId,
    nas: deps.session && deps.nas ? { session: deps.session, facts: deps.nas } : null,
    scratch: { open: (folder, neededBytes) => scratches.openIn(folder, neededBytes) },
    progress: {
      ...progress,
      delay: (ms, phase) => context.delay(ms, phase),
      leftBehind: (folder) => context.note({ leftBehind: [folder] }),
    },
    signal: context.signal,
  };
}

/** A single test: its parts are the run's steps; its result (disk, copy) the end event's details. */
async function runSingle(
  plan: Plan,
  deps: RunDeps,
  context: RunContext,
  watch: NasWatch | null,
): Promise<ThroughputSummary | undefined> {
  const step = plan.steps[0] as Step;
  const scratches = new OpenScratches(deps, context);
  let partial: TestResult[] = [];
  let peak = 0;
  const detailsOf = (results: TestResult[]) => {
    const first = results[0];
    if (first?.kind === 'disk' || first?.kind === 'copy' || first?.kind === 'load') context.setDetails(first);
  };
  context.note({ tags: plan.tags });
  const watching = await watchStep(watch, step);
  const kit = kitFor(deps, context, scratches, {
    sample: (series, bytesPerSecond) => {
      peak = Math.max(peak, bytesPerSecond);
      watching?.sample(series, bytesPerSecond);
      context.sample(series, bytesPerSecond);
    },
    part: (index, count, label, state) => context.step(index, count, label, state),
    partial: (sofar) => {
      partial = sofar;
      detailsOf(sofar);
    },
  });
  try {
    const results = withNasView(await step.run(kit), await watching?.stop());
    detailsOf(results);
    context.note({ results });
    return step.headline(results, peak);
  } catch (error) {
    // What the test finished before it failed is a real result, with what the NAS did meanwhile.
    const kept = withNasView(partial, await watching?.stop());
    detailsOf(kept);
    context.note({ results: kept });
    throw error;
  } finally {
    await scratches.removeAll();
  }
}

/** The NAS's own view of a step, when the run has a NAS login (nas-watch.ts); null without one. */
function watchStep(watch: NasWatch | null, step: Step): Promise<StepWatch | null> {
  return watch ? watch.watch(step.seconds).catch(() => null) : Promise.resolve(null);
}

/**
 * A guided plan's steps in order. A failed step does not stop the plan: each step measures one thing
 * on its own (the network test does not need the disks), so later steps still run and the run ends
 * failed with every finished figure kept. Only two things skip the steps left: a cancel (all of
 * them), and a lost connection to the NAS (the steps that need it; a copy to a local folder still runs).
 */
async function runSteps(
  plan: Plan,
  deps: RunDeps,
  context: RunContext,
  watch: NasWatch | null,
): Promise<ThroughputSummary | undefined> {
  const { steps } = plan;
  const count = steps.length;
  const results: TestResult[] = [];
  const failures: { label: string; error: AppError }[] = [];
  const scratches = new OpenScratches(deps, context);
  let nasLost: AppError | undefined;
  /** The run's time from here: what has passed, and the steps left as the figures so far say they will take. */
  const expectedFrom = (index: number) =>
    Math.round(
      context.elapsed() +
        steps.slice(index).reduce((sum, step) => sum + (step.reestimate?.(results) ?? step.seconds), 0),
    );
  context.note({ tags: plan.tags });
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
      context.step(index, count, step.label, 'started', undefined, expectedFrom(index));
      let partial: TestResult[] = [];
      const watching = await watchStep(watch, step);
      const kit = kitFor(deps, context, scratches, {
        sample: (series, bytesPerSecond) => {
          watching?.sample(series, bytesPerSecond);
          context.sample(seriesId(index, series), bytesPerSecond);
        },
        // A plan shows its steps, not their parts.
        part: () => undefined,
        partial: (sofar) => {
          partial = sofar;
        },
      });
      try {
        const found = withNasView(await step.run(kit), await watching?.stop());
        results.push(...found);
        context.note({ results: found });
        context.step(index, count, step.label, 'finished');
      } catch (error) {
        // What the step finished before it failed is a real result, with what the NAS did meanwhile.
        const kept = withNasView(partial, await watching?.stop());
        results.push(...kept);
        context.note({ results: kept });
        const appError = toAppError(context.signal.aborted ? context.signal.reason : error);
        context.step(index, count, step.label, 'failed', appError);
        if (context.signal.aborted) continue;
        failures.push({ label: step.label, error: appError });
        if (step.needsNas && (nasLostCodes.has(appError.code) || deps.session?.isConnected() === false)) {
          nasLost = appError;
        }
      }
    }
  } finally {
    // Cleanup always runs: a scratch folder whose step could not remove it (its own cleanup failed) goes now.
    await scratches.removeAll();
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
  return planHeadline(results);
}

const cancelledSkip: AppError = {
  code: 'CANCELLED',
  message: 'Skipped: the run was cancelled.',
  hint: 'Start the plan again when you are ready.',
};

/** The history list's one figure for a plan: the network to the NAS, else the first other figure. */
function planHeadline(results: TestResult[]): ThroughputSummary | undefined {
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
