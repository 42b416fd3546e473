import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runNetworkTest } from '../../electron/engine/net/network-test';
import { startRemoteIperfServer, watchdogMarginSeconds } from '../../electron/engine/net/remote-server';
import type { NasLogin } from '../../electron/engine/ssh/login';
import { nasExec, nasPids } from '../lab/lab';
import { tempDir } from '../unit/helpers';
import { lab, labSession } from './lab-login';

/**
 * "Leave nothing listening": the `iperf3 -s` NASBench starts on the NAS listens on the test's
 * address only, and ends by itself when the app dies before its client came (SIGKILL right after
 * starting it): by iperf3's own --idle-timeout (3.11+), or by the sh watchdog for older iperf3.
 */

const child = path.join(__dirname, '../helpers/remote-iperf-child.ts');
/** Ports of our own, above those other lab tests use. */
const ports = { idle: 5350, watchdog: 5360, translated: 5370 };
const idleSeconds = 3;

let children: ChildProcess[] = [];
afterEach(() => {
  for (const running of children) running.kill('SIGKILL');
  children = [];
});

/**
 * Starts the stand-in app; resolves once it says its server listens. Its temporary folders (its
 * known_hosts) go in one of this file's, removed with it: the app is killed, it cannot remove them.
 */
async function startApp(args: string[]): Promise<{ app: ChildProcess; port: number; boundTo: string }> {
  const env = { ...process.env, TMPDIR: await tempDir('iperf-child') };
  const app = spawn(process.execPath, ['--import', 'tsx', child, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  children.push(app);
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => reject(new Error(`the stand-in app did not start its server: ${stderr}`)), 30_000);
    app.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    app.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /^listening (\d+) (\S+)$/m.exec(stdout);
      if (!match) return;
      clearTimeout(timer);
      resolve({ app, port: Number(match[1]), boundTo: match[2] ?? '' });
    });
    app.once('exit', (code) => reject(new Error(`the stand-in app exited (${code}): ${stderr}`)));
  });
}

function kill(app: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    app.once('exit', () => resolve());
    app.kill('SIGKILL');
  });
}

/** Command lines of the processes in the NAS namespace (root reads them all). */
async function nasProcesses(): Promise<{ pid: number; argv: string[] }[]> {
  const found = await Promise.all(
    nasPids().map(async (pid) => {
      const text = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      return { pid, argv: text.split('\0').filter((arg) => arg.length > 0) };
    }),
  );
  return found.filter((entry) => entry.argv.length > 0);
}

/** The `iperf3 --server` processes on `port` (other tests may run servers on other ports). */
async function iperfServers(port: number): Promise<{ pid: number; argv: string[] }[]> {
  return (await nasProcesses()).filter(
    ({ argv }) =>
      argv.some((arg) => arg.endsWith('iperf3')) && argv.includes('--server') && argv.includes(String(port)),
  );
}

/** Local addresses listening on `port` in the NAS namespace, as ss prints them ("198.18.1.2:5350"). */
function listeners(port: number): string[] {
  const result = nasExec(['ss', '-Hltn', `sport = :${port}`]);
  return result.stdout
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => line.trim().split(/\s+/)[3] ?? '');
}

/** Polls until no iperf3 server on `port` is left; resolves with the seconds it took (or Infinity). */
async function secondsUntilGone(port: number, withinSeconds: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < withinSeconds * 1000) {
    if ((await iperfServers(port)).length === 0) return (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return Infinity;
}

describe('iperf3 servers on the NAS when the app dies', () => {
  it('a server whose app was killed right after starting it is gone within its idle timeout + 10 s', async () => {
    const { app, port, boundTo } = await startApp([String(ports.idle), String(idleSeconds), '10']);
    expect(port).toBe(ports.idle);
    expect(boundTo).toBe(lab.legs.a.nas);
    // Listening on the test's address only, not on every address of the NAS.
    expect(listeners(port)).toEqual([`${lab.legs.a.nas}:${port}`]);
    const [server] = await iperfServers(port);
    expect(server?.argv).toEqual(expect.arrayContaining(['--one-off', '--idle-timeout', String(idleSeconds)]));

    await kill(app);
    expect(await iperfServers(port)).toHaveLength(1);
    const gone = await secondsUntilGone(port, idleSeconds + 10);
    expect(gone).toBeLessThanOrEqual(idleSeconds + 10);
    expect(listeners(port)).toEqual([]);
  }, 60_000);

  describe('with an iperf3 older than 3.11 (no exit on --idle-timeout in one-off mode)', () => {
    let dir = '';
    let oldIperf3 = '';
    beforeAll(async () => {
      // Stands in for an old iperf3 by its version alone, and runs the real one: exec keeps the pid.
      dir = await tempDir('old-iperf3');
      oldIperf3 = path.join(dir, 'iperf3');
      await writeFile(
        oldIperf3,
        '#!/bin/sh\ncase "$1" in --version|-v) echo "iperf 3.9 (stand-in)"; exit 0;; esac\nexec /usr/bin/iperf3 "$@"\n',
      );
      await chmod(dir, 0o755);
      await chmod(oldIperf3, 0o755);
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('the watchdog ends the server (and itself) after idle + test seconds + its margin', async () => {
      const testSeconds = 0;
      const { app, port } = await startApp([
        String(ports.watchdog),
        String(idleSeconds),
        String(testSeconds),
        oldIperf3,
      ]);
      expect(listeners(port)).toEqual([`${lab.legs.a.nas}:${port}`]);
      const [server] = await iperfServers(port);
      expect(server?.argv).not.toContain('--idle-timeout');

      await kill(app);
      expect(await iperfServers(port)).toHaveLength(1);
      const deadline = idleSeconds + testSeconds + watchdogMarginSeconds;
      const gone = await secondsUntilGone(port, deadline + 10);
      expect(gone).toBeLessThanOrEqual(deadline + 10);
      // The watchdog's sleep went with it.
      const sleeps = (await nasProcesses()).filter(({ argv }) => argv[0] === 'sleep' && argv[1] === String(deadline));
      expect(sleeps).toEqual([]);
    }, 90_000);
  });
});

describe('where the server listens', () => {
  let session: NasLogin;
  beforeAll(async () => {
    session = await labSession();
  });
  afterAll(() => session.close());

  it('listens on all addresses when the client reaches the NAS at an address it does not have (NAT)', async () => {
    // This computer's own address on leg A stands in for an address only a router translates to the NAS.
    const server = await startRemoteIperfServer(session, {
      firstPort: ports.translated,
      bindAddress: lab.legs.a.host,
      idleTimeoutSeconds: 10,
    });
    try {
      expect(server.boundTo).toBeNull();
      expect(listeners(server.port).some((address) => /^(0\.0\.0\.0|\*|\[::\]):/.test(address))).toBe(true);
    } finally {
      await server.stop();
    }
    expect(listeners(server.port)).toEqual([]);
  });

  it('a network test binds each server to its leg and leaves no server behind', async () => {
    let during: ReturnType<typeof nasProcesses> | undefined;
    const result = await runNetworkTest({
      session,
      legs: [{ target: lab.legs.a.nas }, { target: lab.legs.b.nas }],
      direction: 'upload',
      streamsPerLeg: 1,
      seconds: 2,
      sampleIntervalMs: 500,
      onSample: () => (during ??= nasProcesses()),
    });
    expect(result.method).toBe('iperf3');
    const running = (await during) ?? [];
    for (const leg of result.legs) {
      expect(leg.bitsPerSecond).toBeGreaterThan(0);
      const server = running.find(({ argv }) => argv.includes('--server') && argv.includes(String(leg.port)));
      expect(server?.argv).toEqual(expect.arrayContaining(['--bind', leg.target]));
      expect(await secondsUntilGone(leg.port, 5)).toBeLessThan(5);
    }
  }, 30_000);
});
