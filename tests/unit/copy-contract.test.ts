import { readdir, rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../electron/engine';
import { ShareCopyRunInput } from '../../shared/contract/copy';
import type { RunEnd, RunProgress } from '../../shared/contract/run-events';
import { tempDir } from './helpers';

const MiB = 2 ** 20;
let engine: Engine;
let folder = '';

beforeEach(async () => {
  engine = createEngine({ dataDir: await tempDir('copy-contract'), mode: 'web' });
  // /var/tmp is a real disk (os.tmpdir() may be tmpdir-on-tmpfs, which refuses O_DIRECT).
  folder = await tempDir('copy-contract', '/var/tmp');
});
afterEach(async () => {
  await engine.shutdown();
  await rm(folder, { recursive: true, force: true });
});

describe('the share copy test through the contract', () => {
  it('runs on a local folder, ends done with write and read figures, and leaves nothing behind', async () => {
    const events: RunProgress[] = [];
    engine.onEvent((event, payload) => event === 'runProgress' && events.push(payload));
    const started = await engine.dispatch('startShareCopyRun', { folder, fileSizeBytes: 64 * MiB });
    expect(started.ok).toBe(true);
    await expect.poll(() => events.some((event) => event.kind === 'end'), { timeout: 60_000 }).toBe(true);
    const end = events.find((event): event is RunEnd => event.kind === 'end');
    expect(end).toMatchObject({ state: 'done', details: { kind: 'copy' } });
    const tests = end?.details?.kind === 'copy' ? end.details.tests : [];
    expect(tests.map((test) => `${test.test} ${test.op}`)).toEqual(['sequential write', 'sequential read']);
    for (const test of tests) expect(test.bytesPerSecond).toBeGreaterThan(0);
    expect((await readdir(folder)).filter((name) => name.startsWith('.nasbench-'))).toEqual([]);
  }, 90_000);

  it('refuses a relative folder and out-of-range sizes before anything runs', async () => {
    expect(ShareCopyRunInput.safeParse({ folder: 'shares/nas' }).success).toBe(false);
    expect(ShareCopyRunInput.safeParse({ folder, blockSizeBytes: 100 }).success).toBe(false);
    const refused = await engine.dispatch('startShareCopyRun', { folder, smallFiles: { count: 0, fileSizeBytes: 1 } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  it('lists the mounted shares (an array, possibly empty)', async () => {
    const listed = await engine.dispatch('listMountedShares', undefined);
    expect(listed.ok && Array.isArray(listed.data)).toBe(true);
  });
});
