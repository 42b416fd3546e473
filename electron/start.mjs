// @ts-check
/**
 * `npm start`: electron-vite dev, once Electron's binary is known to be there. The binary is not
 * in the npm package: since Electron 42 it is fetched from GitHub on the first require('electron'),
 * which electron-vite never does (it reads the package's path.txt), and a firewall can block.
 * electron-vite then fails with a bare "Electron uninstall" stack trace; this says in one line
 * what is missing, how to get it, and what works without it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);

/**
 * The binary electron-vite will start: ELECTRON_EXEC_PATH, else the file that the electron
 * package's path.txt names in its dist/ folder (electron-vite's own getElectronPath does the same).
 * Only files are read: require('electron') would start a download.
 * @returns {{ path: string, found: boolean }}
 */
function findElectronBinary() {
  const chosen = process.env.ELECTRON_EXEC_PATH;
  if (chosen) return { path: chosen, found: existsSync(chosen) };
  let packageDir;
  try {
    packageDir = path.dirname(require.resolve('electron/package.json'));
  } catch {
    return { path: path.join('node_modules', 'electron'), found: false };
  }
  const pathFile = path.join(packageDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const binary = path.join(packageDir, 'dist', executable);
  return { path: binary, found: executable !== '' && existsSync(binary) };
}

const electron = findElectronBinary();
if (!electron.found) {
  const absolute = path.resolve(electron.path);
  const relative = path.relative(process.cwd(), absolute);
  const shown = relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative;
  console.error(
    `NASBench: the desktop app cannot start: Electron's binary is not installed (nothing at ${shown}). ` +
      '`npx install-electron` downloads it from GitHub; meanwhile `npm run web` opens the same app in your browser.',
  );
  process.exit(1);
}

// The same as `electron-vite dev [arguments]`: its own bin script, in this process.
const electronVite = require.resolve('electron-vite/package.json');
const { bin } = /** @type {{ bin: Record<string, string> }} */ (JSON.parse(readFileSync(electronVite, 'utf8')));
const binScript = path.join(path.dirname(electronVite), bin['electron-vite'] ?? 'bin/electron-vite.js');
process.argv = [process.execPath, binScript, 'dev', ...process.argv.slice(2)];
await import(pathToFileURL(binScript).href);
