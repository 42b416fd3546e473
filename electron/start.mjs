// @ts-check
/**
 * `npm start`: electron-vite dev, with Electron's binary fetched first when it is missing. The binary
 * is not in the npm package: since Electron 42 it is fetched on the first require('electron'), which
 * electron-vite never does (it reads the package's path.txt), so a fresh checkout would stop at a bare
 * "Electron uninstall" stack trace. The electron package's own installer (install.js, @electron/get)
 * does the download, so ELECTRON_MIRROR, electron_config_cache and the npm config forms of them apply.
 * Where it fails, one line says what failed and that `npm run web` works without Electron.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const WITHOUT_ELECTRON = 'meanwhile `npm run web` opens the same app in your browser.';

/** @param {string} what */
function stop(what) {
  console.error(`NASBench: the desktop app cannot start: ${what}; ${WITHOUT_ELECTRON}`);
  process.exit(1);
}

/** A path as the user would type it from here: relative inside the checkout, absolute outside it. */
function shown(/** @type {string} */ file) {
  const absolute = path.resolve(file);
  const relative = path.relative(process.cwd(), absolute);
  return relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative;
}

/**
 * The electron package folder. NASBENCH_ELECTRON_PACKAGE names another copy of it (the launcher's
 * tests install into a temporary copy so that node_modules/electron is never changed).
 * @returns {string | undefined}
 */
function electronPackage() {
  const chosen = process.env.NASBENCH_ELECTRON_PACKAGE;
  if (chosen) return existsSync(path.join(chosen, 'install.js')) ? chosen : undefined;
  try {
    return path.dirname(require.resolve('electron/package.json'));
  } catch {
    return undefined;
  }
}

/**
 * The binary the package's path.txt names in its dist/ folder (electron-vite's getElectronPath reads the
 * same), when it is there. Only files are read: require('electron') would start a download of its own.
 * @param {string} packageDir
 */
function installedBinary(packageDir) {
  const pathFile = path.join(packageDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  const binary = path.join(packageDir, 'dist', executable);
  return executable !== '' && existsSync(binary) ? binary : undefined;
}

/**
 * The installer's own failure, in plain words. It prints the error's stack; @electron/get's debug
 * output (asked for here) names the address it downloaded from, which the stack does not.
 * @param {string} output the installer's stderr
 */
function downloadFailure(output) {
  const url = /Downloading (\S+) to /.exec(output)?.[1];
  const lines = output.split('\n').filter((line) => line.trim() !== '' && !line.includes('@electron/get:'));
  // A thrown error is printed as "TypeError: fetch failed" under a few lines of source context.
  const thrown = lines.find((line) => /^\w*Error: /.test(line)) ?? lines.find((line) => !/^\s+at /.test(line));
  const error = (thrown ?? '').replace(/^\w*Error: /, '').trim();
  const reason = plainReason(error);
  return `downloading Electron's binary${url ? ` from ${url}` : ''} failed (${reason})`;
}

/** @param {string} error the first line of the installer's error, without its type */
function plainReason(error) {
  if (error === 'fetch failed') return 'the connection failed';
  const status = /^Response code (\d+ \([^)]*\))/.exec(error);
  if (status) return `the server answered ${status[1]}`;
  return error.replace(/ for \S+$/, '') || 'the installer stopped without saying why';
}

/**
 * Runs the electron package's installer, as `npx install-electron` would, and returns the binary.
 * @param {string} packageDir
 */
function installElectron(packageDir) {
  console.log("NASBench: getting Electron's binary (about 100 MB, once)…");
  const debug = [process.env.DEBUG, '@electron/get:index'].filter(Boolean).join(',');
  const run = spawnSync(process.execPath, [path.join(packageDir, 'install.js')], {
    cwd: packageDir,
    env: { ...process.env, DEBUG: debug, DEBUG_COLORS: 'false' },
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (run.error) stop(`Electron's installer could not be run (${run.error.message})`);
  if (run.status !== 0) stop(downloadFailure(run.stderr));
  const binary = installedBinary(packageDir);
  if (!binary) stop(`Electron's installer finished but left no binary in ${shown(path.join(packageDir, 'dist'))}`);
  return binary;
}

/** The binary electron-vite is to start: ELECTRON_EXEC_PATH as given (never downloaded), else the package's. */
function electronBinary() {
  const chosen = process.env.ELECTRON_EXEC_PATH;
  if (chosen) {
    if (!existsSync(chosen)) stop(`ELECTRON_EXEC_PATH names no file (nothing at ${shown(chosen)})`);
    return chosen;
  }
  const packageDir = electronPackage();
  if (!packageDir) stop("Electron's npm package is not installed (`npm install` puts it in node_modules/electron)");
  return installedBinary(/** @type {string} */ (packageDir)) ?? installElectron(/** @type {string} */ (packageDir));
}

// electron-vite honours ELECTRON_EXEC_PATH, so it starts exactly the binary found or fetched here.
process.env.ELECTRON_EXEC_PATH = electronBinary();

// The same as `electron-vite dev [arguments]`: its own bin script, in this process.
const electronVite = require.resolve('electron-vite/package.json');
const { bin } = /** @type {{ bin: Record<string, string> }} */ (JSON.parse(readFileSync(electronVite, 'utf8')));
const binScript = path.join(path.dirname(electronVite), bin['electron-vite'] ?? 'bin/electron-vite.js');
process.argv = [process.execPath, binScript, 'dev', ...process.argv.slice(2)];
await import(pathToFileURL(binScript).href);
