import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const appFolderName = 'NASBench';

/**
 * The folder Electron's `app.getPath('userData')` gives for this app, computed without
 * Electron so that the CLI and browser mode share the desktop app's settings and runs.
 * NASBENCH_DATA_DIR overrides it everywhere (`--data-dir` overrides both).
 */
export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = os.homedir(),
): string {
  if (env.NASBENCH_DATA_DIR) return path.resolve(env.NASBENCH_DATA_DIR);
  if (platform === 'win32') {
    return path.win32.join(env.APPDATA ?? path.win32.join(home, 'AppData', 'Roaming'), appFolderName);
  }
  if (platform === 'darwin') {
    return path.posix.join(home, 'Library', 'Application Support', appFolderName);
  }
  const configHome =
    env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(home, '.config');
  return path.join(configHome, appFolderName);
}

/** Creates the data folder (private to the user: it will hold pinned host keys and runs). */
export async function ensureDataDir(dir: string): Promise<string> {
  const absolute = path.resolve(dir);
  await mkdir(absolute, { recursive: true, mode: 0o700 });
  return absolute;
}
