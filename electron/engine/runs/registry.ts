import { randomUUID } from 'node:crypto';
import { NasbenchError, toAppError, type AppError } from '../../../shared/contract/errors';
import type {
  LeftBehind,
  RunBegin,
  RunEnd,
  RunNas,
  RunProgress,
  RunSample,
  SeriesInfo,
  ThroughputSummary,
} from '../../../shared/contract/run-events';
import type { RunEnvironment, TestResult } from '../../../shared/contract/runs';
import type { NasResourceSample } from '../../../shared/contract/nas-resources';
import { BusyFiles } from './busy-files';
import type { z } from 'zod';

/** What a running test can do: watch for cancel, report live throughput and steps. */
export interface RunContext {
  /** The run's id: names its scratch folders (`.nasbench-<runId>`). */
  readonly runId: string;
  readonly signal: AbortSignal;
  /** Seconds since the run began, on a monotonic clock. */
  elapsed(): number;
  sample(series: string, bytesPerSecond: number): void;
  /** A round trip to the NAS timed during a network test, for the live delay chart. */
  delay(ms: number, phase: 'idle' | 'loaded'): void;
  /** A second of what the NAS itself did, for the live NAS panel. */
  nas(sample: NasResourceSample): void;
  /** `expectedSeconds`: the run's time estimated again as a step starts (see RunStep). */
  step(index: number, count: number, label: string, state: StepState, error?: AppError, expectedSeconds?: number): void;
  /** Per-test results that go with the end event (kept on failure too: they are partial results). */
  setDetails(details: RunDetails): void;
  /** What the saved run should keep beyond the events: each test's result, the NAS's facts, tags. */
  note(notes: RunNotes): void;
}

export interface RunNotes {
  results?: TestResult[];
  environment?: Partial<RunEnvironment>;
  tags?: string[];
  /** Scratch folders the run could not remove. */
  leftBehind?: LeftBehind[];
}

export type StepState = 'started' | 'finished' | 'failed' | 'skipped';

/** Everything a run said, handed to whoever saves it. */
export interface EndedRun {
  plan: RunRequest;
  begin: RunBegin;
  samples: RunSample[];
  /** The last state of each step, by index. */
  steps: Map<number, { label: string; state: StepState; error?: AppError }>;
  notes: RunNotes;
  end: RunEnd;
}

export type RunDetails = NonNullable<RunEnd['details']>;

/** What saving a run adds to its end event: the verdicts of its figures. */
export type EndAddendum = Pick<RunEnd, 'verdicts'>;

export interface RunRequest {
  plan: string;
  title: string;
  target: string;
  expectedSeconds: number;
  series: z.infer<typeof SeriesInfo>[];
  /** Exactly what the run was asked to do, kept with the saved run. */
  parameters?: Record<string, unknown>;
  /** What is known before it starts (the NAS's probe, this computer's link), kept with the saved run. */
  environment?: Partial<RunEnvironment>;
  /**
   * Names of the NAS the run measures (nas-names.ts: the address it was reached at and its ports'
   * addresses, with the SSH port): a run is refused while another one with any of these names is
   * active, as two tests at once measure each other.
   */
  nas?: string[];
  work(context: RunContext): Promise<ThroughputSummary | undefined>;
}

/** Samples closer together than this are thinned out; the first and the last always go through. */
const minSampleGapSeconds = 0.1;

/**
 * Starts runs, hands out run ids, and turns each run into the `begin | sample | step | end`
 * event stream. Cancel goes through an AbortController; whatever the work throws becomes
 * the end event's error, so a failing test never takes the app down with it.
 */
export class RunRegistry {
  private readonly active = new Map<
    string,
    {
      controller: AbortController;
      done: Promise<void>;
      plan: RunRequest;
      startedAt: Date;
      /** Every event the run has sent so far (its end excepted): a window opened mid-run replays them. */
      said: RunProgress[];
    }
  >();

  /** `onRunEnded` runs (and is awaited) before the end event goes out: whoever hears it can find the run saved. */
  constructor(
    private readonly emit: (event: RunProgress) => void,
    private readonly onRunEnded?: (run: EndedRun) => Promise<EndAddendum | undefined>,
  ) {}

  /** Refuses (NAS_BUSY) a run against a NAS that another active run is measuring. */
  start(plan: RunRequest): string {
    this.refuseWhileBusy(plan);
    const runId = randomUUID();
    const controller = new AbortController();
    const said: RunProgress[] = [];
    const done = this.execute(runId, plan, controller, said);
    this.active.set(runId, { controller, done, plan, startedAt: new Date(), said });
    return runId;
  }

  private refuseWhileBusy(plan: RunRequest): void {
    const names = new Set((plan.nas ?? []).map((name) => name.toLowerCase()));
    for (const [runId, run] of this.active) {
      if (!(run.plan.nas ?? []).some((name) => names.has(name.toLowerCase()))) continue;
      throw new NasbenchError(
        'NAS_BUSY',
        `Another run is already measuring this NAS: “${run.plan.title}”, started at ${run.startedAt.toISOString().slice(11, 19)} UTC.`,
        'Wait until it ends, or cancel it, then start this one: two tests at once would measure each other, not the NAS.',
        { details: { runId } },
      );
    }
  }

  cancel(runId: string): boolean {
    const run = this.active.get(runId);
    if (!run) return false;
    run.controller.abort(
      new NasbenchError('CANCELLED', 'The test was cancelled.', 'Start it again when you are ready.'),
    );
    return true;
  }

  activeRunIds(): string[] {
    return [...this.active.keys()];
  }

  /** The runs in progress, each as the events it has sent so far, in order (begin first). */
  running(): RunProgress[][] {
    return [...this.active.values()].map((run) => [...run.said]);
  }

  /** Cancels everything and waits until each run has cleaned up (used on quit). */
  async shutdown(): Promise<void> {
    const runs = [...this.active.entries()];
    for (const [runId] of runs) this.cancel(runId);
    await Promise.allSettled(runs.map(([, run]) => run.done));
  }

  private async execute(
    runId: string,
    plan: RunRequest,
    controller: AbortController,
    said: RunProgress[],
  ): Promise<void> {
    // Everything but the end is kept for replay: the end removes the run from the active ones.
    const say = (event: Exclude<RunProgress, RunEnd>) => {
      said.push(event);
      this.emit(event);
    };
    const startedAt = performance.now();
    const elapsed = () => (performance.now() - startedAt) / 1000;
    const lastSent = new Map<string, number>();
    const held = new Map<string, { t: number; bytesPerSecond: number }>();
    const openSteps = new Map<number, { count: number; label: string }>();
    let details: RunDetails | undefined;
    const sent: RunSample[] = [];
    const stepStates: EndedRun['steps'] = new Map();
    const notes: Required<RunNotes> = { results: [], environment: {}, tags: [], leftBehind: [] };
    const sendSample = (series: string, t: number, bytesPerSecond: number) => {
      lastSent.set(series, t);
      held.delete(series);
      const sample: RunSample = { runId, kind: 'sample', t, series, bytesPerSecond };
      if (this.onRunEnded) sent.push(sample);
      say(sample);
    };

    const context: RunContext = {
      runId,
      signal: controller.signal,
      elapsed,
      sample: (series, bytesPerSecond) => {
        if (controller.signal.aborted) return;
        const t = elapsed();
        const previous = lastSent.get(series);
        if (previous === undefined || t - previous >= minSampleGapSeconds) sendSample(series, t, bytesPerSecond);
        else held.set(series, { t, bytesPerSecond });
      },
      delay: (ms, phase) => {
        if (!controller.signal.aborted) say({ runId, kind: 'delay', t: elapsed(), ms, phase });
      },
      nas: (sample) => {
        if (!controller.signal.aborted) say(nasEvent(runId, elapsed(), sample));
      },
      step: (index, count, label, state, error, expectedSeconds) => {
        if (state === 'started') openSteps.set(index, { count, label });
        else openSteps.delete(index);
        stepStates.set(index, { label, state, ...(error ? { error } : {}) });
        say({
          runId,
          kind: 'step',
          index,
          count,
          label,
          state,
          ...(error ? { error } : {}),
          ...(expectedSeconds !== undefined ? { expectedSeconds } : {}),
        });
      },
      setDetails: (value) => {
        details = value;
      },
      note: (more) => {
        notes.results.push(...(more.results ?? []));
        notes.tags.push(...(more.tags ?? []));
        notes.leftBehind.push(...(more.leftBehind ?? []));
        Object.assign(notes.environment, more.environment);
      },
    };

    // Let the caller receive the run id before the first event arrives.
    await Promise.resolve();
    const begin: RunBegin = {
      runId,
      kind: 'begin',
      plan: plan.plan,
      title: plan.title,
      target: plan.target,
      startedAt: new Date().toISOString(),
      expectedSeconds: plan.expectedSeconds,
      series: plan.series,
    };
    say(begin);
    const flushHeld = () => {
      for (const [series, sample] of held) sendSample(series, sample.t, sample.bytesPerSecond);
    };
    let end: RunEnd;
    try {
      const summary = await plan.work(context);
      end = { runId, kind: 'end', state: 'done', seconds: elapsed(), ...(summary ? { summary } : {}) };
    } catch (error) {
      const cancelled = controller.signal.aborted;
      end = {
        runId,
        kind: 'end',
        state: cancelled ? 'cancelled' : 'failed',
        seconds: elapsed(),
        error: toAppError(cancelled ? controller.signal.reason : error),
      };
    }
    if (details) end = { ...end, details };
    if (notes.leftBehind.length > 0) end = { ...end, leftBehind: notes.leftBehind };
    flushHeld();
    // A step that was running when the run failed or was cancelled failed with it, carrying the run's
    // error: CANCELLED lets Results and Run say "cancelled" rather than "failed".
    const why = end.state === 'cancelled' && end.error ? { error: end.error } : {};
    for (const [index, step] of openSteps) {
      stepStates.set(index, { label: step.label, state: 'failed', ...why });
      say({ runId, kind: 'step', index, count: step.count, label: step.label, state: 'failed', ...why });
    }
    // A run that cannot be saved still ends; the saver reports its own trouble.
    const addendum = await this.onRunEnded?.({ plan, begin, samples: sent, steps: stepStates, notes, end }).catch(
      () => undefined,
    );
    if (addendum?.verdicts) end = { ...end, verdicts: addendum.verdicts };
    // The run is over for anyone who hears its end event.
    this.active.delete(runId);
    this.emit(end);
  }
}

/**
 * A run's life, whoever starts it: claim its NAS (one run per NAS, across the NASBench processes
 * sharing a data folder), start it in the registry, save it when it ends — before its end event
 * goes out, so whoever hears that event finds it saved — and release the claim.
 */
export class RunLifecycle {
  private readonly registry: RunRegistry;
  private readonly busy: BusyFiles;
  private readonly releases = new Map<string, () => Promise<void>>();

  constructor(options: {
    dataDir: string;
    /** Saves a run that ended (recorder.ts's saveEndedRuns). */
    save: (run: EndedRun) => Promise<EndAddendum | undefined>;
    emit: (event: RunProgress) => void;
  }) {
    this.busy = new BusyFiles(options.dataDir);
    this.registry = new RunRegistry(options.emit, async (run) => {
      const addendum = await options.save(run);
      await this.releases.get(run.begin.runId)?.();
      this.releases.delete(run.begin.runId);
      return addendum;
    });
  }

  /** Refused (NAS_BUSY) while another run, here or in another NASBench, measures the same NAS. */
  async start(request: RunRequest): Promise<string> {
    const release = request.nas ? await this.busy.claim(request.nas, request.title) : async () => undefined;
    try {
      const runId = this.registry.start(request);
      this.releases.set(runId, release);
      return runId;
    } catch (error) {
      await release();
      throw error;
    }
  }

  cancel(runId: string): boolean {
    return this.registry.cancel(runId);
  }

  running(): RunProgress[][] {
    return this.registry.running();
  }

  shutdown(): Promise<void> {
    return this.registry.shutdown();
  }
}

/** A second of the NAS's own view as the live panel shows it: CPU, the busiest process, the busiest drives. */
function nasEvent(runId: string, t: number, sample: NasResourceSample): RunNas {
  const top = sample.top[0];
  const disks = [...sample.disks]
    .filter((disk) => disk.kind !== 'md' && disk.kind !== 'dm')
    .sort((a, b) => b.busy - a.busy)
    .slice(0, 4)
    .map((disk) => ({ name: disk.name, busy: disk.busy }));
  return {
    runId,
    kind: 'nas',
    t,
    cpuBusy: sample.cpuBusy,
    coreMax: sample.coreMax,
    busiest: top ? { name: top.name, cpu: top.cpu } : null,
    disks,
  };
}
