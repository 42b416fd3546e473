import type { NasSession } from '../engine/ssh/session';
import { openDataDir, type GlobalOptions } from './engine-session';
import type { CliIo } from './output';
import { loginFromOptions, type SshLoginOptions } from './ssh-login';

export interface CancelScope {
  /** Aborted on Ctrl+C: the command cancels its test, cleans up on the NAS and still prints what it has. */
  signal: AbortSignal;
}

export interface NasSessionScope extends CancelScope {
  session: NasSession;
  dataDir: string;
}

/** Runs `work` with Ctrl+C turned into a cancel instead of killing the process mid-cleanup. */
export async function withCancelOnCtrlC<T>(work: (scope: CancelScope) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const cancel = () => controller.abort();
  process.once('SIGINT', cancel);
  try {
    return await work({ signal: controller.signal });
  } finally {
    process.removeListener('SIGINT', cancel);
  }
}

/**
 * What every command that tests a NAS does around its test: log in with the command's SSH options,
 * cancel on Ctrl+C, and close the session whatever happens (errors go on to the command, which
 * prints them its own way).
 */
export async function withNasSession<T>(
  login: SshLoginOptions,
  io: CliIo,
  globals: GlobalOptions,
  work: (scope: NasSessionScope) => Promise<T>,
): Promise<T> {
  return withCancelOnCtrlC(async ({ signal }) => {
    const dataDir = await openDataDir(globals, io.env);
    const session = await loginFromOptions(login, io.env, dataDir);
    try {
      return await work({ session, dataDir, signal });
    } finally {
      session.close();
    }
  });
}
