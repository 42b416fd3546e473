// lab: needs a quiet machine — its cancelled run drives this computer's disk at full speed, which would move the disk figures and cell times other sandboxes measure on the same disk
import { readdir, rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../electron/engine';
import { freshDiskFolder } from '../helpers/disk-folder';
import { runShareBench } from '../../electron/engine/share-bench';
import type { RunEnd, RunProgress } from '../../shared/contract/run-events';
import { shareProfileJobs } from '../../shared/kinds/share/profiles';
import { tempDir } from '../unit/helpers';

/**
 * The share benchmark when things go wrong: cancelled mid-run, no room for its file, fio missing on this
 * computer. Each says what happened with a code and a hint, keeps what it measured, and leaves nothing behind.
 */
const made: string[] = [];
afterAll(async () => {
  for (const folder of made) await rm(folder, { recursive: true, force: true });
});

/** A fresh folder on a real disk of this computer, removed when the file ends. */
async function diskFolder(): Promise<string> {
  const folder = await freshDiskFolder('share-bench-errors');
  made.push(folder);
  return folder;
}

describe('the share benchmark when things go wrong', () => {
  it('cancelled after its first test: ends cancelled, keeps the finished tests, leaves nothing in the folder', async () => {
    const folder = await diskFolder();
    const engine = createEngine({ dataDir: await tempDir('share-cancel'), mode: 'cli' });
    const events: RunProgress[] = [];
    engine.onEvent((event, payload) => event === 'runProgress' && events.push(payload));
    try {
      const { runId } = await engine.handlers.startShareBenchRun({
        folder,
        fileSizeBytes: 16 * 2 ** 20,
        seconds: 2,
        passes: 1,
      });
      // Part 0 writes the test file, part 1 is SEQ1M Q8T1 read: cancel once that one has finished.
      const firstTestDone = () =>
        events.some((event) => event.kind === 'step' && event.index === 1 && event.state === 'finished');
      await expect.poll(firstTestDone, { timeout: 60_000, interval: 100 }).toBe(true);
      await engine.handlers.cancelRun({ runId });
      const ended = () => events.find((event): event is RunEnd => event.kind === 'end' && event.runId === runId);
      await expect.poll(ended, { timeout: 30_000 }).toBeDefined();
      const end = ended();
      expect(end?.state).toBe('cancelled');
      expect(end?.error?.code).toBe('CANCELLED');
      const details = end?.details;
      expect(details?.kind).toBe('share');
      const kept = details?.kind === 'share' ? details.tests.map((test) => test.name) : [];
      expect(kept[0]).toBe('SEQ1M Q8T1 read');
      expect(kept.length).toBeLessThan(8);
      expect(await readdir(folder)).toEqual([]);
    } finally {
      await engine.shutdown();
    }
  });

  it('refuses a file the folder has no room for, before writing anything, with the sizes in its words', async () => {
    const folder = await diskFolder();
    const error = await runShareBench({
      dir: folder,
      profile: 'default',
      jobs: shareProfileJobs('default'),
      engine: 'builtin',
      fileSize: 2 ** 44,
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: 'NOT_ENOUGH_SPACE',
      message: expect.stringMatching(/free; this test needs 16\.0 TiB .* Nothing was written\./),
      hint: expect.stringMatching(/smaller file size/),
    });
    expect(await readdir(folder)).toEqual([]);
  });

  it('asked for fio where this computer has none: TOOL_MISSING with how to install it, and nothing written', async () => {
    const folder = await diskFolder();
    const error = await runShareBench({
      dir: folder,
      profile: 'real',
      jobs: shareProfileJobs('real'),
      engine: 'fio',
      // What a computer without fio finds: none (the lookup is passed in, as every seam is).
      fio: null,
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: 'TOOL_MISSING',
      hint: expect.stringMatching(/apt install fio.*brew install fio/),
    });
    expect(await readdir(folder)).toEqual([]);
  });
});
