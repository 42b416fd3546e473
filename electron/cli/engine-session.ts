import { NasbenchError } from '../../shared/contract/errors';
import { createEngine, defaultDataDir, ensureDataDir, type Engine } from '../engine';
import { connectFromOptions, type SshLoginOptions } from './ssh-login';

/** Options every command accepts (../shared/cli-contract.md, "Common options"). */
export interface GlobalOptions {
  json: boolean;
  dataDir?: string;
}

/** --data-dir, else NASBENCH_DATA_DIR, else the desktop app's own data folder; created if missing. */
export function openDataDir(options: GlobalOptions, env: NodeJS.ProcessEnv): Promise<string> {
  return ensureDataDir(options.dataDir ?? defaultDataDir(process.platform, env));
}

/** The same engine as the desktop app, in the data folder the user chose. */
export async function openEngine(
  options: GlobalOptions,
  env: NodeJS.ProcessEnv,
  knownHostsFile?: string,
): Promise<Engine> {
  return createEngine({
    dataDir: await openDataDir(options, env),
    mode: 'cli',
    ...(knownHostsFile ? { knownHostsFile } : {}),
  });
}

export interface EngineScope {
  engine: Engine;
  /** Aborted on Ctrl+C: the command cancels its run, which cleans up on the NAS, and still prints what it has. */
  signal: AbortSignal;
}

/** Runs `work` with an engine in the user's data folder, Ctrl+C turned into a cancel, and the engine shut down after. */
export async function withEngine<T>(
  globals: GlobalOptions,
  env: NodeJS.ProcessEnv,
  work: (scope: EngineScope) => Promise<T>,
  knownHostsFile?: string,
): Promise<T> {
  const controller = new AbortController();
  const cancel = () => controller.abort();
  const engine = await openEngine(globals, env, knownHostsFile);
  // Taken once the engine is open, so an engine that fails to open leaves no listener behind (the CLI
  // runs in-process in the tests, where such leftovers piled up past Node's MaxListeners warning).
  process.once('SIGINT', cancel);
  try {
    return await work({ engine, signal: controller.signal });
  } finally {
    process.removeListener('SIGINT', cancel);
    await engine.shutdown();
  }
}

/** The same, logged in to the NAS with the command's SSH options first. */
export async function withConnectedEngine<T>(
  login: SshLoginOptions,
  globals: GlobalOptions,
  env: NodeJS.ProcessEnv,
  work: (scope: EngineScope & { sessionId: string }) => Promise<T>,
): Promise<T> {
  return withEngine(
    globals,
    env,
    async (scope) => {
      const { sessionId } = await connectFromOptions(scope.engine, login, env);
      return work({ ...scope, sessionId });
    },
    login.knownHosts,
  );
}

/** With --host and --user, the run logs in to the NAS too; without them, it runs on this computer alone. */
export function withNasWhenLoggedIn<T>(
  options: Partial<SshLoginOptions>,
  globals: GlobalOptions,
  env: NodeJS.ProcessEnv,
  work: (scope: EngineScope & { sessionId: string | null }) => Promise<T>,
): Promise<T> {
  const { host, user } = options;
  if (!host && !user) return withEngine(globals, env, (scope) => work({ ...scope, sessionId: null }));
  if (!host || !user)
    throw new NasbenchError(
      'INVALID_INPUT',
      'Logging in to the NAS needs both --host and --user.',
      'Give both, or neither.',
    );
  return withConnectedEngine({ ...options, host, user } as SshLoginOptions, globals, env, work);
}
