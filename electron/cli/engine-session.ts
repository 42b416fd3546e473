import { createEngine, defaultDataDir, ensureDataDir, type Engine } from '../engine';

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
export async function openEngine(options: GlobalOptions, env: NodeJS.ProcessEnv): Promise<Engine> {
  return createEngine({ dataDir: await openDataDir(options, env), mode: 'cli' });
}
