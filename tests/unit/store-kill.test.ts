import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RunStore } from '../../electron/engine/store';
import { parseRunFile } from '../../shared/contract/runs';
import { killSoonAfterFirstLine } from '../helpers/kill-child';
import { tempDir } from './helpers';

const child = path.join(__dirname, '../helpers/store-writer-child.ts');
const kills = 20;

/** Starts the writer and SIGKILLs it 0–250 ms after its first save began; says whether a save was under way. */
async function killWhileSaving(dataDir: string, round: number): Promise<{ midSave: boolean }> {
  const said = await killSoonAfterFirstLine(child, [dataDir, String(round)]);
  return { midSave: said.startsWith('writing') };
}

describe('saving a run when the process is killed', () => {
  it('never leaves a corrupt or half-written run file, however often the save is killed', async () => {
    const dataDir = await tempDir('kill');
    const store = new RunStore(dataDir);
    await mkdir(store.dir, { recursive: true });
    let midSave = 0;
    for (let round = 0; round < kills; round++) {
      if ((await killWhileSaving(dataDir, round)).midSave) midSave += 1;
      // After every kill, every run file is whole: it parses and validates.
      const names = (await readdir(store.dir)).filter((name) => name.endsWith('.json'));
      for (const name of names) {
        const text = await readFile(path.join(store.dir, name), 'utf8');
        expect(() => parseRunFile(text), name).not.toThrow();
      }
      const history = await store.list();
      expect(history.problems).toEqual([]);
      expect(history.runs).toHaveLength(names.length);
    }
    // The kills did land during saves, so the test could have caught a torn file.
    expect(midSave).toBeGreaterThan(kills / 4);
    const all = await readdir(store.dir);
    const leftovers = all.filter((name) => !name.endsWith('.json'));
    // Temp files of killed saves are never runs; an engine start sweeps them once they are old.
    expect((await store.list()).runs).toHaveLength(all.length - leftovers.length);
    expect(await store.removeLeftovers(0)).toEqual(expect.arrayContaining(leftovers));
    expect((await readdir(store.dir)).every((name) => name.endsWith('.json'))).toBe(true);
  }, 120_000);
});
