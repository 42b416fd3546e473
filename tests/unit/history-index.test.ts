import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RunStore } from '../../electron/engine/store';
import { RunIndex } from '../../electron/engine/store/run-index';
import { parseRunFile, type RunSummary } from '../../shared/contract/runs';
import { summarizeRun } from '../../shared/history/run-summary';
import { makeHistory } from '../helpers/make-history';
import { sampleRunRecord } from '../helpers/run-records';
import { killSoonAfterFirstLine } from '../helpers/kill-child';
import { tempDir } from './helpers';

/** What the run files themselves say, read one by one: what the index must agree with. */
async function fromTheFiles(store: RunStore): Promise<RunSummary[]> {
  const names = (await readdir(store.dir).catch(() => [])).filter((name) => /^[\w-]+\.json$/.test(name));
  const runs = await Promise.all(
    names.map(async (name) => summarizeRun(parseRunFile(await readFile(path.join(store.dir, name), 'utf8')))),
  );
  return runs.sort((a, b) => b.startedAt.localeCompare(a.startedAt) || a.id.localeCompare(b.id));
}

const indexFile = (dataDir: string) => path.join(dataDir, 'runs-index.json');

describe("History's index", () => {
  it('lists from the index without reading the run files again', async () => {
    const dataDir = await tempDir('index-read');
    makeHistory(dataDir, 30);
    const store = new RunStore(dataDir);
    const first = await store.list();
    expect(first.runs).toEqual(await fromTheFiles(store));
    // The next start: a new index over the same folder reads no run file, and lists the same.
    const reads: string[] = [];
    const index = new RunIndex(dataDir, store.dir, /^[\w-]+\.json$/);
    const again = await index.list(async (file) => {
      reads.push(file);
      return store.get(file.slice(0, -5));
    });
    expect(reads).toEqual([]);
    expect(again.runs).toEqual(first.runs);
    // One file saved again: that one only is read.
    await store.setTags(first.runs[0]?.id ?? '', ['after DSM update']);
    await index.list(async (file) => {
      reads.push(file);
      return store.get(file.slice(0, -5));
    });
    expect(reads).toEqual([`${first.runs[0]?.id}.json`]);
  });

  it('takes in runs saved, tagged, deleted or copied in behind its back, and a damaged index is rebuilt', async () => {
    const dataDir = await tempDir('index-behind');
    makeHistory(dataDir, 10);
    const store = new RunStore(dataDir);
    const listed = await store.list();
    // Another process (the CLI beside the app) changes the files; this store's index is now old.
    const other = new RunStore(dataDir);
    const [newest, second] = listed.runs as [RunSummary, RunSummary];
    await other.setTags(newest.id, ['NVMe cache added']);
    await other.delete(second.id);
    await other.save(sampleRunRecord({ id: 'cccccccc-0000-4000-8000-000000000001', title: 'Copied in' }));
    const after = await store.list();
    expect(after.runs).toEqual(await fromTheFiles(store));
    expect(after.runs.find((run) => run.id === newest.id)?.tags).toEqual(['NVMe cache added']);
    expect(after.runs.some((run) => run.id === second.id)).toBe(false);
    expect(after.runs.some((run) => run.title === 'Copied in')).toBe(true);

    await writeFile(indexFile(dataDir), '{"schemaVersion":1,"runs":[{"half');
    expect((await new RunStore(dataDir).list()).runs).toEqual(after.runs);
    // …and written whole again.
    expect(JSON.parse(await readFile(indexFile(dataDir), 'utf8')).runs).toHaveLength(after.runs.length);
  });

  it('keeps a run file it cannot read out of the list, named as a problem, and forgets it once removed', async () => {
    const dataDir = await tempDir('index-problem');
    makeHistory(dataDir, 3);
    const store = new RunStore(dataDir);
    await store.list();
    await writeFile(path.join(store.dir, 'dddddddd-0000-4000-8000-000000000001.json'), '{ not json');
    const history = await store.list();
    expect(history.runs).toHaveLength(3);
    expect(history.problems.map((problem) => [problem.file, problem.error.code])).toEqual([
      ['dddddddd-0000-4000-8000-000000000001.json', 'PARSE_ERROR'],
    ]);
    await new RunStore(dataDir).delete('dddddddd-0000-4000-8000-000000000001');
    expect((await store.list()).problems).toEqual([]);
  });
});

const child = path.join(__dirname, '../helpers/history-writer-child.ts');
const kills = 20;

/** Starts the writer and SIGKILLs it 0–250 ms after its first operation; says what it was doing. */
async function killMidWork(dataDir: string, round: number): Promise<string> {
  const said = await killSoonAfterFirstLine(child, [dataDir, String(round + 1)]);
  return said.split(' ')[0] ?? '';
}

describe('the index when the app is killed while it saves, deletes, tags or lists', () => {
  it('agrees with the run files at the next start, after every kill', async () => {
    const dataDir = await tempDir('index-kill');
    const doing = new Set<string>();
    for (let round = 0; round < kills; round++) {
      doing.add(await killMidWork(dataDir, round));
      // The next start: a fresh store lists from whatever index and files the kill left.
      const store = new RunStore(dataDir);
      const history = await store.list();
      expect(history.problems).toEqual([]);
      expect(history.runs).toEqual(await fromTheFiles(store));
      // The index it wrote is whole, and says the same (with no run saved yet, there is none to write).
      const text = await readFile(indexFile(dataDir), 'utf8').catch(() => '{"runs":[]}');
      const stored = JSON.parse(text) as { runs: { summary: RunSummary }[] };
      expect(stored.runs.map((entry) => entry.summary.id).sort()).toEqual(history.runs.map((run) => run.id).sort());
    }
    // The kills landed in more than one kind of work.
    expect(doing.size).toBeGreaterThan(1);
  }, 120_000);
});
