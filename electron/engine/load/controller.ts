import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { NasbenchError } from '../../../shared/contract/errors';
import type { LoadHelper } from '../../../shared/contract/load';
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

/** Where a controller connects: a helper's fio server, or this computer's end of a tunnel to the NAS's. */
export type ServerAddress = Pick<LoadHelper, 'host' | 'port'>;

/** fio's way of naming a server: "ip:HOST,PORT", "ip6:ADDRESS,PORT". */
export const fioClientArg = (server: ServerAddress) =>
  `--client=${server.host.includes(':') ? 'ip6' : 'ip'}:${server.host},${server.port}`;

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
    const output = await readFile(outputFile, 'utf8').catch(() => '');
    return { ...ended, output };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function spawnController(options: ControllerOptions, args: string[]): Promise<Omit<ControllerRun, 'output'>> {
  return new Promise((resolve, reject) => {
    const child = spawn(options.fio, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    let stdout = '';
    let pending = '';
    let firstRateAt: number | null = null;
    let stoppedBy: ControllerRun['stoppedBy'] = 'end';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      stdout += text;
      pending += text;
      const lines = pending.split(/\r\n|\r|\n/);
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const rate = progressRate(line);
        if (rate === null) continue;
        firstRateAt ??= Date.now();
        options.onRate?.(rate);
      }
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
      resolve({ stdout, exitCode, firstRateAt, stoppedBy });
    });
  });
}
