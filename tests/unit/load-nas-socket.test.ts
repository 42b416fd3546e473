import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { ClientChannel } from 'ssh2';
import { fioClientArg } from '../../electron/engine/load/controller';
import { nasFioServerScript, socketFolderOf } from '../../electron/engine/load/nas-server-script';
import { openLocalTunnelEnd } from '../../electron/engine/ssh/tunnel';
import type { NasLogin } from '../../electron/engine/ssh/login';
import { lineSplitter } from '../../electron/engine/ssh/lines';
import { tempDir } from './helpers';

/**
 * The NAS's fio server for a load run, and this computer's end of the tunnel to it, on this machine:
 * the script run by /bin/sh as the NAS runs it (with this machine's fio), and the tunnel's end with a
 * stand-in for the SSH connection that carries each connection to a local unix socket. Another account
 * is `nobody` (these tests run as root, as the lab's do).
 */

const ended = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

/** The script started in a process group of its own, as the NAS's SSH server starts each command. */
function startScript(scratch: string, seconds: number): { child: ChildProcess; folder: Promise<string> } {
  const child = spawn('/bin/sh', ['-c', nasFioServerScript('fio', scratch, seconds)], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // As a cancelled run ends it (TERM to the group): the script removes its folder on the way out.
  onTestFinished(async () => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
    process.kill(-child.pid, 'SIGTERM');
    await ended(child);
  });
  const folder = new Promise<string>((resolve, reject) => {
    let found: string | null = null;
    const lines = lineSplitter((line) => {
      found ??= socketFolderOf(line);
      if (line === 'nasbench-fio-listening' && found) resolve(found);
    });
    child.stdout?.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the script ended (${code}) before fio listened`)));
  });
  return { child, folder };
}

/**
 * A null-engine job through fio's client (writes nothing): fio's own output, and how it ended. Not
 * spawnSync: the tunnel's end relays in this process, whose event loop must keep running.
 */
function fioClient(
  server: Parameters<typeof fioClientArg>[0],
  jobFolder: string,
  asUser?: string,
): Promise<{ code: number | null; said: string }> {
  const job = path.join(jobFolder, 'null.fio');
  writeFileSync(job, '[null]\nioengine=null\nrw=write\nbs=4k\nsize=1m\n');
  const argv = ['fio', '--output-format=terse', fioClientArg(server), job];
  const child = spawn(asUser ? 'runuser' : 'fio', asUser ? ['-u', asUser, '--', ...argv] : argv.slice(1), {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let said = '';
  child.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, said });
    }),
  );
}

/** fio processes whose command line names this folder. */
function fioIn(folder: string): string[] {
  const ps = spawnSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).stdout.split('\n');
  return ps.filter((line) => line.startsWith('fio ') && line.includes(folder));
}

describe("the NAS's fio server for a load run (its script, on this machine's sh and fio)", () => {
  it('listens only on a socket in a fresh private folder, refuses another account, and leaves nothing when its watchdog ends it', async () => {
    const scratch = await tempDir('nas-scratch');
    const { child, folder: ready } = startScript(scratch, 3);
    const folder = await ready;
    expect(folder).toMatch(/^\/tmp\/nasbench-fio\.[A-Za-z0-9]{6}$/);
    const mode = statSync(folder);
    expect(mode.isDirectory()).toBe(true);
    expect(mode.mode & 0o777).toBe(0o700);
    expect(mode.uid).toBe(process.getuid?.());
    const socketPath = `${folder}/fio.sock`;
    expect(statSync(socketPath).isSocket()).toBe(true);
    // fio's server makes its socket open to all (umask 0): the folder is what keeps another account out.
    expect(statSync(socketPath).mode & 0o777).toBe(0o777);
    const stranger = await fioClient({ socketPath }, await tempDir('nas-job-other'), 'nobody');
    expect(stranger.code).not.toBe(0);
    expect(stranger.said).toMatch(/connect; Permission denied/);
    // The login's own client gets through.
    const own = await fioClient({ socketPath }, scratch);
    expect(own.code, own.said).toBe(0);
    expect(own.said).toMatch(/^3;fio-/m);
    // Nothing of the script's on any TCP or UDP port of this machine, loopback included (its own process
    // group: other tests may run fio servers of their own here).
    const group = spawnSync('ps', ['-eo', 'pid=,pgid='], { encoding: 'utf8' })
      .stdout.split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter(([, pgid]) => pgid === String(child.pid))
      .map(([pid]) => pid);
    expect(group.length).toBeGreaterThanOrEqual(2);
    const ports = spawnSync('ss', ['-Hltunp'], { encoding: 'utf8' }).stdout.split('\n');
    expect(ports.filter((line) => group.some((pid) => line.includes(`pid=${pid},`)))).toEqual([]);
    // … and its one unix socket is the one in its folder.
    const sockets = spawnSync('ss', ['-Hlxp'], { encoding: 'utf8' }).stdout.split('\n');
    const ours = sockets.filter((line) => group.some((pid) => line.includes(`pid=${pid},`)));
    expect(ours.map((line) => line.trim().split(/\s+/)[4])).toEqual([socketPath]);
    // The watchdog ends fio after its 3 s: the script goes, and its folder with it.
    await ended(child);
    expect(existsSync(folder)).toBe(false);
    expect(fioIn(folder)).toEqual([]);
  }, 20_000);

  it('removes its folder when the run is cancelled (TERM to its process group)', async () => {
    const scratch = await tempDir('nas-scratch-cancel');
    const { child, folder: ready } = startScript(scratch, 60);
    const folder = await ready;
    expect(existsSync(folder)).toBe(true);
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    expect(await ended(child)).toBe(143);
    expect(existsSync(folder)).toBe(false);
    expect(fioIn(folder)).toEqual([]);
  }, 20_000);
});

describe("this computer's end of the tunnel to the NAS's fio", () => {
  it("is a socket in a private folder that this computer's fio reaches with sock:, and goes when closed", async () => {
    const scratch = await tempDir('nas-scratch-tunnel');
    const { folder: ready } = startScript(scratch, 30);
    const nasSocket = `${await ready}/fio.sock`;
    // The SSH connection's part, played by this machine: each tunnel is a connection to the NAS's socket.
    const session = {
      openTunnel: () =>
        new Promise<ClientChannel>((resolve, reject) => {
          const socket = net.connect(nasSocket, () =>
            resolve(Object.assign(socket, { close: () => socket.destroy() }) as unknown as ClientChannel),
          );
          socket.once('error', reject);
        }),
    } as unknown as NasLogin;
    const tunnel = await openLocalTunnelEnd(session, { socketPath: nasSocket });
    if (!('socketPath' in tunnel)) throw new Error('on Linux the tunnel ends in a unix socket');
    const folder = path.dirname(tunnel.socketPath);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(tunnel.socketPath.length).toBeLessThanOrEqual(100);
    const stranger = await fioClient({ socketPath: tunnel.socketPath }, await tempDir('nas-job-other'), 'nobody');
    expect(stranger.said).toMatch(/connect; Permission denied/);
    const own = await fioClient({ socketPath: tunnel.socketPath }, scratch);
    expect(own.code, own.said).toBe(0);
    expect(own.said).toMatch(/^3;fio-/m);
    await tunnel.close();
    expect(existsSync(folder)).toBe(false);
  }, 30_000);
});
