import { createEngine, defaultDataDir, ensureDataDir, type Engine } from '../engine';

/** Options every command accepts (../shared/cli-contract.md, "Common options"). */
export interface GlobalOptions {
  json: boolean;
  dataDir?: string;
}

/** The same engine as the desktop app, in the data folder the user chose (or the app's default). */
export async function openEngine(options: GlobalOptions): Promise<Engine> {
  const dataDir = await ensureDataDir(options.dataDir ?? defaultDataDir());
  return createEngine({ dataDir, mode: 'cli' });
}
