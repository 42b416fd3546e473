import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Runs `npm start`'s launcher as npm would, with the environment given on top of this one. */
function start(args: string[], env: Record<string, string | undefined> = {}) {
  return spawnSync(process.execPath, ['electron/start.mjs', ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 60_000,
  });
}

/** Electron's own record of its downloaded binary; absent on this build machine. */
const pathFile = path.join('node_modules', 'electron', 'path.txt');
const binaryInstalled =
  existsSync(pathFile) && existsSync(path.join('node_modules', 'electron', 'dist', readFileSync(pathFile, 'utf8')));

const expectOneClearLine = (run: ReturnType<typeof start>) => {
  expect(run.status).toBe(1);
  expect(run.stdout).toBe('');
  const lines = run.stderr.split('\n').filter(Boolean);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^NASBench: the desktop app cannot start: Electron's binary is not installed/);
  expect(lines[0]).toContain('`npx install-electron` downloads it');
  expect(lines[0]).toContain('`npm run web` opens the same app in your browser');
  expect(run.stderr).not.toMatch(/Electron uninstall|\n\s+at /);
};

describe("npm start and Electron's binary", () => {
  it('is the launcher', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toBe('node electron/start.mjs');
  });

  it.skipIf(binaryInstalled)('says in one line what is missing and that npm run web works, and fails', () => {
    const run = start([], { ELECTRON_EXEC_PATH: undefined });
    expectOneClearLine(run);
    expect(run.stderr).toContain(`nothing at ${path.join('node_modules', 'electron', 'dist')}`);
  });

  it('says the same when the binary electron-vite is told to use is missing', () => {
    const missing = path.join(os.tmpdir(), 'nasbench-no-such-electron', 'electron');
    const run = start([], { ELECTRON_EXEC_PATH: missing });
    expectOneClearLine(run);
    expect(run.stderr).toContain(`nothing at ${missing}`);
  });

  it('hands over to electron-vite dev, arguments and all, when the binary is there', () => {
    // Any existing file will do: --help makes electron-vite print its usage and stop before starting it.
    const run = start(['--help'], { ELECTRON_EXEC_PATH: process.execPath });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^electron-vite\/\d/);
    expect(run.stdout).toContain('start dev server and electron app');
    expect(run.stderr).not.toContain('NASBench:');
  });
});
