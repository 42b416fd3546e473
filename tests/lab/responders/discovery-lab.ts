/**
 * Test-side helpers for discovery in the lab: responders in the NAS namespace, the built CLI and a
 * packet capture in the client namespace (whose only link leads to the NAS, so nothing discovery
 * sends can leave the machine). Never run discovery in the host's own namespace.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readLab } from '../lab';

const repo = path.resolve(__dirname, '../../..');
export const builtCli = path.join(repo, 'out/main/cli.js');
/** Extra NAS-side addresses on the client link, so each lab "device" answers from its own address. */
export const extraNasAddresses = ['198.18.9.3', '198.18.9.4'];

export function addNasAddresses(): void {
  const lab = readLab();
  for (const address of extraNasAddresses) {
    run(['ip', 'netns', 'exec', lab.namespace, 'ip', 'addr', 'replace', `${address}/32`, 'dev', lab.client.nasIf]);
  }
}

export function removeNasAddresses(): void {
  const lab = readLab();
  for (const address of extraNasAddresses) {
    spawnSync('ip', ['netns', 'exec', lab.namespace, 'ip', 'addr', 'del', `${address}/32`, 'dev', lab.client.nasIf]);
  }
}

function run(argv: string[]): void {
  const result = spawnSync(argv[0] as string, argv.slice(1), { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${argv.join(' ')} failed: ${result.stderr}`);
}

/** A process started in a namespace, with its stdout lines as they arrive. */
export interface Spawned {
  child: ChildProcess;
  lines: string[];
  /** SIGTERM, then waits for it to exit (SIGKILL after 3 s). */
  stop(): Promise<void>;
}

function spawnIn(namespace: string, argv: string[], readyLine: RegExp, timeoutMs = 15_000): Promise<Spawned> {
  const child = spawn('ip', ['netns', 'exec', namespace, ...argv], { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let stderr = '';
  let buffered = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(killer);
    }
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${argv.join(' ')} was not ready after ${timeoutMs} ms: ${stderr}`));
    }, timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (readyLine.test(line)) {
          clearTimeout(timer);
          resolve({ child, lines, stop });
        }
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${argv.join(' ')} exited (${code}) before it was ready: ${stderr}`));
    });
  });
}

/** Starts tests/lab/responders/lab-nas.ts inside the NAS namespace with these arguments. */
export function startResponders(args: string[]): Promise<Spawned> {
  const script = 'tests/lab/responders/lab-nas.ts';
  return spawnIn(readLab().namespace, ['node', '--require', 'tsx/cjs', script, ...args], /"ready":true/);
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  seconds: number;
  json: () => Record<string, unknown>;
}

/** Runs the built CLI inside the client namespace. */
export function runCliInClient(args: string[]): Promise<CliRun> {
  if (!existsSync(builtCli) || !readFileSync(builtCli, 'utf8').includes('discover')) {
    throw new Error(`${builtCli} is missing or older than the discover command: run npx electron-vite build`);
  }
  return runInClient(['node', builtCli, ...args]);
}

/** Runs the engine's contract (startDiscovery, devicesChanged) inside the client namespace. */
export function runEngineInClient(dataDir: string, mode?: 'off' | 'cancel'): Promise<CliRun> {
  const script = 'tests/lab/responders/engine-discover.ts';
  return runInClient(['node', '--require', 'tsx/cjs', script, dataDir, ...(mode ? [mode] : [])]);
}

function runInClient(argv: string[]): Promise<CliRun> {
  const started = performance.now();
  const child = spawn('ip', ['netns', 'exec', readLab().clientNamespace, ...argv], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => {
    child.once('exit', (code) =>
      resolve({
        code: code ?? -1,
        stdout,
        stderr,
        seconds: (performance.now() - started) / 1000,
        json: () => JSON.parse(stdout) as Record<string, unknown>,
      }),
    );
  });
}

export interface CapturedPacket {
  if: string;
  ethertype: number;
  src?: string;
  dst?: string;
  ttl?: number;
  proto?: number;
  sport?: number;
  dport?: number;
}

/** Captures what the client namespace sends while `during` runs (a raw socket; no tcpdump here). */
export async function captureClientTraffic<T>(
  during: () => Promise<T>,
): Promise<{ result: T; packets: CapturedPacket[] }> {
  const capture = await spawnIn(
    readLab().clientNamespace,
    ['python3', 'tests/lab/responders/capture-outgoing.py', '60'],
    /^ready$/,
  );
  try {
    const result = await during();
    await capture.stop();
    const json = capture.lines.find((line) => line.startsWith('['));
    if (!json) throw new Error('the capture printed no packets list');
    return { result, packets: JSON.parse(json) as CapturedPacket[] };
  } finally {
    await capture.stop();
  }
}
