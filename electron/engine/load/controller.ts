import { spawn } from 'node:child_process';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { NasbenchError } from '../../../shared/contract/errors';
import type { LoadHelper } from '../../../shared/contract/load';
import { KeptOutput, lineSplitter, maxKeptChars } from '../ssh';
import { progressRate } from './fio-output';

/** What one fio controller run left: its output file (greeting, terse lines, complaints) and how it ended. */
export interface ControllerRun {
  output: string;
  stdout: string;
  exitCode: number | null;
  /** When its first progress line with a rate came (ms since the epoch): the job was running. */
  firstRateAt: number | null;
  stoppedBy: 'end' | 'cancel' | 'watchdog';
}

export interface ControllerOptions {
  fio: string;
  signal: AbortSignal;
  /** The helper's live rate, bytes/s, as fio's progress lines give it. */
  onRate?: (bytesPerSecond: number) => void;
  /** Past this, the helper is taken for lost (a computer that vanished leaves fio waiting). */
  watchdogMs: number;
}

/** fio is not on this computer: it is what drives the other computers' fio servers. */
export function fioMissingHere(): NasbenchError {
  return new NasbenchError(
    'TOOL_MISSING',
    'fio is not installed on this computer: it drives the other computers’ fio servers.',
    'Install fio here (Debian/Ubuntu: sudo apt install fio; macOS: brew install fio; Windows: the installer from github.com/axboe/fio/releases), the same version as on the other computers.',
  );
}

/**
 * Where a controller connects: a helper's fio server, or this computer's end of a tunnel to the
 * NAS's (a unix socket in a private folder; a port on 127.0.0.1 on Windows).
 */
export type ServerAddress = Pick<LoadHelper, 'host' | 'port'> | { socketPath: string };

/** fio's way of naming a server: "ip:HOST,PORT", "ip6:ADDRESS,PORT", "sock:PATH". */
export const fioClientArg = (server: ServerAddress) =>
  'socketPath' in server
    ? `--client=sock:${server.socketPath}`
    : `--client=${server.host.includes(':') ? 'ip6' : 'ip'}:${server.host},${server.port}`;

/**
 * Runs one job file on one fio server through this computer's fio (`fio --client`), one controller
 * per helper so that a helper that fails or vanishes ends only its own controller. Cancel sends
 * SIGINT, on which fio tells its server to stop the job.
 */
export async function runController(
  server: ServerAddress,
  job: string,
  options: ControllerOptions,
): Promise<ControllerRun> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'nasbench-load-'));
  try {
    const jobFile = path.join(folder, 'job.fio');
    const outputFile = path.join(folder, 'output.txt');
    await writeFile(jobFile, job);
    // This computer's own options come before --client: fio sends the options after it to that
    // server, whose fio would then open this computer's --output path on its own disk (a file
    // outside any scratch folder there; or, where that folder does not exist, a complaint that
    // reads like a failed job).
    const args = [
      '--output-format=normal,terse',
      `--output=${outputFile}`,
      '--eta=always',
      '--eta-newline=1',
      '--eta-interval=1',
      fioClientArg(server),
      jobFile,
    ];
    const ended = await spawnController(options, args);
    const output = await readStart(outputFile, maxKeptChars).catch(() => '');
    return { ...ended, output };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function spawnController(options: ControllerOptions, args: string[]): Promise<Omit<ControllerRun, 'output'>> {
  return new Promise((resolve, reject) => {
    const child = spawn(options.fio, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    // What the helper's fio sends through this fio is outside text: kept bounded, split in linear time.
    const stdout = new KeptOutput();
    let firstRateAt: number | null = null;
    let stoppedBy: ControllerRun['stoppedBy'] = 'end';
    const lines = lineSplitter((line) => {
      const rate = progressRate(line);
      if (rate === null) return;
      firstRateAt ??= Date.now();
      options.onRate?.(rate);
    });
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    const onData = (text: string) => {
      stdout.push(text);
      // fio rewrites its progress line with a bare \r between the ones it ends with a line break.
      lines.push(text.replaceAll('\r', '\n'));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    const stop = (why: ControllerRun['stoppedBy']) => {
      stoppedBy = why;
      // fio takes SIGINT as "tell the servers to stop"; one that comes while it is still connecting
      // can go unheard, so it is repeated each second, and fio still running after 10 s is ended outright.
      child.kill('SIGINT');
      const again = setInterval(() => child.kill('SIGINT'), 1000);
      const hard = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('close', () => {
        clearInterval(again);
        clearTimeout(hard);
      });
    };
    const onAbort = () => stop('cancel');
    options.signal.addEventListener('abort', onAbort, { once: true });
    const watchdog = setTimeout(() => stop('watchdog'), options.watchdogMs);
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(watchdog);
      options.signal.removeEventListener('abort', onAbort);
      reject(error.code === 'ENOENT' ? fioMissingHere() : error);
    });
    child.once('close', (exitCode) => {
      clearTimeout(watchdog);
      options.signal.removeEventListener('abort', onAbort);
      resolve({ stdout: stdout.text, exitCode, firstRateAt, stoppedBy });
    });
  });
}

/** The start of a file, at most `maxBytes` of it: fio's output file holds what a helper's server sent. */
async function readStart(file: string, maxBytes: number): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(Math.min(maxBytes, (await handle.stat()).size));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}
