import { nasAddressLabel } from '../../../shared/contract/connect';
import { create } from 'zustand';
import { compareLimits } from '../../../shared/history/compare-runs';
import { descriptorOf } from '../../../shared/kinds';
import { PlanName } from '../../../shared/contract/plans';
import {
  filterChoices,
  FilterChoiceTally,
  type FilterChoices,
  type HistoryFilter,
} from '../../../shared/history/filter';
import type { AppError } from '../../../shared/contract/errors';
import { SampleHistory } from '../../../shared/util/ring-buffer';
import type { RunEnd } from '../../../shared/contract/run-events';
import type { RunRecord as SavedRun, RunSummary } from '../../../shared/contract/runs';
import { listRunsInPages } from './list-in-pages';
import { useNavigationStore } from './navigation';
import { useRunsStore, type LiveRun } from './runs';

interface SavedRunsState {
  /** Saved runs, newest first; null until loaded. */
  summaries: RunSummary[] | null;
  /**
   * While History first loads: how many runs there are in all, the newest of them shown already
   * (a screenful comes first, the rest right after). Null once every run is in `summaries`.
   */
  loadingAllOf: number | null;
  /**
   * What History's filters offer, from every run in `summaries`: counted a page at a time as the runs
   * come, so drawing the filters never waits for a pass over 10,000 runs.
   */
  choices: FilterChoices;
  /** Run files that could not be read (the rest of history still loads). */
  unreadable: { file: string; error: AppError }[];
  /** Whole runs fetched so far, by id: Results and Compare read them from here. */
  records: Record<string, SavedRun>;
  /** Runs ticked for Compare, in the order they were ticked (the first is the baseline). */
  selected: string[];
  /** What History shows of them: by NAS, link, plan, tag, date and words (kept while the app is open). */
  filter: HistoryFilter;
  error: AppError | null;
  actions: {
    load(): Promise<void>;
    /** The whole saved run (from the cache when already fetched); undefined when it cannot be read. */
    fetch(runId: string): Promise<SavedRun | undefined>;
    /** Shows a saved run on Results, with its chart, as if it had just ended. */
    open(runId: string): Promise<void>;
    remove(runId: string): Promise<void>;
    setTags(runId: string, tags: string[]): Promise<void>;
    /** A run file or report from someone else, as text; true when it was added. */
    importText(text: string): Promise<boolean>;
    toggleSelected(runId: string): void;
    /** Changes some of the filters; an empty value clears that one. */
    setFilter(change: Partial<HistoryFilter>): void;
    /** Every run with its figures, for the trends (megabytes with years of runs, so only when asked); undefined on error. */
    fetchWithFigures(): Promise<RunSummary[] | undefined>;
  };
}

const stateOf: Record<SavedRun['status'], RunEnd['state']> = {
  completed: 'done',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** A saved run in the shape the Run and Results screens draw: its samples back in ring buffers. */
export function liveRunOf(saved: SavedRun): LiveRun {
  const samples: Record<string, SampleHistory> = {};
  for (const line of saved.samples) {
    const history = new SampleHistory();
    for (const [t, value] of line.points) history.push({ t, value });
    samples[line.series] = history;
  }
  // As the run's end event carried it live: a single test's first result whose kind Results draws from
  // the end event. A guided plan's end carries none (its steps' results are drawn below its verdicts):
  // giving it one laid a plan out differently reopened from History than when it ended.
  const single = !PlanName.safeParse(saved.plan).success;
  const details = single
    ? saved.results.map((result) => descriptorOf(result).endDetails?.(result)).find(Boolean)
    : undefined;
  return {
    runId: saved.id,
    plan: saved.plan,
    title: saved.title,
    target: nasAddressLabel(saved.environment.target, saved.environment.nasIdentity?.sshPort ?? 22),
    startedAt: saved.startedAt,
    expectedSeconds: saved.seconds,
    series: saved.series,
    samples,
    sampleCount: saved.samples.reduce((count, line) => count + line.points.length, 0),
    elapsedSeconds: saved.seconds,
    step: null,
    steps: saved.steps.map((step) => ({
      runId: saved.id,
      kind: 'step',
      index: step.index,
      count: saved.steps.length,
      label: step.name,
      state: step.status,
      ...(step.error ? { error: step.error } : {}),
    })),
    status: stateOf[saved.status],
    end: {
      runId: saved.id,
      kind: 'end',
      state: stateOf[saved.status],
      seconds: saved.seconds,
      ...(saved.summary ? { summary: saved.summary } : {}),
      ...(details ? { details } : {}),
      ...(saved.error ? { error: saved.error } : {}),
      ...(saved.leftBehind ? { leftBehind: saved.leftBehind } : {}),
    },
  };
}

/**
 * Which load is the latest: History loads again when it opens, when a run ends and after a delete or
 * an import, and the pages of an older load that is still coming must not land in a newer one.
 */
let latestLoad = 0;

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

export const useSavedRunsStore = create<SavedRunsState>()((set, get) => ({
  summaries: null,
  loadingAllOf: null,
  choices: filterChoices([]),
  unreadable: [],
  records: {},
  selected: [],
  filter: {},
  error: null,
  actions: {
    async load() {
      const load = (latestLoad += 1);
      // The first time, the newest runs are drawn at once; the rest (and a list already shown) change the list when whole.
      const showFirst = get().summaries === null;
      const choices = new FilterChoiceTally();
      const result = await listRunsInPages({}, (page, first) => {
        choices.add(page.runs);
        if (first && showFirst && load === latestLoad)
          set({ summaries: page.runs, loadingAllOf: page.total ?? null, unreadable: page.problems });
      });
      // The last page was read in this task; the whole list is drawn in the next one.
      await nextTask();
      if (load !== latestLoad) return;
      if (!result.ok) return set({ error: result.error });
      const runs = result.data.runs;
      set((state) => ({
        summaries: runs,
        choices: choices.choices(),
        loadingAllOf: null,
        unreadable: result.data.problems,
        error: null,
        // A handful ticked at most: each looked for in the list rather than 10,000 ids gathered.
        selected: state.selected.filter((id) => runs.some((run) => run.id === id)),
      }));
    },

    async fetch(runId) {
      const cached = get().records[runId];
      if (cached) return cached;
      const result = await window.nasbench.getRun({ runId });
      if (!result.ok) {
        set({ error: result.error });
        return undefined;
      }
      set((state) => ({ records: { ...state.records, [runId]: result.data } }));
      return result.data;
    },

    async open(runId) {
      const saved = await get().actions.fetch(runId);
      if (!saved) return;
      // A run of this session is already in the runs store, with every sample; a saved one is added.
      useRunsStore.getState().actions.addFinishedRun(liveRunOf(saved));
      useNavigationStore.getState().actions.openResults(runId);
    },

    async remove(runId) {
      const result = await window.nasbench.deleteRun({ runId });
      if (!result.ok) return set({ error: result.error });
      set((state) => ({ selected: state.selected.filter((id) => id !== runId) }));
      await get().actions.load();
    },

    async setTags(runId, tags) {
      const result = await window.nasbench.setRunTags({ runId, tags });
      if (!result.ok) return set({ error: result.error });
      set((state) => {
        const record = state.records[runId];
        const summaries = state.summaries?.map((summary) => (summary.id === runId ? result.data : summary)) ?? null;
        return {
          error: null,
          summaries,
          choices: filterChoices(summaries ?? []),
          records: record ? { ...state.records, [runId]: { ...record, tags: result.data.tags } } : state.records,
        };
      });
    },

    async importText(text) {
      const result = await window.nasbench.importRun({ text });
      if (!result.ok) {
        set({ error: result.error });
        return false;
      }
      set({ error: null });
      await get().actions.load();
      return true;
    },

    async fetchWithFigures() {
      const result = await listRunsInPages({ figures: true }, () => undefined);
      if (result.ok) return result.data.runs;
      set({ error: result.error });
      return undefined;
    },

    setFilter(change) {
      set((state) => {
        const next = Object.entries({ ...state.filter, ...change }).filter(([, value]) => Boolean(value));
        return { filter: Object.fromEntries(next) as HistoryFilter };
      });
    },

    toggleSelected(runId) {
      set((state) => {
        if (state.selected.includes(runId)) return { selected: state.selected.filter((id) => id !== runId) };
        // Beyond the limit the oldest pick makes room: the last ticks are what the user is looking at.
        return { selected: [...state.selected, runId].slice(-compareLimits.max) };
      });
    },
  },
}));

export const useSavedRunsActions = () => useSavedRunsStore((state) => state.actions);
