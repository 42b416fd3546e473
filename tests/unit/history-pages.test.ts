import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../electron/engine';
import { buildApi, type MethodOutput, type NasbenchApi } from '../../shared/contract';
import type { Result } from '../../shared/contract/errors';
import type { RunSummary } from '../../shared/contract/runs';
import { FilterChoiceTally, filterChoices } from '../../shared/history/filter';
import { historyRun, makeHistory } from '../helpers/make-history';
import { tempDir } from './helpers';

/**
 * History's list a page at a time (issue #34): the pages of one listing put together are the list,
 * a run saved or deleted between two pages shifts no page, and the app's store ends with every run
 * and the filter choices of all of them, as if it had read them in one go.
 */
type Listed = MethodOutput<'listRuns'>;
const count = 1234;

let engine: Engine | undefined;
afterEach(async () => {
  await engine?.shutdown();
  engine = undefined;
});

async function engineWithHistory(runs: number) {
  const dataDir = await tempDir('history-pages');
  makeHistory(dataDir, runs);
  engine = createEngine({ dataDir, mode: 'cli' });
  return { engine, dataDir };
}

async function listRuns(input?: unknown): Promise<Listed> {
  const result = (await engine?.dispatch('listRuns', input)) as Result<Listed>;
  if (!result.ok) throw new Error(result.error.message);
  return result.data;
}

/** Saves a copy of `like` started after every run of the history; its id. */
async function saveNewerRun(like: RunSummary | undefined): Promise<string> {
  const base = await (engine as Engine).handlers.getRun({ runId: like?.id ?? '' });
  const newer = historyRun(base, count, count);
  await (engine as Engine).handlers.importRun({ text: JSON.stringify(newer) });
  return newer.id;
}

const after = (run: RunSummary | undefined) => ({ startedAt: run?.startedAt ?? '', id: run?.id ?? '' });
const ids = (runs: RunSummary[]) => runs.map((run) => run.id);

/** The renderer's saved-runs store (DOM-typed code), loaded as the app loads it. */
interface SavedRunsStore {
  getState(): {
    summaries: RunSummary[] | null;
    choices: ReturnType<typeof filterChoices>;
    actions: { load(): Promise<void> };
  };
}

describe("History's list in pages", () => {
  it('puts the pages of one listing together into the whole list, each page from that listing', async () => {
    const { dataDir } = await engineWithHistory(count);
    const whole = await listRuns();
    let page = await listRuns({ newest: 40 });
    expect(page.total).toBe(count);
    const listing = page.listing;
    const pages = [page.runs];
    // Between two pages, a run further down the list is deleted and a new one saved: the listing stays as it was.
    const deleted = whole.runs[900] as RunSummary;
    await unlink(path.join(dataDir, 'runs', `${deleted.id}.json`));
    const saved = await saveNewerRun(whole.runs[0]);
    while (pages.flat().length < count) {
      page = await listRuns({ newest: 500, after: after(pages.flat().at(-1)), listing });
      expect(page.listing).toBe(listing);
      pages.push(page.runs);
    }
    expect(pages.map((runs) => runs.length)).toEqual([40, 500, 500, 194]);
    expect(ids(pages.flat())).toEqual(ids(whole.runs));

    // A page of a listing let go (or never made) comes from a new look at the files, starting after the same run.
    const fresh = await listRuns({ newest: 500, after: after(whole.runs[539]), listing: 'gone' });
    expect(fresh.listing).not.toBe(listing);
    expect(fresh.total).toBe(count);
    expect((await listRuns({ newest: 1 })).runs[0]?.id).toBe(saved);
    expect(ids(fresh.runs)).toEqual(ids(whole.runs.slice(540, 1041).filter((run) => run.id !== deleted.id)));
  });

  it('starts a page after a run that is gone at the place it had', async () => {
    const { dataDir } = await engineWithHistory(50);
    const whole = await listRuns();
    const gone = whole.runs[10] as RunSummary;
    await unlink(path.join(dataDir, 'runs', `${gone.id}.json`));
    const page = await listRuns({ newest: 5, after: after(gone) });
    expect(ids(page.runs)).toEqual(ids(whole.runs.slice(11, 16)));
  });

  it('counts filter choices a page at a time as it would all at once', async () => {
    await engineWithHistory(300);
    const { runs } = await listRuns();
    const tally = new FilterChoiceTally();
    for (let start = 0; start < runs.length; start += 70) tally.add(runs.slice(start, start + 70));
    expect(tally.choices()).toEqual(filterChoices(runs));
    expect(tally.choices().tags.length).toBeGreaterThan(0);
  });

  it("fills the app's store with every run from a few pages, one load at a time", async () => {
    await engineWithHistory(count);
    const calls: unknown[] = [];
    const api = buildApi({
      call: (method, input) => {
        if (method === 'listRuns') calls.push(input);
        return (engine as Engine).dispatch(method, input);
      },
      subscribe: () => () => undefined,
    });
    (globalThis as unknown as { window: { nasbench: NasbenchApi } }).window = { nasbench: api };
    const storePath = '../../renderer/src/stores/saved-runs';
    const { useSavedRunsStore } = (await import(/* @vite-ignore */ storePath)) as {
      useSavedRunsStore: SavedRunsStore;
    };
    const whole = await listRuns();
    // Loaded twice at once (History opened as a run ends): the later load's list, whole, with no page twice.
    await Promise.all([useSavedRunsStore.getState().actions.load(), useSavedRunsStore.getState().actions.load()]);
    const state = useSavedRunsStore.getState();
    expect(ids(state.summaries ?? [])).toEqual(ids(whole.runs));
    expect(state.choices).toEqual(filterChoices(whole.runs));
    // A screenful, then pages of 500, for each load.
    expect(calls).toHaveLength(8);

    // A run saved since is in the next load.
    const saved = await saveNewerRun(whole.runs[0]);
    await useSavedRunsStore.getState().actions.load();
    expect(useSavedRunsStore.getState().summaries?.[0]?.id).toBe(saved);
    expect(useSavedRunsStore.getState().summaries).toHaveLength(count + 1);
  });
});
