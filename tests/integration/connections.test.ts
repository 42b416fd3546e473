import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../electron/engine';
import type { SecretStore } from '../../electron/engine/connections/secrets';
import { nasExec } from '../lab/lab';
import { tempDir } from '../unit/helpers';
import { lab } from './lab-login';

/** An in-memory keychain: the desktop app passes the OS keychain in the same shape. */
function memoryKeychain(): SecretStore & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    isAvailable: () => true,
    get: async (key) => entries.get(key),
    set: async (key, secret) => void entries.set(key, secret),
    delete: async (key) => entries.delete(key),
  };
}

const login = { host: lab.legs.a.nas, port: lab.ssh.port, username: lab.users.test.name };

describe('connecting through the contract', () => {
  it('asks to confirm a new host, then connects, probes and disconnects', async () => {
    const engine = createEngine({ dataDir: await tempDir('connect'), mode: 'desktop' });
    const auth = { kind: 'password', password: lab.users.test.password };
    const first = await engine.dispatch('connectNas', { ...login, auth });
    expect(first).toMatchObject({ ok: false, error: { code: 'HOST_KEY_UNKNOWN' } });
    const fingerprint = !first.ok ? first.error.details?.fingerprint : undefined;
    expect(fingerprint).toMatch(/^SHA256:/);
    const connected = await engine.dispatch('connectNas', { ...login, auth, trustFingerprint: fingerprint });
    expect(connected).toMatchObject({ ok: true, data: { fingerprint, passwordRemembered: false } });
    const { sessionId } = (connected as { data: { sessionId: string } }).data;
    const probe = await engine.dispatch('probeNas', { sessionId });
    expect(probe).toMatchObject({ ok: true, data: { client: { route: { interface: lab.legs.a.hostIf } } } });
    expect(await engine.dispatch('disconnectNas', { sessionId })).toMatchObject({ ok: true, data: { closed: true } });
    expect(await engine.dispatch('probeNas', { sessionId })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    await engine.shutdown();
  });

  it('remembers a password only in the keychain it is given, and uses it next time', async () => {
    const secrets = memoryKeychain();
    const engine = createEngine({ dataDir: await tempDir('remember'), mode: 'desktop', secrets });
    const remembered = await engine.handlers.connectNas({
      ...login,
      auth: { kind: 'password', password: lab.users.test.password, remember: true },
      trustFingerprint: await currentFingerprint(),
    });
    expect(remembered.passwordRemembered).toBe(true);
    expect([...secrets.entries.values()]).toEqual([lab.users.test.password]);
    expect(await engine.handlers.getSavedLogin(login)).toEqual({ passwordRemembered: true, canRemember: true });
    const again = await engine.handlers.connectNas({ ...login, auth: { kind: 'password', remember: false } });
    expect(again.sessionId).not.toBe(remembered.sessionId);
    expect(await engine.handlers.forgetPassword(login)).toEqual({ forgotten: true });
    await expect(
      engine.handlers.connectNas({ ...login, auth: { kind: 'password', remember: false } }),
    ).rejects.toMatchObject({ code: 'AUTH_FAILED' });
    await engine.shutdown();
  });

  it('sweeps stale scratch folders in folders used before, and says so on connect', async () => {
    const engine = createEngine({ dataDir: await tempDir('sweep'), mode: 'cli' });
    const auth = { kind: 'password' as const, password: lab.users.test.password, remember: false };
    const first = await engine.handlers.connectNas({ ...login, auth, trustFingerprint: await currentFingerprint() });
    const scratch = await engine.connections.openScratch(first.sessionId, lab.share, randomUUID(), 1024);
    // As if a crash had left it behind two days ago: its marker says when NASBench made it.
    const twoDaysAgo = Math.floor(Date.now() / 1000) - 2 * 24 * 3600;
    expect(nasExec(['sed', '-i', `s/^created=.*/created=${twoDaysAgo}/`, `${scratch.path}/.nasbench-run`]).code).toBe(
      0,
    );
    engine.connections.disconnect(first.sessionId);
    const second = await engine.handlers.connectNas({ ...login, auth });
    expect(second.sweptScratchFolders).toEqual([scratch.path]);
    expect(nasExec(['test', '-e', scratch.path]).code).not.toBe(0);
    await engine.shutdown();
  });
});

async function currentFingerprint(): Promise<string> {
  const { sha256Fingerprint } = await import('../../electron/engine/ssh/host-key');
  const { readHostKey } = await import('../lab/lab');
  return sha256Fingerprint(readHostKey().blob);
}
