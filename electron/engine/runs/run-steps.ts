import { NasbenchError, toAppError, type AppError, type ErrorCode } from '../../../shared/contract/errors';
import type { ClientFacts, NasFacts } from '../../../shared/contract/probe';
import type { ThroughputSummary } from '../../../shared/contract/run-events';
import type { TestResult } from '../../../shared/contract/runs';
import type { NasLogin, ScratchFolder } from '../ssh';
import { nasNamesOf } from './nas-names';
import { nasBaselineSeconds } from '../nas-view';
import { NasWatch, withNasView, type StepWatch } from './nas-watch';
import type { Plan } from './plans/types';
import type { RunContext, RunRequest } from './registry';
import type { Step, StepKit } from './steps/types';
import { descriptorOf, resultsOfKind } from '../../../shared/kinds';

/** What a run of a plan is given: the NAS (when there is one), a scratch folder opener, what the user asked for. */
export interface RunDeps {
  /** Null for a run on this computer only (a copy to a local folder, the loopback test). */
  session: NasLogin | null;
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

/** A single test: its parts are the run's steps; its result (disk, copy, load) the end event's details. */
async function runSingle(
  plan: Plan,
  deps: RunDeps,
  context: RunContext,
  watch: NasWatch | null,
): Promise<ThroughputSummary | undefined> {
  const step = plan.steps[0] as Step;
  const scratches = new OpenScratches(deps, context);
  let peak = 0;
  // The kinds Results draws from the end event at once (disk, copy, load) say so in their descriptor.
  const detailsOf = (results: TestResult[]) => {
    const first = results[0];
    const details = first && descriptorOf(first).endDetails?.(first);
    if (details) context.setDetails(details);
  };
  context.note({ tags: plan.tags });
  try {
    const outcome = await runStep(step, deps, context, scratches, watch, {
      sample: (series, bytesPerSecond) => {
        peak = Math.max(peak, bytesPerSecond);
        context.sample(series, bytesPerSecond);
      },
      part: (index, count, label, state, secondsLeft) =>
        context.step(index, count, label, state, undefined, secondsAfter(context, secondsLeft)),
      partial: detailsOf,
    });
    detailsOf(outcome.results);
    if (outcome.failed) throw outcome.error;
    return step.headline(outcome.results, peak);
  } finally {
    await scratches.removeAll();
  }
}

/** The run's whole time when `secondsLeft` remain from now (none given: no new estimate). */
function secondsAfter(context: RunContext, secondsLeft: number | undefined): number | undefined {
  return secondsLeft === undefined ? undefined : Math.round(context.elapsed() + secondsLeft);
}

/** How a step ended: its results, or what it finished before it failed and why it failed. */
type StepOutcome = { failed: false; results: TestResult[] } | { failed: true; results: TestResult[]; error: unknown };

/**
 * One step under its run, single test or guided plan alike: the NAS watched for its length, its
 * samples drawn on the run's lines, and its results kept in the saved run with what the NAS did
 * meanwhile. What a step finished before it failed is a real result, so it is kept too.
 */
async function runStep(
  step: Step,
  deps: RunDeps,
  context: RunContext,
  scratches: OpenScratches,
  watch: NasWatch | null,
  shown: Pick<StepKit['progress'], 'sample' | 'part'> & { partial?(sofar: TestResult[]): void },
): Promise<StepOutcome> {
  let partial: TestResult[] = [];
  const watching = await watchStep(watch, step);
  const kit = kitFor(deps, context, scratches, {
    sample: (series, bytesPerSecond) => {
      watching?.sample(series, bytesPerSecond);
      shown.sample(series, bytesPerSecond);
    },
    part: shown.part,
    partial: (sofar) => {
      partial = sofar;
      shown.partial?.(sofar);
    },
  });
  try {
    const results = withNasView(await step.run(kit), await watching?.stop());
    context.note({ results });
    return { failed: false, results };
  } catch (error) {
    const kept = withNasView(partial, await watching?.stop());
    context.note({ results: kept });
    return { failed: true, results: kept, error };
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
      const outcome = await runStep(step, deps, context, scratches, watch, {
        sample: (series, bytesPerSecond) => context.sample(seriesId(index, series), bytesPerSecond),
        // A plan shows its steps, not their parts; a part's time left corrects the plan's estimate.
        part: (_part, _parts, _label, _state, secondsLeft) => {
          if (secondsLeft === undefined) return;
          const rest = expectedFrom(index + 1) - context.elapsed();
          context.step(index, count, step.label, 'started', undefined, secondsAfter(context, secondsLeft + rest));
        },
      });
      results.push(...outcome.results);
      if (!outcome.failed) {
        context.step(index, count, step.label, 'finished');
        continue;
      }
      const appError = toAppError(context.signal.aborted ? context.signal.reason : outcome.error);
      context.step(index, count, step.label, 'failed', appError);
      if (context.signal.aborted) continue;
      failures.push({ label: step.label, error: appError });
      if (step.needsNas && (nasLostCodes.has(appError.code) || deps.session?.isConnected() === false)) {
        nasLost = appError;
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
  const network = resultsOfKind(results, 'network').find((result) => result.direction === 'upload');
  if (network) {
    const bytesPerSecond = network.summary.bitsPerSecond / 8;
    return {
      bytes: network.summary.bytes,
      seconds: network.summary.seconds,
      bytesPerSecond,
      peakBytesPerSecond: bytesPerSecond,
    };
  }
  for (const result of results) {
    const tests = descriptorOf(result).headlineTests(result);
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
