import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { NasbenchError } from '../../../shared/contract/errors';
import {
  isMixedJob,
  isRandomJob,
  readPercentOf,
  writesData,
  type ShareJob,
} from '../../../shared/kinds/share/profiles';
import { parseFioReport, summarizeFioReport } from '../disk';
import { throwIfCancelled } from '../copy';
import type { PassOutcome } from './io-pool';

const run = promisify(execFile);

/** fio on this computer: where it is, its version and the I/O engine used for queue depth here. */
export interface LocalFio {
  path: string;
  version: string;
  /** libaio (Linux), posixaio (macOS, BSD), windowsaio: the engines that keep Q I/Os in flight from one thread. */
  asyncEngine: 'libaio' | 'posixaio' | 'windowsaio';
}

/** fio on this computer's PATH, or null when it is not installed (Linux packages, Homebrew, the Windows installer). */
export async function findLocalFio(platform: NodeJS.Platform = process.platform): Promise<LocalFio | null> {
  const path = platform === 'win32' ? 'fio.exe' : 'fio';
  const found = await run(path, ['--version'], { timeout: 10_000 }).catch(() => null);
  if (!found) return null;
  const version = fioVersionOf(found.stdout);
  const asyncEngine = platform === 'linux' ? 'libaio' : platform === 'win32' ? 'windowsaio' : 'posixaio';
  return { path, version, asyncEngine };
}

/** "3.33" from `fio --version`'s "fio-3.33"; the line as it is when it has another form. */
export function fioVersionOf(stdout: string): string {
  return /fio-(\S+)/.exec(stdout)?.[1] ?? stdout.trim().slice(0, 40);
}

export function fioMissing(): NasbenchError {
  return new NasbenchError(
    'TOOL_MISSING',
    'fio is not installed on this computer.',
    'Install it (Debian/Ubuntu: apt install fio; macOS: brew install fio; Windows: the installer from github.com/axboe/fio/releases), or run the built-in engine.',
  );
}

/**
 * fio's arguments for one pass of a job on the test file, as KiDiskMark drives it: the asynchronous
 * engine with the queue depth and threads asked for when the cache is bypassed; buffered, where an
 * asynchronous engine would quietly wait for each I/O, one synchronous thread per I/O in flight —
 * the built-in engine's own way, so both keep the same number outstanding.
 */
export function fioPassArgs(
  fio: Pick<LocalFio, 'asyncEngine'>,
  pass: { file: string; fileSize: number; job: ShareJob; seconds: number; unbuffered: boolean },
): string[] {
  const { job } = pass;
  const inFlight = pass.unbuffered
    ? [`--ioengine=${fio.asyncEngine}`, `--iodepth=${job.queueDepth}`, `--numjobs=${job.threads}`]
    : ['--ioengine=psync', '--iodepth=1', `--numjobs=${job.queueDepth * job.threads}`];
  return [
    '--name=nasbench-share',
    `--filename=${pass.file}`,
    `--size=${pass.fileSize}`,
    `--rw=${job.rw}`,
    ...(isMixedJob(job) ? [`--rwmixread=${readPercentOf(job)}`] : []),
    `--bs=${job.bs}`,
    ...inFlight,
    `--direct=${pass.unbuffered ? 1 : 0}`,
    `--runtime=${pass.seconds}`,
    '--time_based',
    '--thread',
    '--group_reporting',
    // Random offsets drawn afresh every pass, as the built-in engine draws them; the file exists and stays.
    '--randrepeat=0',
    '--norandommap',
    '--allow_file_create=0',
    ...(writesData(job) ? ['--end_fsync=1'] : []),
    '--output-format=json',
  ];
}

/** One pass of a job through fio; its figures in the built-in engine's terms. */
export async function runFioPass(
  fio: LocalFio,
  pass: { file: string; fileSize: number; job: ShareJob; seconds: number; unbuffered: boolean },
  signal?: AbortSignal,
): Promise<PassOutcome> {
  throwIfCancelled(signal);
  const child = spawn(fio.path, fioPassArgs(fio, pass), { stdio: ['ignore', 'pipe', 'pipe'] });
  const kill = () => child.kill('SIGTERM');
  signal?.addEventListener('abort', kill, { once: true });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  }).finally(() => signal?.removeEventListener('abort', kill));
  throwIfCancelled(signal);
  if (code !== 0)
    // Its words, not a guess at them: the messages fio prints here are about this computer's folder.
    throw new NasbenchError(
      'INTERNAL',
      `fio on this computer stopped (exit ${code}): ${stderr.trim().slice(0, 300)}`,
      'Run the built-in engine, or run the same fio command by hand to see why.',
    );
  const summary = summarizeFioReport(parseFioReport(stdout));
  const ios = summary.iops * summary.seconds;
  return {
    bytes: summary.ioBytes,
    ios,
    seconds: summary.seconds,
    latencyNs: { mean: summary.latencyNs.mean ?? 0, p50: summary.latencyNs.p50 ?? 0, p99: summary.latencyNs.p99 ?? 0 },
    perSecond: [],
  };
}

/** What the run says of its I/O path with fio. */
export function fioPathWords(fio: LocalFio, unbuffered: boolean, random: ShareJob[]): string {
  const engine = unbuffered ? fio.asyncEngine : 'psync (one thread per I/O in flight)';
  const randomNote = random.some(isRandomJob) ? ', random offsets drawn afresh each pass' : '';
  return `fio ${fio.version} on this computer, ${engine}${unbuffered ? ', direct=1' : ', buffered'}${randomNote}`;
}
