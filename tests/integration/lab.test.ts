/**
 * Ground truth for the network lab: the links really run at their shaped rates, and the NAS stand-in really
 * accepts the logins and has (or lacks) the tools the app relies on. Everything else in the integration suite
 * measures against these figures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Client, type ConnectConfig } from 'ssh2';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  nasExec,
  nasListens,
  nasSpawn,
  readHostKey,
  readLab,
  waitForNasPort,
  type LabLeg,
  type LabUser,
} from '../lab/lab';

const lab = readLab();
const IPERF_SECONDS = 3;
/** Seconds of TCP slow start left out of the figures (iperf3 -O); sum_received covers IPERF_SECONDS only. */
const IPERF_OMIT = 1;
/**
 * The machine has two cores shared with whatever else runs; one retry absorbs a burst of other work without
 * loosening the bounds.
 */
const IPERF_TEST = { timeout: 20_000, retry: 1 };

const iperfReport = z.object({
  end: z.object({
    sum_received: z.object({ bits_per_second: z.number() }),
  }),
});

/** Collects a child's output and resolves when it exits. */
function finished(child: ChildProcess): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

function stop(child: ChildProcess | undefined): void {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** Starts a one-shot iperf3 server in the NAS namespace and waits until it listens. */
async function startServer(port: number): Promise<ChildProcess> {
  if (nasListens(port)) {
    throw new Error(
      `Port ${port} is already taken in the NAS namespace: is another integration run measuring? Run one at a time.`,
    );
  }
  const server = nasSpawn(['iperf3', '-s', '-1', '-p', String(port)]);
  try {
    await waitForNasPort(port);
  } catch (err) {
    stop(server);
    throw err;
  }
  return server;
}

/** Runs a native iperf3 client from the host over `leg` and returns the receiver-side rate in Mbit/s. */
async function iperfClient(leg: LabLeg, port: number): Promise<number> {
  const client = spawn(
    'iperf3',
    ['-c', leg.nas, '-B', leg.host, '-p', String(port), '-t', String(IPERF_SECONDS), '-O', String(IPERF_OMIT), '-J'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const killer = setTimeout(() => stop(client), (IPERF_OMIT + IPERF_SECONDS + 10) * 1000);
  try {
    const out = await finished(client);
    if (out.code !== 0)
      throw new Error(`iperf3 client over ${leg.hostIf} exited ${out.code}: ${out.stdout}${out.stderr}`);
    const report = iperfReport.parse(JSON.parse(out.stdout));
    return report.end.sum_received.bits_per_second / 1e6;
  } finally {
    clearTimeout(killer);
    stop(client);
  }
}

/** iperf3 over each leg at the same time, one server per leg on its own port. */
async function measure(legs: readonly { leg: LabLeg; port: number }[]): Promise<number[]> {
  const servers: ChildProcess[] = [];
  try {
    for (const { port } of legs) servers.push(await startServer(port));
    return await Promise.all(legs.map(({ leg, port }) => iperfClient(leg, port)));
  } finally {
    servers.forEach(stop);
  }
}

let singleLegMbit: number | undefined;

describe('lab links run at their shaped rates (native iperf3)', () => {
  it('leg A alone measures 900-1000 Mbit/s', IPERF_TEST, async () => {
    const [mbit] = await measure([{ leg: lab.legs.a, port: 5201 }]);
    console.log(`lab leg A: ${mbit?.toFixed(1)} Mbit/s`);
    expect(mbit).toBeGreaterThanOrEqual(900);
    expect(mbit).toBeLessThanOrEqual(1000);
    singleLegMbit = mbit;
  });

  it('legs A and B in parallel each run 900-1000 Mbit/s and together about twice one leg', IPERF_TEST, async () => {
    const single = singleLegMbit ?? (await measure([{ leg: lab.legs.a, port: 5201 }]))[0] ?? 0;
    const [a = 0, b = 0] = await measure([
      { leg: lab.legs.a, port: 5201 },
      { leg: lab.legs.b, port: 5202 },
    ]);
    console.log(
      `lab legs A+B: ${a.toFixed(1)} + ${b.toFixed(1)} = ${(a + b).toFixed(1)} Mbit/s (single ${single.toFixed(1)})`,
    );
    for (const mbit of [a, b]) {
      expect(mbit).toBeGreaterThanOrEqual(900);
      expect(mbit).toBeLessThanOrEqual(1000);
    }
    expect(a + b).toBeGreaterThanOrEqual(1.85 * single);
  });

  it('the slow leg measures about its 200 Mbit/s', IPERF_TEST, async () => {
    expect(lab.legs.slow.rateMbit).toBe(200);
    const [mbit] = await measure([{ leg: lab.legs.slow, port: 5203 }]);
    console.log(`lab slow leg: ${mbit?.toFixed(1)} Mbit/s`);
    expect(mbit).toBeGreaterThanOrEqual(150);
    expect(mbit).toBeLessThanOrEqual(200);
  });
});

type Auth = 'password' | 'key' | 'passphrase-key';

function connectConfig(user: LabUser, auth: Auth): ConnectConfig {
  const hostKey = readHostKey(lab).blob;
  const base: ConnectConfig = {
    host: lab.legs.a.nas,
    port: lab.ssh.port,
    username: user.name,
    readyTimeout: 10_000,
    // Only ever talk to the lab's own sshd.
    hostVerifier: (key: Buffer) => key.equals(hostKey),
  };
  switch (auth) {
    case 'password':
      return { ...base, password: user.password, tryKeyboard: false };
    case 'key':
      return { ...base, privateKey: readFileSync(user.key) };
    case 'passphrase-key':
      return { ...base, privateKey: readFileSync(user.keyWithPassphrase), passphrase: user.passphrase };
  }
}

/** Logs in with ssh2 and runs one command; resolves with its exit code and output. */
function sshRun(config: ConnectConfig, command: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const conn = new Client();
    let settled = false;
    const finish = (err: Error | undefined, value?: { code: number; stdout: string; stderr: string }) => {
      if (settled) return;
      settled = true;
      conn.end();
      if (err) reject(err);
      else if (value) resolve(value);
    };
    conn.on('error', (err) => finish(err));
    conn.on('ready', () => {
      conn.exec(command, (err, stream) => {
        if (err) return finish(err);
        let stdout = '';
        let stderr = '';
        let code = -1;
        stream.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
        stream.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
        stream.on('exit', (c: number | null) => (code = c ?? -1));
        stream.on('close', () => finish(undefined, { code, stdout, stderr }));
      });
    });
    conn.connect(config);
  });
}

describe('lab NAS logins and tools (ssh2)', () => {
  for (const auth of ['password', 'key', 'passphrase-key'] as const) {
    it(`nbtest logs in with ${auth}`, { timeout: 20_000 }, async () => {
      const r = await sshRun(connectConfig(lab.users.test, auth), 'id -un');
      expect(r.code).toBe(0);
      expect(r.stdout.trim()).toBe('nbtest');
    });
  }

  it('nbnotools lacks fio and iperf3 but has the basics', { timeout: 20_000 }, async () => {
    const user = lab.users.notools;
    expect(user.name).toBe('nbnotools');
    const cfg = connectConfig(user, 'key');
    expect((await sshRun(cfg, 'id -un')).stdout.trim()).toBe('nbnotools');
    expect((await sshRun(cfg, 'command -v fio')).code).not.toBe(0);
    expect((await sshRun(cfg, 'command -v iperf3')).code).not.toBe(0);
    const basics = await sshRun(cfg, 'command -v sh && command -v df && command -v dd && command -v ps');
    expect(basics.code).toBe(0);
    expect(basics.stdout.trim().split('\n')).toHaveLength(4);
  });

  it('nbtest has fio 3.x and iperf3', { timeout: 20_000 }, async () => {
    const cfg = connectConfig(lab.users.test, 'key');
    const fio = await sshRun(cfg, 'fio --version');
    expect(fio.code).toBe(0);
    expect(fio.stdout.trim()).toMatch(/^fio-3\.\d+/);
    const iperf = await sshRun(cfg, 'command -v iperf3');
    expect(iperf.code).toBe(0);
  });
});

describe('lab NAS volumes', () => {
  it('tiny is a 64 MiB tmpfs', { timeout: 20_000 }, () => {
    const r = nasExec(['df', '-B1', '--output=fstype,size,target', lab.tiny]);
    expect(r.code, r.stderr).toBe(0);
    const [fstype, size, target] = (r.stdout.trim().split('\n')[1] ?? '').trim().split(/\s+/);
    expect(fstype).toBe('tmpfs');
    expect(Number(size)).toBe(64 * 1024 * 1024);
    expect(target).toBe(lab.tiny);
  });

  it('share exists and nbtest can write to it (and to tiny) over ssh', { timeout: 20_000 }, async () => {
    const cfg = connectConfig(lab.users.test, 'password');
    const probe = `.lab-probe-${process.pid}`;
    for (const dir of [lab.share, lab.tiny]) {
      const file = `${dir}/${probe}`;
      const r = await sshRun(cfg, `test -d ${dir} && echo hello > ${file} && cat ${file} && rm ${file}`);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.trim()).toBe('hello');
    }
  });
});
