import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nasExec } from '../lab/lab';
import { connectedEngine, lab } from './lab-login';

/**
 * Checking a NAS folder when it is chosen (the folder picker asks at once): the lab's share is
 * fine and says its free space; a folder this login may not write in, one that is missing, and a
 * system folder are refused with a code, a message and a hint. Checking writes nothing.
 */
const listing = (folder: string) => nasExec(['ls', '-la', folder]).stdout;

describe('checking a NAS folder when it is chosen', () => {
  it('says the share is writable with its free space, and refuses what tests could not write in', async () => {
    const { engine, sessionId } = await connectedEngine('folder-check');
    const check = async (folder: string) =>
      (await engine.dispatch('checkNasFolder', { sessionId, folder })) as
        | { ok: true; data: { freeBytes: number } }
        | { ok: false; error: { code: string; message: string; hint: string } };
    const before = listing(lab.share);
    const fine = await check(lab.share);
    expect(fine.ok && fine.data.freeBytes).toBeGreaterThan(0);
    // The share's parent belongs to root: this login may look but not write.
    const readOnly = await check(path.dirname(lab.share));
    expect(readOnly).toMatchObject({ ok: false, error: { code: 'PERMISSION_DENIED' } });
    const missing = await check(`${lab.share}/no-such-folder`);
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.error.message).toMatch(/does not exist/);
    const system = await check('/proc');
    expect(system.ok).toBe(false);
    if (!system.ok) expect(system.error.hint).not.toBe('');
    const climbing = await check(`${lab.share}/../..`);
    expect(climbing).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(listing(lab.share)).toBe(before);
    await engine.shutdown();
  });
});
