import { z } from 'zod';
import { Connection, type ConnectInput } from '../../../shared/contract/connect';

/**
 * What a reloaded window needs to pick its NAS session up again, kept in this tab's sessionStorage
 * (gone when the tab or app closes) and never a secret: the engine still holds the SSH session, and
 * a key file, the agent or a password in the keychain can log in again unasked if it does not.
 */
const KeptConnection = z.object({
  target: z.object({ host: z.string(), port: z.number() }),
  connection: Connection,
  rememberAsked: z.boolean(),
  login: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('password') }),
    z.object({ kind: z.literal('key'), keyPath: z.string(), withPassphrase: z.boolean() }),
    z.object({ kind: z.literal('agent') }),
  ]),
});
export type KeptConnection = z.infer<typeof KeptConnection>;

const storageKey = 'nasbench.session';

export function readKeptConnection(): KeptConnection | null {
  try {
    const parsed = KeptConnection.safeParse(JSON.parse(globalThis.sessionStorage?.getItem(storageKey) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function keepConnection(kept: KeptConnection | null): void {
  if (kept) globalThis.sessionStorage?.setItem(storageKey, JSON.stringify(kept));
  else globalThis.sessionStorage?.removeItem(storageKey);
}

/** The login as kept: its kind, and a key file's path, without any password or passphrase. */
export function keptLogin(auth: ConnectInput['auth']): KeptConnection['login'] {
  if (auth.kind === 'key') return { kind: 'key', keyPath: auth.keyPath, withPassphrase: Boolean(auth.passphrase) };
  return { kind: auth.kind };
}

/**
 * How to log in again when the engine no longer has the kept session: the agent, a key file without
 * a passphrase, or the password the keychain remembered; null when only the user can (a password
 * not remembered, a passphrase): then the Connect screen asks, the user name filled in.
 */
export function reconnectAuth(kept: KeptConnection): ConnectInput['auth'] | null {
  switch (kept.login.kind) {
    case 'agent':
      return { kind: 'agent' };
    case 'key':
      return kept.login.withPassphrase ? null : { kind: 'key', keyPath: kept.login.keyPath };
    case 'password':
      return kept.connection.passwordRemembered ? { kind: 'password' } : null;
  }
}
