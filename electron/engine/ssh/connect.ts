import { NodeSSH } from 'node-ssh';
import { NasbenchError } from '../../../shared/contract/errors';
import { connectError } from './errors';
import { describeHostKey, type HostKey } from './host-key';
import { keyboardAnswers, secondFactorRefused, type KeyboardPrompt } from './keyboard-interactive';
import type { KnownHosts } from './known-hosts';
import { NasLogin } from './login';
import type { SshAuth } from './auth';

export type { SshAuth } from './auth';

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
  /**
   * A deliberately reset NAS: replace the pinned key, but only when the NAS now shows exactly
   * this fingerprint (CLI --replace-host-key, the app's "Forget this key").
   */
  replaceHostKey?: string;
  connectTimeoutMs?: number;
  commandTimeoutMs?: number;
}

/**
 * Opens an SSH session to a NAS. The host key is checked against the pinned keys before
 * anything is sent: an unknown key fails with HOST_KEY_UNKNOWN (carrying its fingerprint, and
 * the names the same key is trusted under already) unless the user trusts it, and a changed key
 * fails with HOST_KEY_MISMATCH before any command can run. Passwords go through
 * keyboard-interactive too, which many NAS firmwares and macOS offer instead of "password". A login
 * whose start-up files print megabytes before every command is refused here, in seconds
 * (LOGIN_PRINTS_TOO_MUCH), by one command that does nothing.
 */
export async function connectToNas(options: ConnectOptions): Promise<NasLogin> {
  const { host, port, knownHosts } = options;
  const target = port === 22 ? host : `${host}:${port}`;
  let refusal: NasbenchError | undefined;
  let shownKey: HostKey | undefined;
  let codePrompt: KeyboardPrompt | undefined;
  const pinnedAlgorithms = await knownHosts.pinnedAlgorithms(host, port);

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
      tryKeyboard: options.auth.kind === 'password',
      onKeyboardInteractive: (_name, _instructions, _lang, prompts, finish) => {
        const answered = keyboardAnswers(prompts, options.auth);
        codePrompt ??= answered.codePrompt;
        finish(answered.answers);
      },
      // Ask for a key type we have pinned, so a server with several keys cannot look "changed".
      ...(pinnedAlgorithms.length > 0 ? { algorithms: { serverHostKey: pinnedAlgorithms as never } } : {}),
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
    if (refusal) throw refusal;
    if (codePrompt) throw secondFactorRefused(target, codePrompt, options.auth);
    throw connectError(error, target);
  }
  if (!shownKey) throw new NasbenchError('INTERNAL', 'The NAS did not show a host key.', 'Try again.');
  const session = new NasLogin(
    ssh,
    { host, port, username: options.username, hostKey: shownKey },
    options.commandTimeoutMs,
  );
  // A login that prints megabytes before every command is refused here, in seconds, not at the
  // first test after minutes of reading it.
  await session.checkLogin().catch((error: unknown) => {
    session.close();
    throw error;
  });
  return session;
}

async function checkHostKey(options: ConnectOptions, key: HostKey): Promise<void> {
  const { host, port, knownHosts, trustNewHost, replaceHostKey } = options;
  const check = await knownHosts.check(host, port, key);
  if (check.status === 'trusted') return;
  if (replaceHostKey !== undefined && replaceHostKey === key.fingerprint) {
    await knownHosts.pin(host, port, key);
    return;
  }
  if (check.status === 'changed') throw keyChanged(host, key, check.pinned, replaceHostKey);
  if (trustNewHost === true || trustNewHost === key.fingerprint) {
    await knownHosts.pin(host, port, key);
    return;
  }
  const knownAs = await knownHosts.namesOf(key, { host, port });
  const details = { fingerprint: key.fingerprint, keyType: key.type };
  if (knownAs.length > 0) {
    throw new NasbenchError(
      'HOST_KEY_UNKNOWN',
      `${host} shows the identity key ${key.fingerprint}, which you already trust as ${knownAs.join(', ')}: ` +
        'this is the same NAS, reached at another address or port.',
      'Confirm it to use this address too: "Trust and connect" in the app, --trust-new-host on the command line.',
      { details, knownAs },
    );
  }
  throw new NasbenchError(
    'HOST_KEY_UNKNOWN',
    `This is the first connection to ${host}. Its identity key fingerprint is ${key.fingerprint}.`,
    'Compare it with the fingerprint the NAS shows (for example `ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub` ' +
      'on the NAS), then confirm it: "Trust and connect" in the app, --trust-new-host on the command line.',
    { details },
  );
}

function keyChanged(host: string, key: HostKey, pinned: HostKey[], replaceHostKey?: string): NasbenchError {
  const was = pinned.map((entry) => entry.fingerprint).join(' or ');
  const notThatKey =
    replaceHostKey === undefined
      ? ''
      : ` You asked to replace it with ${replaceHostKey}, but that is not the key the NAS shows, so nothing was replaced.`;
  return new NasbenchError(
    'HOST_KEY_MISMATCH',
    `The identity key of ${host} has changed (it shows ${key.fingerprint}, but ${was} was pinned). ` +
      `Nothing was sent to it.${notThatKey}`,
    'This happens after the NAS is reset or reinstalled, or if another device now answers at that address, ' +
      'which could be someone intercepting the connection. If you did not reset the NAS, do not continue. ' +
      'If you did, compare the new fingerprint with the one the NAS shows and replace the key: "Forget this key" ' +
      'in the app, --replace-host-key <new fingerprint> on the command line.',
    { details: { fingerprint: key.fingerprint, keyType: key.type, pinnedFingerprints: was } },
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
