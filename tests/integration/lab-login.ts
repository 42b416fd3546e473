import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { connectToNas, type ConnectOptions } from '../../electron/engine/ssh/connect';
import { KnownHosts } from '../../electron/engine/ssh/known-hosts';
import type { NasLogin } from '../../electron/engine/ssh/login';
import type { ScratchFolder } from '../../electron/engine/ssh';
import { createEngine, type Engine } from '../../electron/engine';
import { sha256Fingerprint } from '../../electron/engine/ssh/host-key';
import type { RunProgress } from '../../shared/contract/run-events';
import { readHostKey, readLab, type LabInfo } from '../lab/lab';
import { tempDir } from '../unit/helpers';

export const lab: LabInfo = readLab();

export async function freshKnownHosts(): Promise<KnownHosts> {
  const dir = await tempDir('known-hosts');
  return new KnownHosts(path.join(dir, 'known_hosts'));
}

/** Connection options for the lab NAS over leg A as the test user, with password login. */
export async function labOptions(overrides: Partial<ConnectOptions> = {}): Promise<ConnectOptions> {
  return {
    host: lab.legs.a.nas,
    port: lab.ssh.port,
    username: lab.users.test.name,
    auth: { kind: 'password', password: lab.users.test.password },
    knownHosts: await freshKnownHosts(),
    trustNewHost: true,
    connectTimeoutMs: 5_000,
    ...overrides,
  };
}

export async function labSession(overrides: Partial<ConnectOptions> = {}): Promise<NasLogin> {
  return connectToNas(await labOptions(overrides));
}

/** Resolves with the NasbenchError code a promise rejects with (or 'resolved'). */
export async function errorOf(
  promise: Promise<unknown>,
): Promise<{ code: string; message: string; hint: string; details?: Record<string, unknown> }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; message: string; hint: string };
  }
  return { code: 'resolved', message: '', hint: '' };
}

/** Opens scratch folders for a test that calls an engine function directly, as a run's steps get them. */
export function scratchOpener(
  engine: Engine,
  sessionId: string,
): (folder: string, neededBytes: number) => Promise<ScratchFolder> {
  return (folder, neededBytes) => engine.connections.openScratch(sessionId, folder, randomUUID(), neededBytes);
}

/** A fresh engine (own data folder) already connected to the lab NAS (over leg A unless `host`), with its events collected. */
export async function connectedEngine(
  name: string,
  mode: 'desktop' | 'web' | 'cli' = 'web',
  host: string = lab.legs.a.nas,
): Promise<{ engine: Engine; sessionId: string; events: RunProgress[] }> {
  const engine = createEngine({ dataDir: await tempDir(name), mode });
  const events: RunProgress[] = [];
  engine.onEvent((event, payload) => event === 'runProgress' && events.push(payload));
  const { sessionId } = await engine.handlers.connectNas({
    host,
    port: lab.ssh.port,
    username: lab.users.test.name,
    auth: { kind: 'password', password: lab.users.test.password, remember: false },
    trustFingerprint: sha256Fingerprint(readHostKey().blob),
  });
  return { engine, sessionId, events };
}
