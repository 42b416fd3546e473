import { copyFile, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NasbenchError } from '../../shared/contract/errors';
import { RunStore } from '../../electron/engine/store';
import { parseRunFile } from '../../shared/contract/runs';
import { sampleRunRecord } from '../helpers/run-records';
import { tempDir } from './helpers';

const fixtures = path.join(__dirname, '../fixtures/runs');
const idA = '11111111-1111-4111-8111-111111111111';
const idB = '22222222-2222-4222-8222-222222222222';
const idC = '33333333-3333-4333-8333-333333333333';

async function storeWithTwoRuns(): Promise<RunStore> {
  const store = new RunStore(await tempDir('runs'));
  await store.save(sampleRunRecord({ id: idA, startedAt: '2026-01-01T10:00:00.000Z' }));
  await store.save(sampleRunRecord({ id: idB, startedAt: '2026-03-01T10:00:00.000Z', plan: 'network' }));
  return store;
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof NasbenchError)) throw new Error(`expected a NasbenchError, got ${String(error)}`);
  return error.code;
}

describe('run store', () => {
  it('saves one JSON file per run and reads it back validated', async () => {
    const store = await storeWithTwoRuns();
    expect((await readdir(store.dir)).sort()).toEqual([`${idA}.json`, `${idB}.json`]);
    expect(await store.get(idA)).toEqual(sampleRunRecord({ id: idA, startedAt: '2026-01-01T10:00:00.000Z' }));
    expect(parseRunFile(await readFile(path.join(store.dir, `${idB}.json`), 'utf8')).plan).toBe('network');
  });

  it('lists summaries newest first', async () => {
    const store = await storeWithTwoRuns();
    const { runs, problems } = await store.list();
    expect(runs.map((run) => run.id)).toEqual([idB, idA]);
    expect(runs[0]).toMatchObject({ plan: 'network', host: '192.168.1.10', startedAt: '2026-03-01T10:00:00.000Z' });
    expect(runs[0]).not.toHaveProperty('samples');
    expect(problems).toEqual([]);
  });

  it('lists nothing (and no problem) before the first run is saved', async () => {
    expect(await new RunStore(await tempDir('runs-empty')).list()).toEqual({ runs: [], problems: [] });
  });

  it('skips and reports a run file from a newer version or garbage; the rest of history still loads', async () => {
    const store = await storeWithTwoRuns();
    await copyFile(path.join(fixtures, 'future-v2.json'), path.join(store.dir, `${idC}.json`));
    await copyFile(
      path.join(fixtures, 'garbage.json'),
      path.join(store.dir, '44444444-4444-4444-8444-444444444444.json'),
    );
    const { runs, problems } = await store.list();
    expect(runs.map((run) => run.id)).toEqual([idB, idA]);
    expect(problems.map((problem) => [problem.file, problem.error.code]).sort()).toEqual([
      [`${idC}.json`, 'UNSUPPORTED_VERSION'],
      ['44444444-4444-4444-8444-444444444444.json', 'PARSE_ERROR'],
    ]);
    expect(problems.every((problem) => problem.error.message.length > 0 && problem.error.hint.length > 0)).toBe(true);
    expect(await codeOf(store.get(idC))).toBe('UNSUPPORTED_VERSION');
  });

  it('never counts temp files of an interrupted save as runs, and sweeps old ones away', async () => {
    const store = await storeWithTwoRuns();
    const leftover = path.join(store.dir, `${idC}.json.3735928559`);
    await writeFile(leftover, '{"schemaVersion": 1, "id": "half');
    expect((await store.list()).runs).toHaveLength(2);
    expect((await store.list()).problems).toEqual([]);
    expect(await store.removeLeftovers()).toEqual([]); // too recent: another process may be saving it
    const hourAgo = new Date(Date.now() - 2 * 3600_000);
    await utimes(leftover, hourAgo, hourAgo);
    expect(await store.removeLeftovers()).toEqual([`${idC}.json.3735928559`]);
    expect((await readdir(store.dir)).sort()).toEqual([`${idA}.json`, `${idB}.json`]);
  });

  it('deletes a run, and says when there was none', async () => {
    const store = await storeWithTwoRuns();
    expect(await store.delete(idA)).toBe(true);
    expect(await store.delete(idA)).toBe(false);
    expect((await store.list()).runs.map((run) => run.id)).toEqual([idB]);
    expect(await codeOf(store.get(idA))).toBe('NOT_FOUND');
  });

  it('refuses an id that could name a file outside the runs folder', async () => {
    const store = await storeWithTwoRuns();
    expect(await codeOf(store.get('../settings'))).toBe('INVALID_INPUT');
    expect(await codeOf(store.delete('../../etc/passwd'))).toBe('INVALID_INPUT');
  });

  it('imports a run file from someone else, keeping its id unless it collides', async () => {
    const store = await storeWithTwoRuns();
    const text = await readFile(path.join(fixtures, 'v1-quick.json'), 'utf8');
    const first = await store.import(text);
    expect(first).toMatchObject({ renamed: false, run: { id: sampleRunRecord().id, plan: 'quick' } });
    const second = await store.import(text);
    expect(second.renamed).toBe(true);
    expect(second.run.id).not.toBe(sampleRunRecord().id);
    expect((await store.get(second.run.id)).results).toEqual(sampleRunRecord().results);
    expect((await store.list()).runs).toHaveLength(4);
  });

  it('imports a version 0 file migrated, and refuses garbage and newer files without saving them', async () => {
    const store = await storeWithTwoRuns();
    const v0 = await store.import(await readFile(path.join(fixtures, 'v0-network.json'), 'utf8'));
    expect((await store.get(v0.run.id)).schemaVersion).toBe(1);
    expect(await codeOf(store.import('not json at all'))).toBe('PARSE_ERROR');
    expect(await codeOf(store.import(await readFile(path.join(fixtures, 'future-v2.json'), 'utf8')))).toBe(
      'UNSUPPORTED_VERSION',
    );
    expect((await store.list()).runs).toHaveLength(3);
  });

  it('adds, removes and replaces tags, one edit after another', async () => {
    const store = await storeWithTwoRuns();
    await Promise.all([store.addTags(idA, ['Wi-Fi']), store.addTags(idA, ['after NVMe cache'])]);
    expect((await store.get(idA)).tags).toEqual(['Ethernet', 'Wi-Fi', 'after NVMe cache']);
    expect((await store.removeTags(idA, ['wi-fi', 'ethernet'])).tags).toEqual(['after NVMe cache']);
    expect((await store.setTags(idA, ['USB adapter', 'usb adapter '])).tags).toEqual(['USB adapter']);
    expect((await store.list()).runs.find((run) => run.id === idA)?.tags).toEqual(['USB adapter']);
    expect(await codeOf(store.setTags(idC, ['x']))).toBe('NOT_FOUND');
  });
});
