import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { type ConnectInput, type Connection } from '../../../shared/contract/connect';
import { NasbenchError } from '../../../shared/contract/errors';
import type { z } from 'zod';
import type { ProbeProgress, ProbeResult } from '../../../shared/contract/connect';
import { checkLink, probeNas, probeThisComputer } from '../probe';
import {
  checkedNasFolder,
  connectToNas,
  KnownHosts,
  openScratchFolder,
  sweepStaleScratch,
  type NasLogin,
  type ScratchFolder,
  type SshAuth,
} from '../ssh';
import { probeStages } from './probe-stages';
import { ScratchParents } from './scratch-parents';
import { loginKey, type SecretStore } from './secrets';

export interface ConnectionManagerOptions {
  dataDir: string;
  knownHostsFile: string;
  secrets?: SecretStore;
  /** Each probe's parts as they start and end. */
  onProbeProgress?: (progress: ProbeProgress) => void;
}

/**
 * The NASes the app is connected to, by session id, and the last probe of each. Connecting checks
 * the host key, uses or remembers the password through the OS keychain, and sweeps stale scratch folders.
 */
export class ConnectionManager {
  private readonly sessions = new Map<string, NasLogin>();
  /** The last probe of each session: runs are planned from it and saved with it. */
  private readonly probes = new Map<string, ProbeResult>();
  private readonly knownHosts: KnownHosts;
  private readonly scratchParents: ScratchParents;

  constructor(private readonly options: ConnectionManagerOptions) {
    this.knownHosts = new KnownHosts(options.knownHostsFile);
    this.scratchParents = new ScratchParents(options.dataDir);
  }

  async connect(input: z.output<typeof ConnectInput>): Promise<Connection> {
    const { host, port, username } = input;
    const auth = await this.credentials(input);
    const session = await connectToNas({
      host,
      port,
      username,
      auth,
      knownHosts: this.knownHosts,
      ...(input.trustFingerprint ? { trustNewHost: input.trustFingerprint } : {}),
      ...(input.replaceFingerprint ? { replaceHostKey: input.replaceFingerprint } : {}),
    });
    let passwordRemembered = false;
    if (input.auth.kind === 'password' && input.auth.password && input.auth.remember) {
      passwordRemembered = await this.remember(loginKey(username, host, port), input.auth.password);
    }
    const sweptScratchFolders: string[] = [];
    for (const folder of await this.scratchParents.list(session.info.hostKey.fingerprint)) {
      sweptScratchFolders.push(...(await sweepStaleScratch(session, folder).catch(() => [])));
    }
    const sessionId = randomUUID();
    this.sessions.set(sessionId, session);
    return {
      sessionId,
      host,
      port,
      username,
      fingerprint: session.info.hostKey.fingerprint,
      passwordRemembered,
      sweptScratchFolders,
    };
  }

  /** A session logged in elsewhere (the CLI's own login), so runs can use it like one connected here. */
  adopt(session: NasLogin): string {
    const sessionId = randomUUID();
    this.sessions.set(sessionId, session);
    return sessionId;
  }

  session(sessionId: string): NasLogin {
    const session = this.sessions.get(sessionId);
    if (!session?.isConnected()) {
      this.sessions.delete(sessionId);
      throw new NasbenchError('NOT_FOUND', 'That NAS is no longer connected.', 'Connect to it again.');
    }
    return session;
  }

  /** A run's scratch folder inside the chosen folder; remembered so the next connect can sweep it. */
  async openScratch(sessionId: string, folder: string, runId: string, neededBytes: number): Promise<ScratchFolder> {
    const session = this.session(sessionId);
    const checked = checkedNasFolder(folder);
    await sweepStaleScratch(session, checked).catch(() => []);
    const scratch = await openScratchFolder(session, checked, runId, neededBytes);
    await this.scratchParents.add(session.info.hostKey.fingerprint, checked);
    return scratch;
  }

  /** What the NAS is and how this computer reaches it, read afresh (and kept for the runs that follow). */
  async probe(sessionId: string, signal?: AbortSignal): Promise<ProbeResult> {
    const session = this.session(sessionId);
    const during = probeStages(sessionId, this.options.onProbeProgress);
    const [nas, client] = await Promise.all([
      during('nas', () => probeNas(session, signal)),
      during('this-computer', () => probeThisComputer(session.info.host)),
    ]);
    const link = await during('link', () => checkLink(session, nas, client, signal));
    const probed = { nas, client, link };
    this.probes.set(sessionId, probed);
    return probed;
  }

  /** The last probe of the session, or a fresh one when there is none yet. */
  async probed(sessionId: string): Promise<ProbeResult> {
    this.session(sessionId);
    return this.probes.get(sessionId) ?? this.probe(sessionId);
  }

  disconnect(sessionId: string): boolean {
    const session = this.sessions.get(sessionId);
    session?.close();
    this.probes.delete(sessionId);
    return this.sessions.delete(sessionId);
  }

  async hasRememberedPassword(username: string, host: string, port: number): Promise<boolean> {
    const secrets = this.options.secrets;
    if (!secrets?.isAvailable()) return false;
    return (await secrets.get(loginKey(username, host, port))) !== undefined;
  }

  async forgetPassword(username: string, host: string, port: number): Promise<boolean> {
    return (await this.options.secrets?.delete(loginKey(username, host, port))) ?? false;
  }

  closeAll(): void {
    for (const session of this.sessions.values()) session.close();
    this.sessions.clear();
    this.probes.clear();
  }

  private async credentials(input: z.output<typeof ConnectInput>): Promise<SshAuth> {
    const { auth } = input;
    switch (auth.kind) {
      case 'password': {
        const password =
          auth.password ?? (await this.options.secrets?.get(loginKey(input.username, input.host, input.port)));
        if (!password) {
          throw new NasbenchError(
            'AUTH_FAILED',
            'No password was given for this NAS.',
            'Type the password of the NAS user.',
          );
        }
        return { kind: 'password', password, ...(auth.oneTimeCode ? { oneTimeCode: auth.oneTimeCode } : {}) };
      }
      case 'key':
        return {
          kind: 'key',
          privateKey: await readPrivateKey(auth.keyPath),
          ...(auth.passphrase ? { passphrase: auth.passphrase } : {}),
        };
      case 'agent':
        return { kind: 'agent', socket: agentSocket() };
    }
  }

  private async remember(key: string, password: string): Promise<boolean> {
    const secrets = this.options.secrets;
    if (!secrets?.isAvailable()) return false;
    await secrets.set(key, password);
    return true;
  }
}

async function readPrivateKey(keyPath: string): Promise<string> {
  const resolved = keyPath.startsWith('~/') ? `${os.homedir()}${keyPath.slice(1)}` : keyPath;
  try {
    return await readFile(resolved, 'utf8');
  } catch {
    throw new NasbenchError(
      'AUTH_FAILED',
      `The key file ${keyPath} could not be read.`,
      'Check the path of your private key file.',
    );
  }
}

/** The user's SSH agent, as ssh itself finds it. */
function agentSocket(): string {
  if (process.env.SSH_AUTH_SOCK) return process.env.SSH_AUTH_SOCK;
  if (process.platform === 'win32') return '\\\\.\\pipe\\openssh-ssh-agent';
  throw new NasbenchError(
    'AUTH_FAILED',
    'No SSH agent is running for this user.',
    'Start your SSH agent and add your key (ssh-add), or use a password or key file.',
  );
}
