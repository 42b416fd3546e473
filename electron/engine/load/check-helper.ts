import { execFile } from 'node:child_process';
import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { toAppError, type AppError } from '../../../shared/contract/errors';
import type { LoadHelper, LoadHelperCheck } from '../../../shared/contract/load';
import { fioPath } from '../disk';
import { fioMissingHere, runController } from './controller';
import { readGreeting, terseJob } from './fio-output';
import { helperError } from './helper-errors';
import { checkHelperDir } from './job';

/** This computer's fio version ("fio-3.33"), or null when it is not installed. */
export function controllerFioVersion(fio = 'fio'): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(fio, ['--version'], { timeout: 5000, windowsHide: true, encoding: 'utf8' }, (error, stdout) =>
      resolve(error ? null : stdout.trim() || null),
    );
  });
}

/**
 * Asks one computer before a run, writing nothing: a job on fio's null engine (no file is made)
 * whose `directory` fio checks, so the answer says whether the server answers, which fio and system
 * it has, whether it sees the folder, and whether its fio matches this computer's. It also knocks
 * at that computer's other addresses this computer knows (`otherAddresses`: by default, those a
 * name resolves to): a server that answers there too listens on more than the address given.
 */
export async function checkLoadHelper(
  helper: LoadHelper,
  fio = 'fio',
  otherAddresses: (host: string) => Promise<string[]> = addressesOfName,
): Promise<LoadHelperCheck> {
  const controllerVersion = await controllerFioVersion(fio);
  const base = { host: helper.host, port: helper.port, controllerFioVersion: controllerVersion };
  const refused = (error: AppError): LoadHelperCheck => ({ ...base, ok: false, fioVersion: null, os: null, error });
  if (!controllerVersion) return refused(fioMissingHere().toJSON());
  try {
    checkHelperDir(helper);
  } catch (error) {
    return refused(toAppError(error));
  }
  const job = ['[check]', `directory=${fioPath(helper.dir)}`, 'ioengine=null', 'bs=4k', 'size=4k', ''].join('\n');
  const run = await runController(helper, job, { fio, signal: new AbortController().signal, watchdogMs: 15_000 });
  const { fioVersion, os } = readGreeting(run.output);
  const problem = helperError(helper, run, terseJob(run.output, 'check')?.error ?? null);
  if (problem) return { ...base, ok: false, fioVersion, os, error: problem };
  if (fioVersion && fioVersion !== controllerVersion)
    return {
      ...base,
      ok: false,
      fioVersion,
      os,
      error: {
        code: 'TOOL_MISSING',
        message: `${helper.host} runs ${fioVersion}, this computer ${controllerVersion}.`,
        hint: 'fio’s client and server need the same version: install the same one on both.',
      },
    };
  const others = (await otherAddresses(helper.host).catch(() => [])).filter((address) => address !== helper.host);
  const answering = await Promise.all(
    others.map(async (address) => ((await answers(address, helper.port)) ? [address] : [])),
  );
  const alsoAnswersOn = answering.flat();
  return { ...base, ok: true, fioVersion, os, ...(alsoAnswersOn.length > 0 ? { alsoAnswersOn } : {}) };
}

/** The addresses a typed name resolves to (none for an address typed as such). */
async function addressesOfName(host: string): Promise<string[]> {
  if (net.isIP(host)) return [];
  return (await lookup(host, { all: true })).map((found) => found.address);
}

/** Whether something accepts a TCP connection there (the connection is closed at once, nothing is sent). */
function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2000 }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
