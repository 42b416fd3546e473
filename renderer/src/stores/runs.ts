import { create } from 'zustand';
import type { AppError } from '../../../shared/contract/errors';
import { SampleHistory } from '../../../shared/util/ring-buffer';
import type {
  RunBegin,
  RunDelay,
  RunEnd,
  RunNas,
  RunProgress,
  RunSample,
  RunStep,
} from '../../../shared/contract/run-events';
import { useNavigationStore } from './navigation';

export type RunStatus = 'running' | RunEnd['state'];

/** A run as the Run and Results screens draw it: followed live from the engine's events, or loaded from History. */
export interface LiveRun {
  runId: string;
  /** What kind of test this is ("network", "loopback", …), as the engine's `begin` names it. */
  plan: string;
  title: string;
  target: string;
  startedAt: string;
  expectedSeconds: number;
  series: RunBegin['series'];
  /**
   * Chart samples per series id, in bytes per second. These are appended in place (bounded
   * memory, no copy per sample); `sampleCount` changes with each one so subscribers notice.
   */
  samples: Record<string, SampleHistory>;
  sampleCount: number;
  /**
   * Round trips to the NAS in ms, for runs whose network tests time the delay (appended in place,
   * as samples are; `delayCount` changes with each). Absent until the first one arrives.
   */
  delays?: SampleHistory;
  delayCount?: number;
  /** The NAS's own latest second (CPU, busiest process, busiest drives), for runs with its login. */
  nas?: RunNas;
  /** Seconds since the run began, as far as the engine has reported. */
  elapsedSeconds: number;
  step: RunStep | null;
  /** Every step seen so far, by index, in its latest state: the Run screen's log. */
  steps: RunStep[];
  status: RunStatus;
  end: RunEnd | null;
}

/**
 * Where every chart of a run ends its time axis, so the throughput and the delay line up second for
 * second: the planned length, or later once the run has gone past it.
 */
export function timeAxisEnd(run: LiveRun): number {
  return Math.max(run.expectedSeconds, run.elapsedSeconds, run.delays?.last()?.t ?? 0);
}

interface RunsState {
  /** Every run seen in this session, by id. */
  runs: Record<string, LiveRun>;
  /** The run the Run screen shows: the one started last. */
  activeRunId: string | null;
  /** Finished runs, newest first: this session's history. */
  finishedRunIds: string[];
  starting: boolean;
  startError: AppError | null;
  cancelling: boolean;
  cancelError: AppError | null;
  actions: {
    startDemoRun(seconds: number): Promise<boolean>;
    /** A run another store started: the Run screen follows it from now on. */
    watchRun(runId: string): void;
    cancelRun(): Promise<void>;
    receiveProgress(event: RunProgress): void;
    /**
     * Runs the engine had under way before this window (a reload, a second window): their events so
     * far are replayed, and the Run screen follows the newest. Returns whether any was taken up.
     */
    followRunningRuns(runs: RunProgress[][]): boolean;
    /** Asks the engine for its running runs and follows them (followRunningRuns); false when none or unreachable. */
    takeUpRunningRuns(): Promise<boolean>;
    /** The engine is gone: runs still shown as running will never end on their own. */
    abandonRunningRuns(error: AppError): void;
    /** A run that ended before this session (opened from History): shown, not watched. A run this session already has keeps every sample it got. */
    addFinishedRun(run: LiveRun): void;
  };
}

/** The log keeps one line per step, in step order, each in its latest state. */
function withStep(steps: RunStep[], event: RunStep): RunStep[] {
  return [...steps.filter((step) => step.index !== event.index), event].sort((a, b) => a.index - b.index);
}

export const useRunsStore = create<RunsState>()((set, get) => {
  const updateRun = (runId: string, change: (run: LiveRun) => Partial<LiveRun>) =>
    set((state) => {
      const run = state.runs[runId];
      return run ? { runs: { ...state.runs, [runId]: { ...run, ...change(run) } } } : {};
    });

  /**
   * Ends of runs this window had not taken up yet: a run can end after the engine listed it as
   * running and before that list is replayed here; its end must not be lost, or it would run forever.
   */
  const endsOfUnknownRuns = new Map<string, RunEnd>();

  const finishRun = (end: RunEnd) => {
    if (!get().runs[end.runId]) endsOfUnknownRuns.set(end.runId, end);
    if (get().runs[end.runId]?.status !== 'running') return;
    updateRun(end.runId, (run) => ({
      status: end.state,
      end,
      elapsedSeconds: Math.max(run.elapsedSeconds, end.seconds),
    }));
    set((state) => ({
      finishedRunIds: [end.runId, ...state.finishedRunIds],
      cancelling: state.activeRunId === end.runId ? false : state.cancelling,
    }));
  };

  const addSample = (event: RunSample) => {
    const run = get().runs[event.runId];
    if (!run || run.status !== 'running') return;
    let history = run.samples[event.series];
    const isNewSeries = !history;
    history ??= new SampleHistory();
    history.push({ t: event.t, value: event.bytesPerSecond });
    updateRun(event.runId, (current) => ({
      sampleCount: current.sampleCount + 1,
      elapsedSeconds: Math.max(current.elapsedSeconds, event.t),
      // A series the plan did not announce still gets its own line rather than being lost.
      ...(isNewSeries && {
        samples: { ...current.samples, [event.series]: history },
        series: [...current.series, { id: event.series, label: event.series }],
      }),
    }));
  };

  const addDelay = (event: RunDelay) => {
    const run = get().runs[event.runId];
    if (!run || run.status !== 'running') return;
    const delays = run.delays ?? new SampleHistory();
    delays.push({ t: event.t, value: event.ms });
    updateRun(event.runId, (current) => ({ delays, delayCount: (current.delayCount ?? 0) + 1 }));
  };

  return {
    runs: {},
    activeRunId: null,
    finishedRunIds: [],
    starting: false,
    startError: null,
    cancelling: false,
    cancelError: null,
    actions: {
      async startDemoRun(seconds) {
        if (get().starting) return false;
        set({ starting: true, startError: null, cancelError: null });
        const result = await window.nasbench.startDemoRun({ seconds, sampleIntervalMs: 250 });
        if (!result.ok) {
          set({ starting: false, startError: result.error });
          return false;
        }
        set({ starting: false });
        get().actions.watchRun(result.data.runId);
        return true;
      },

      watchRun: (runId) => {
        set({ activeRunId: runId, cancelling: false, cancelError: null });
        useNavigationStore.getState().actions.forgetPickedRun();
      },

      async cancelRun() {
        const { activeRunId, runs } = get();
        if (!activeRunId || runs[activeRunId]?.status !== 'running') return;
        set({ cancelling: true, cancelError: null });
        const result = await window.nasbench.cancelRun({ runId: activeRunId });
        // On success the run's `end` event (state "cancelled") finishes the job.
        if (!result.ok) set({ cancelling: false, cancelError: result.error });
        else if (!result.data.cancelled) set({ cancelling: false });
      },

      receiveProgress(event) {
        switch (event.kind) {
          case 'begin': {
            const { runId, plan, title, target, startedAt, expectedSeconds, series } = event;
            const samples = Object.fromEntries(series.map((info) => [info.id, new SampleHistory()]));
            const run: LiveRun = {
              runId,
              plan,
              title,
              target,
              startedAt,
              expectedSeconds,
              series,
              samples,
              sampleCount: 0,
              elapsedSeconds: 0,
              step: null,
              steps: [],
              status: 'running',
              end: null,
            };
            set((state) => ({ runs: { ...state.runs, [runId]: run }, activeRunId: runId }));
            return;
          }
          case 'sample':
            return addSample(event);
          case 'delay':
            return addDelay(event);
          case 'nas':
            return updateRun(event.runId, () => ({ nas: event }));
          case 'step':
            return updateRun(event.runId, (run) => ({
              step: event,
              steps: withStep(run.steps, event),
              ...(event.expectedSeconds !== undefined ? { expectedSeconds: event.expectedSeconds } : {}),
            }));
          case 'end':
            return finishRun(event);
        }
      },

      followRunningRuns(runs) {
        const unseen = runs.filter((events) => {
          const runId = events[0]?.runId;
          return runId !== undefined && events[0]?.kind === 'begin' && !get().runs[runId];
        });
        for (const events of unseen) {
          for (const event of events) get().actions.receiveProgress(event);
          const runId = events[0]?.runId ?? '';
          const end = endsOfUnknownRuns.get(runId);
          if (end) finishRun(end);
        }
        return unseen.some((events) => get().runs[events[0]?.runId ?? '']?.status === 'running');
      },

      async takeUpRunningRuns() {
        const result = await window.nasbench.listRunningRuns();
        return result.ok && get().actions.followRunningRuns(result.data.map((run) => run.events));
      },

      addFinishedRun(run) {
        set((state) => (state.runs[run.runId] ? {} : { runs: { ...state.runs, [run.runId]: run } }));
      },

      abandonRunningRuns(error) {
        for (const run of Object.values(get().runs)) {
          if (run.status === 'running') {
            finishRun({ runId: run.runId, kind: 'end', state: 'failed', seconds: run.elapsedSeconds, error });
          }
        }
        set({ starting: false, cancelling: false });
      },
    },
  };
});

export const useRunsActions = () => useRunsStore((state) => state.actions);

/** The run Results shows: the one asked for, or else the latest finished one. */
export function selectResultsRun(state: RunsState, requestedRunId: string | null): LiveRun | undefined {
  const runId = requestedRunId ?? state.finishedRunIds[0];
  return runId ? state.runs[runId] : undefined;
}

/** Whether any test is running: a second one may not start meanwhile. */
export const selectAnyRunRunning = (state: RunsState): boolean =>
  Object.values(state.runs).some((run) => run.status === 'running');

/** Whether the run the Run screen follows is still running. */
export const selectActiveRunRunning = (state: RunsState): boolean =>
  state.activeRunId !== null && state.runs[state.activeRunId]?.status === 'running';
