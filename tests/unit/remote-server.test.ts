import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bindableAddress,
  parseIperfVersion,
  serverScript,
  type ServerScriptPlan,
} from '../../electron/engine/net/remote-server';
import { shellCommand } from '../../electron/engine/ssh/quote';
import { freePort } from '../helpers/tcp';
import { tempDir } from './helpers';

/**
 * The sh script that runs `iperf3 -s` on the NAS, run here under the local /bin/sh (dash, as on
 * Debian NASes; BusyBox ash and bash-as-sh behave the same for these builtins) with Debian's
 * iperf3 3.12 on loopback. Losing the SSH connection is the script losing its stdout and stderr.
 */

const iperf3 = '/usr/bin/iperf3';
let groups: ChildProcess[] = [];
afterEach(() => {
  for (const group of groups) if (group.pid) killGroup(group.pid, 'SIGKILL');
  groups = [];
});

function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The shells NAS users' /bin/sh is: dash (Debian-based), BusyBox ash (most NAS firmware), bash as sh (Synology). */
const shells = [['/bin/sh'], ['/usr/bin/busybox', 'sh'], ['/bin/bash', '--posix']].map((shell) => ({
  shell,
  name: shell.join(' '),
}));

/** Runs the script as sshd would: sh leading its own process group. Resolves once iperf3 listens. */
async function runScript(
  plan: Omit<ServerScriptPlan, 'port' | 'iperf3Path'>,
  shell: readonly string[] = ['/bin/sh'],
): Promise<{ pgid: number; port: number }> {
  const port = await freePort();
  const script = serverScript({ iperf3Path: iperf3, port, ...plan });
  const [program = '/bin/sh', ...shellArgs] = shell;
  const child = spawn(program, [...shellArgs, '-c', script], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  groups.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`iperf3 did not listen: ${output}`)), 5_000);
    const look = (chunk: Buffer) => {
      output += chunk.toString();
      if (!/listening on/i.test(output)) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
  });
  // The SSH connection is gone: nobody reads what the script prints any more.
  child.stdout?.destroy();
  child.stderr?.destroy();
  return { pgid: child.pid ?? 0, port };
}

/** Seconds until every process of the group has exited (Infinity if not within `seconds`). */
async function secondsUntilGone(pgid: number, seconds: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    if (!groupAlive(pgid)) return (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Infinity;
}

describe('reading iperf3 --version', () => {
  it.each([
    ['iperf 3.12 (cJSON 1.7.15)\nLinux nas 6.1.0 #1 SMP x86_64', { major: 3, minor: 12 }],
    ['iperf 3.1.3\n', { major: 3, minor: 1 }],
    ['iperf 3.9+ (cJSON 1.7.13)', { major: 3, minor: 9 }],
    ['iperf 3.21\n', { major: 3, minor: 21 }],
    ['iperf version 2.0.13 (21 Jan 2019) pthreads', null],
    ['', null],
  ])('%j', (text, version) => {
    expect(parseIperfVersion(text)).toEqual(version);
  });
});

describe('the address the server binds to', () => {
  it('binds to IP addresses, not to names or IPv6 link-local addresses', () => {
    expect(bindableAddress('192.168.1.20')).toBe('192.168.1.20');
    expect(bindableAddress('2001:db8::20')).toBe('2001:db8::20');
    expect(bindableAddress('nas.local')).toBeUndefined();
    expect(bindableAddress('fe80::1%en0')).toBeUndefined();
    expect(bindableAddress('fe80::1')).toBeUndefined();
    expect(bindableAddress(undefined)).toBeUndefined();
  });
});

describe('the server script', () => {
  it('iperf3 3.11+: one test, its own idle timeout, on the bind address only, in place of the shell', () => {
    const script = serverScript({
      iperf3Path: '/opt/bin/iperf3',
      port: 5201,
      bindAddress: '192.168.1.20',
      idleTimeoutSeconds: 60,
      extraArgs: [],
    });
    const argv = ['/opt/bin/iperf3', '--server', '--one-off', '--forceflush', '--port', '5201'];
    expect(script).toBe(`exec ${shellCommand([...argv, '--bind', '192.168.1.20', '--idle-timeout', '60'])}`);
  });

  it('older iperf3: no --idle-timeout, a watchdog instead', () => {
    const script = serverScript({
      iperf3Path: 'iperf3',
      port: 5201,
      idleTimeoutSeconds: 60,
      watchdogSeconds: 100,
      extraArgs: [],
    });
    expect(script).not.toMatch(/idle-timeout/);
    expect(script).toMatch(/left=100; while/);
  });

  it('with --idle-timeout, a server whose SSH connection died exits when idle', async () => {
    const { pgid } = await runScript({ bindAddress: '127.0.0.1', idleTimeoutSeconds: 2, extraArgs: [] });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(groupAlive(pgid)).toBe(true);
    expect(await secondsUntilGone(pgid, 5)).toBeLessThan(5);
  });

  it.each(shells)(
    '$name: the watchdog ends the server, then itself, when the time is up and nobody is there to stop it',
    async ({ shell }) => {
      const { pgid } = await runScript(
        {
          bindAddress: '127.0.0.1',
          idleTimeoutSeconds: 1,
          watchdogSeconds: 2,
          extraArgs: [],
        },
        shell,
      );
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(groupAlive(pgid)).toBe(true);
      expect(await secondsUntilGone(pgid, 5)).toBeLessThan(5);
    },
  );

  it('the watchdog goes with the server after a normal test, and with the group on stop', async () => {
    const served = await runScript({ idleTimeoutSeconds: 1, watchdogSeconds: 60, extraArgs: [] });
    await new Promise<void>((resolve) =>
      execFile(iperf3, ['-c', '127.0.0.1', '-p', String(served.port), '-t', '1'], () => resolve()),
    );
    // Gone long before its 60 s watchdog would end it (the bound leaves room for a busy machine, not a timing claim).
    expect(await secondsUntilGone(served.pgid, 15)).toBeLessThan(15);
    const stopped = await runScript({ idleTimeoutSeconds: 1, watchdogSeconds: 60, extraArgs: [] });
    killGroup(stopped.pgid, 'SIGTERM'); // what NasLogin's stop does first
    expect(await secondsUntilGone(stopped.pgid, 15)).toBeLessThan(15);
  }, 45_000);

  it.each(shells)(
    '$name, -F: the file stops at its limit whatever the sender sends',
    async ({ shell }) => {
      const dir = await tempDir('iperf-file-limit');
      const file = path.join(dir, 'received.bin');
      const limit = 2 * 1024 * 1024;
      const { port, pgid } = await runScript(
        { idleTimeoutSeconds: 5, maxFileBytes: limit, extraArgs: ['-F', file] },
        shell,
      );
      await new Promise<void>((resolve) =>
        execFile(iperf3, ['-c', '127.0.0.1', '-p', String(port), '-n', '32M'], () => resolve()),
      );
      expect(await secondsUntilGone(pgid, 15)).toBeLessThan(15);
      expect((await stat(file)).size).toBe(limit);
      await rm(dir, { recursive: true, force: true });
    },
    30_000,
  );
});
