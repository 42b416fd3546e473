import { NodeSSH } from 'node-ssh';
import { NasbenchError } from '../../../shared/errors';
import { connectError } from './errors';
import { describeHostKey, type HostKey } from './host-key';
import type { KnownHosts } from './known-hosts';
import { NasSession } from './session';

export type SshAuth =
  | { kind: 'password'; password: string }
  | { kind: 'key'; privateKey: string; passphrase?: string }
  | { kind: 'agent'; socket: string };

export interface ConnectOptions {
  host: string;
  port: number;
  username: string;
  auth: SshAuth;
  knownHosts: KnownHosts;
  /**
   * Trust on first use. `true` pins whatever key the host shows (CLI --trust-new-host);
   * a fingerprint pins only that exact key, so what the user confirmed is what gets pinned.
   */
  trustNewHost?: boolean | string;
  connectTimeoutMs?: number;
  commandTimeoutMs?: number;
}

/**
 * Opens an SSH session to a NAS. The host key is checked against the pinned keys before
 * anything is sent: an unknown key fails with HOST_KEY_UNKNOWN (carrying its fingerprint)
 * unless the user trusts it, and a changed key fails with HOST_KEY_MISMATCH before any
 * command can run.
 */
export async function connectToNas(options: ConnectOptions): Promise<NasSession> {
  const { host, port, knownHosts } = options;
  const target = port === 22 ? host : `${host}:${port}`;
  let refusal: NasbenchError | undefined;
  let shownKey: HostKey | undefined;
  const pinnedTypes = await knownHosts.pinnedTypes(host, port);

  const ssh = new NodeSSH();
  try {
    await ssh.connect({
      host,
      port,
      username: options.username,
      ...credentials(options.auth),
      readyTimeout: options.connectTimeoutMs ?? 15_000,
      keepaliveInterval: 10_000,
      keepaliveCountMax: 3,
      tryKeyboard: false,
      // Ask for a key type we have pinned, so a server with several keys cannot look "changed".
      ...(pinnedTypes.length > 0 ? { algorithms: { serverHostKey: pinnedTypes as never } } : {}),
      hostVerifier: (keyBlob: Buffer, verify: (valid: boolean) => void) => {
        shownKey = describeHostKey(keyBlob);
        void checkHostKey(options, shownKey).then(
          () => verify(true),
          (error: NasbenchError) => {
            refusal = error;
            verify(false);
          },
        );
      },
    });
  } catch (error) {
    ssh.dispose();
    throw refusal ?? connectError(error, target);
  }
  if (!shownKey) throw new NasbenchError('INTERNAL', 'The NAS did not show a host key.', 'Try again.');
  return new NasSession(ssh, { host, port, username: options.username, hostKey: shownKey }, options.commandTimeoutMs);
}

async function checkHostKey(options: ConnectOptions, key: HostKey): Promise<void> {
  const { host, port, knownHosts, trustNewHost } = options;
  const check = await knownHosts.check(host, port, key);
  if (check.status === 'trusted') return;
  if (check.status === 'changed') {
    throw new NasbenchError(
      'HOST_KEY_MISMATCH',
      `The identity key of ${host} has changed (it shows ${key.fingerprint}, ` +
        `but ${check.pinned.map((pinned) => pinned.fingerprint).join(' or ')} was pinned). Nothing was sent to it.`,
      'This happens after the NAS is reset or reinstalled, or if another device now answers at that address, ' +
        'which could be someone intercepting the connection. If you did not reset the NAS, do not continue. ' +
        'If you did, remove its line from the known-hosts file in the data folder and connect again.',
    );
  }
  if (trustNewHost === true || trustNewHost === key.fingerprint) {
    await knownHosts.pin(host, port, key);
    return;
  }
  throw new NasbenchError(
    'HOST_KEY_UNKNOWN',
    `This is the first connection to ${host}. Its identity key fingerprint is ${key.fingerprint}.`,
    'Compare it with the fingerprint the NAS shows (for example `ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub` ' +
      'on the NAS), then confirm it: "Trust and connect" in the app, --trust-new-host on the command line.',
    { details: { fingerprint: key.fingerprint, keyType: key.type } },
  );
}

function credentials(
  auth: SshAuth,
): { password: string } | { privateKey: string; passphrase?: string } | { agent: string } {
  switch (auth.kind) {
    case 'password':
      return { password: auth.password };
    case 'key':
      return auth.passphrase === undefined
        ? { privateKey: auth.privateKey }
        : { privateKey: auth.privateKey, passphrase: auth.passphrase };
    case 'agent':
      return { agent: auth.socket };
  }
}
