import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDirSync } from './helpers';

const electronDir = path.resolve('node_modules', 'electron');
const electronVersion = (
  JSON.parse(readFileSync(path.join(electronDir, 'package.json'), 'utf8')) as { version: string }
).version;
/** The release asset @electron/get asks the mirror for on this machine (electron-vX-platform-arch.zip). */
const assetName = `electron-v${electronVersion}-${process.platform}-${process.arch}.zip`;
/** Where the electron package's install.js puts the executable inside dist/, and names it in path.txt. */
const executableName =
  { darwin: 'Electron.app/Contents/MacOS/Electron', win32: 'electron.exe' }[process.platform as string] ?? 'electron';

/**
 * Records every TCP connection attempt of the launcher and of the processes it starts (the installer, through
 * NODE_OPTIONS), before any address is resolved, so that a test can show none left the loopback interface.
 */
const connectionRecorder = `
const net = require('node:net');
const fs = require('node:fs');
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  const to = typeof first === 'object' && first !== null ? first : { port: first, host: args[1] };
  if (!to.path) fs.appendFileSync(process.env.NASBENCH_TEST_CONNECTIONS, JSON.stringify({ host: to.host ?? 'localhost', port: to.port }) + '\\n');
  return connect.apply(this, args);
};
`;

const work = tempDirSync('start-launcher');
const recorder = path.join(work, 'record-connections.cjs');
writeFileSync(recorder, connectionRecorder);

/**
 * A copy of the electron package, without a binary, for the installer to fill: node_modules/electron is never
 * changed. Its own dependencies (@electron/get, the zip extractor) are found through NODE_PATH.
 */
function electronPackageCopy(name: string): string {
  const copy = path.join(work, name, 'electron');
  const binaryFiles = [path.join(electronDir, 'dist'), path.join(electronDir, 'path.txt')];
  cpSync(electronDir, copy, { recursive: true, filter: (file) => !binaryFiles.includes(file) });
  return copy;
}

/**
 * The launcher's environment: this one without any proxy or Electron download setting (npm's
 * npm_config_electron_mirror would win over ELECTRON_MIRROR), then the given variables on top.
 */
function launcherEnv(name: string, env: Record<string, string>): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(
    ([key]) => !/proxy|^electron_|^npm_(package_)?config_electron|^force_no_cache$|^DEBUG$|^NODE_OPTIONS$/i.test(key),
  );
  return {
    ...Object.fromEntries(kept),
    NODE_PATH: path.resolve('node_modules'),
    NODE_OPTIONS: `--require ${recorder}`,
    NASBENCH_TEST_CONNECTIONS: path.join(work, `${name}.connections`),
    electron_config_cache: path.join(work, name, 'cache'),
    ELECTRON_GET_NO_PROGRESS: '1',
    ...env,
  };
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm start`'s launcher as npm would; asynchronous, so that this process's HTTP server can answer it. */
function start(name: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['electron/start.mjs', ...args], {
      env: launcherEnv(name, env),
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** Every address the run tried to connect to ("host:port"). */
function connections(name: string): string[] {
  const log = path.join(work, `${name}.connections`);
  if (!existsSync(log)) return [];
  return readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { host: string; port: number })
    .map(({ host, port }) => `${host}:${port}`);
}

const onlyLoopback = (addresses: string[]) =>
  addresses.filter((address) => !/^(127\.\d+\.\d+\.\d+|localhost|::1|\[::1\]):\d+$/.test(address));

/** A zip archive (stored, not compressed) with Unix file modes, as Electron's release assets are laid out. */
function zip(files: { name: string; content: string; mode: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name);
    const data = Buffer.from(file.content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made on Unix, so the extractor keeps the modes
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((0o100000 | file.mode) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const expectOneLine = (run: Run) => {
  expect(run.status).toBe(1);
  const lines = run.stderr.split('\n').filter(Boolean);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^NASBench: the desktop app cannot start: /);
  expect(lines[0]).toContain('`npm run web` opens the same app in your browser');
  expect(run.stderr).not.toMatch(/Electron uninstall|\n\s+at |Error:/);
  return lines[0];
};

/** node_modules/electron as the tests found it: they install into copies only. */
const electronFiles = readdirSync(electronDir).sort();

describe("npm start and Electron's binary", () => {
  afterAll(() => {
    expect(readdirSync(electronDir).sort()).toEqual(electronFiles);
  });

  it('is the launcher', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toBe('node electron/start.mjs');
  });

  it('ends in one line naming npm run web when the download is refused', async () => {
    const copy = electronPackageCopy('refused');
    // A loopback port just opened and closed: nothing listens there, so the connection is refused at once.
    // (Not a well-known closed port such as 9: fetch refuses those itself, before any connection.)
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const mirror = `http://127.0.0.1:${port}/`;
    const run = await start('refused', [], { NASBENCH_ELECTRON_PACKAGE: copy, ELECTRON_MIRROR: mirror });
    const line = expectOneLine(run);
    expect(line).toContain(
      `downloading Electron's binary from ${mirror}v${electronVersion}/${assetName} failed (the connection failed)`,
    );
    expect(run.stdout).toContain("getting Electron's binary");
    // The installer did try, and only the loopback mirror.
    expect(connections('refused')).toContain(`127.0.0.1:${port}`);
    expect(onlyLoopback(connections('refused'))).toEqual([]);
    expect(existsSync(path.join(copy, 'path.txt'))).toBe(false);
  });

  describe('with a mirror on loopback that has the release asset', () => {
    const requests: string[] = [];
    const asset = zip([
      // The stand-in Electron records how it was started, as electron-vite dev starts the real one.
      {
        name: executableName,
        content: '#!/bin/sh\necho "$0 $* $ELECTRON_RENDERER_URL" > "$NASBENCH_TEST_STARTED"\n',
        mode: 0o755,
      },
      { name: 'version', content: `v${electronVersion}`, mode: 0o644 },
    ]);
    const server = http.createServer((request, response) => {
      requests.push(request.url ?? '');
      if (request.url === `/v${electronVersion}/${assetName}`) response.end(asset);
      else response.writeHead(404).end();
    });
    let mirror = '';

    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      mirror = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('downloads the binary with the package installer and starts the app with it', async () => {
      const copy = electronPackageCopy('served');
      // The installer checks the asset against the package's checksums.json; this copy lists the served asset.
      const sha256 = createHash('sha256').update(asset).digest('hex');
      writeFileSync(path.join(copy, 'checksums.json'), JSON.stringify({ [assetName]: sha256 }));
      const started = path.join(work, 'served.started');
      // --rendererOnly: electron-vite dev serves the renderer and starts Electron without building main first.
      const run = await start('served', ['--rendererOnly'], {
        NASBENCH_ELECTRON_PACKAGE: copy,
        ELECTRON_MIRROR: mirror,
        ELECTRON_ENTRY: '.',
        NASBENCH_TEST_STARTED: started,
      });
      expect(run.stderr).not.toContain('NASBench:');
      expect(run.status).toBe(0);
      expect(requests).toEqual([`/v${electronVersion}/${assetName}`]);
      expect(readFileSync(path.join(copy, 'path.txt'), 'utf8')).toBe(executableName);
      const [binary, entry, rendererUrl] = readFileSync(started, 'utf8').trim().split(' ');
      expect(binary).toBe(path.join(copy, 'dist', executableName));
      expect(entry).toBe('.');
      expect(rendererUrl).toMatch(/^http:\/\/localhost:\d+$/);
      expect(connections('served')).toContain(new URL(mirror).host);
      expect(onlyLoopback(connections('served'))).toEqual([]);
    });

    it('attempts no download when ELECTRON_EXEC_PATH names a binary, and hands over to electron-vite dev', async () => {
      requests.length = 0;
      const copy = electronPackageCopy('chosen');
      // Any existing file will do: --help makes electron-vite print its usage and stop before starting it.
      const run = await start('chosen', ['--help'], {
        NASBENCH_ELECTRON_PACKAGE: copy,
        ELECTRON_MIRROR: mirror,
        ELECTRON_EXEC_PATH: process.execPath,
      });
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/^electron-vite\/\d/);
      expect(run.stdout).toContain('start dev server and electron app');
      expect(run.stderr).not.toContain('NASBench:');
      expect(requests).toEqual([]);
      expect(connections('chosen')).toEqual([]);
    });

    it('says in one line that ELECTRON_EXEC_PATH names no file, and attempts no download', async () => {
      requests.length = 0;
      const missing = path.join(work, 'no-such-electron', 'electron');
      const run = await start('missing', [], {
        NASBENCH_ELECTRON_PACKAGE: electronPackageCopy('missing'),
        ELECTRON_MIRROR: mirror,
        ELECTRON_EXEC_PATH: missing,
      });
      expect(expectOneLine(run)).toContain(`ELECTRON_EXEC_PATH names no file (nothing at ${missing})`);
      expect(requests).toEqual([]);
    });
  });
});
