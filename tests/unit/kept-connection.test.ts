import { describe, expect, it } from 'vitest';

/**
 * What a reloaded window keeps of its NAS session (renderer code, typed for the DOM, loaded as the
 * app loads it): never a secret, and enough to pick the session up or log in again unasked.
 */
interface Kept {
  target: { host: string; port: number };
  connection: Record<string, unknown>;
  rememberAsked: boolean;
  login: Record<string, unknown>;
}
interface SessionKeep {
  readKeptConnection(): Kept | null;
  keepConnection(kept: Kept | null): void;
  keptLogin(auth: Record<string, unknown>): Kept['login'];
  reconnectAuth(kept: Kept): Record<string, unknown> | null;
}

// This tab's sessionStorage, as the window has it.
const items = new Map<string, string>();
Object.assign(globalThis, {
  sessionStorage: {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, value),
    removeItem: (key: string) => items.delete(key),
  },
});
const keepPath = '../../renderer/src/stores/kept-connection';
const keep = (await import(/* @vite-ignore */ keepPath)) as SessionKeep;

const connection = {
  sessionId: '3f2b8c1e-8d5e-4b8f-9a44-7d6a2c1b0e9f',
  host: '198.18.1.2',
  port: 22,
  username: 'nbtest',
  fingerprint: `SHA256:${'A'.repeat(43)}`,
  passwordRemembered: false,
  sweptScratchFolders: [],
};
const kept = (login: Kept['login'], passwordRemembered = false): Kept => ({
  target: { host: '198.18.1.2', port: 22 },
  connection: { ...connection, passwordRemembered },
  rememberAsked: false,
  login,
});

describe('the NAS session a reload keeps', () => {
  it('keeps no password or passphrase, and reads back what it kept', () => {
    const password = keep.keptLogin({ kind: 'password', password: 'hunter2', remember: true });
    const key = keep.keptLogin({ kind: 'key', keyPath: '/home/me/.ssh/id_ed25519', passphrase: 'secret words' });
    expect(password).toEqual({ kind: 'password' });
    expect(key).toEqual({ kind: 'key', keyPath: '/home/me/.ssh/id_ed25519', withPassphrase: true });
    keep.keepConnection(kept(key));
    const stored = [...items.values()].join('');
    expect(stored).not.toMatch(/hunter2|secret words/);
    expect(keep.readKeptConnection()).toEqual(kept(key));
    keep.keepConnection(null);
    expect(keep.readKeptConnection()).toBeNull();
    // Something else under its name (another version, a hand edit) is no session.
    items.set('nasbench.session', '{"target":1}');
    expect(keep.readKeptConnection()).toBeNull();
  });

  it('logs in again unasked only where no secret must be typed', () => {
    expect(keep.reconnectAuth(kept({ kind: 'agent' }))).toEqual({ kind: 'agent' });
    expect(keep.reconnectAuth(kept({ kind: 'key', keyPath: '/k', withPassphrase: false }))).toEqual({
      kind: 'key',
      keyPath: '/k',
    });
    expect(keep.reconnectAuth(kept({ kind: 'key', keyPath: '/k', withPassphrase: true }))).toBeNull();
    expect(keep.reconnectAuth(kept({ kind: 'password' }, true))).toEqual({ kind: 'password' });
    expect(keep.reconnectAuth(kept({ kind: 'password' }, false))).toBeNull();
  });
});
