import { randomBytes } from 'node:crypto';
import { NasbenchError, type AppError } from '../../../shared/contract/errors';
import { shellQuote } from '../../../shared/util/shell-words';
import type { LoadHelper } from '../../../shared/contract/load';
import type { NasFacts } from '../../../shared/contract/probe';
import { fioToolOf } from '../disk';
import { openLocalTunnelEnd, TunnelRefused, type LocalTunnelEnd, type NasLogin } from '../ssh';
import { controllerFioVersion } from './check-helper';
import { listeningLine, nasFioServerScript, scriptRefusals, socketFolderOf } from './nas-server-script';

/** The NAS as one more computer of a load run: reached through its SSH login, or why it cannot take part. */
export type NasLoadHelper =
  | { ok: true; helper: LoadHelper; tunnel: LocalTunnelEnd; stop(): Promise<void> }
  | { ok: false; helper: LoadHelper; error: AppError };

/** How long fio's server may take to start on the NAS (it binds in milliseconds; a busy NAS, a slow login). */
const startBoundMs = 20_000;

/**
 * Starts fio's server on the NAS over the SSH login, for one load run, where only this app can
 * reach it: fio's server asks no password and a job may run shell commands, so it listens on no
 * address of the NAS, loopback included, only on a unix socket in a private folder of the login's
 * (nas-server-script.ts), and this computer's fio reaches it through the SSH connection. Where the
 * SSH server carries no connections to a unix socket (Dropbear, OpenSSH with stream-local
 * forwarding off), the NAS does not take part and says why: there is no fallback to a
 * port, not even on the NAS's loopback, where every account and container of the NAS could reach it.
 *
 * fio runs in the scratch folder, so nothing it writes in its working folder lands elsewhere. It
 * is in the login's process group, which `stop` ends (a watchdog on the NAS ends it after the
 * run's time should the link or this app be gone). When the NAS has no fio, or one of another
 * version than this computer's (fio's client and server must match), it does not take part and
 * says why; the other computers still run.
 */
export async function startNasFioServer(
  session: NasLogin,
  facts: NasFacts,
  scratchPath: string,
  runSeconds: number,
): Promise<NasLoadHelper> {
  const helper = { host: session.info.host, port: session.info.port, dir: scratchPath };
  const refused = (error: NasbenchError): NasLoadHelper => ({ ok: false, helper, error: error.toJSON() });
  const fio = fioToolOf(facts);
  if (!fio)
    return refused(
      new NasbenchError(
        'TOOL_MISSING',
        'fio is not installed on the NAS.',
        facts.installHints.join(' ') || 'Install fio on the NAS.',
      ),
    );
  // This computer's says "fio-3.33"; the probe keeps the NAS's as "3.33".
  const here = await controllerFioVersion();
  const there = facts.tools.fio ? `fio-${facts.tools.fio.version.replace(/^fio-/, '')}` : null;
  if (here && there && here !== there)
    return refused(
      new NasbenchError(
        'TOOL_MISSING',
        `The NAS has ${there}, this computer ${here}: fio’s client and server need the same version.`,
        'Install the same fio version on this computer as on the NAS, or leave the NAS out of the load test.',
      ),
    );
  // Asked before anything starts on the NAS: an SSH server that knows no such connections says so at once.
  if ((await unixStreamsCarried(session)) === false) return refused(unixStreamsRefused());
  const started = await serve(session, fio.path, scratchPath, runSeconds);
  if (!started.ok) return refused(started.error);
  const tunnel = await openLocalTunnelEnd(session, { socketPath: started.socketPath }).catch(async (error: unknown) => {
    await started.stop();
    throw error;
  });
  return {
    ok: true,
    helper,
    tunnel,
    stop: async () => {
      await tunnel.close();
      await started.stop();
    },
  };
}

/**
 * Whether the SSH server carries a connection to a unix socket on the NAS, asked with one that leads
 * nowhere (a folder no one made): "nothing there" means it would; a refusal means it would not. ssh2
 * asks only OpenSSH for such connections (its `strictVendor`, on by default), so any other server is
 * refused here without a word on the wire — Dropbear before 2024.84 knows no such connection anyway.
 * OpenSSH answers its own refusal as it answers "nothing there", so that case shows only once fio's
 * socket is there (see serve).
 */
async function unixStreamsCarried(session: NasLogin): Promise<boolean> {
  try {
    (await session.openTunnel({ socketPath: `/.nasbench-none-${randomBytes(8).toString('hex')}/none.sock` })).close();
    return true;
  } catch (error) {
    if (error instanceof TunnelRefused) return error.why === 'nothing-listening';
    throw error;
  }
}

type Serving = { ok: true; socketPath: string; stop(): Promise<void> } | { ok: false; error: NasbenchError };

/** fio's server on the NAS, kept until `stop`; ready once its socket is there and a tunnel reaches it. */
async function serve(session: NasLogin, fio: string, scratchPath: string, runSeconds: number): Promise<Serving> {
  const stopper = new AbortController();
  let folder: string | null = null;
  let listening: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (listening = resolve));
  const serving = session.run(nasFioServerScript(fio, scratchPath, runSeconds + 120), {
    signal: stopper.signal,
    timeoutMs: (runSeconds + 600) * 1000,
    onStdoutLine: (line) => {
      folder ??= socketFolderOf(line);
      if (line === listeningLine && folder) listening();
    },
  });
  const ended = serving.then(
    (result) => ({ code: result.code, said: `${result.stderr}\n${result.stdout}`.trim() }),
    (error: unknown) => ({ code: null, said: error instanceof Error ? error.message : String(error) }),
  );
  const stop = async () => {
    stopper.abort(new NasbenchError('CANCELLED', 'The load test is over.', 'Nothing to do.'));
    await ended;
    // The script's EXIT trap removes its folder, but a script killed outright (its stop escalated on a busy
    // NAS) runs no trap: the folder the script named, and only that, is removed once more over the login.
    if (folder) await session.run(`rm -rf ${shellQuote(folder)}`, { timeoutMs: 10_000 }).catch(() => undefined);
  };
  const failed = async (error: NasbenchError): Promise<Serving> => {
    await stop();
    return { ok: false, error };
  };
  let timer: NodeJS.Timeout | undefined;
  const first = await Promise.race([
    ready.then(() => null),
    ended,
    new Promise<'late'>((resolve) => (timer = setTimeout(resolve, startBoundMs, 'late'))),
  ]);
  clearTimeout(timer);
  if (first === 'late') return failed(didNotStart(`it did not answer within ${startBoundMs / 1000} s`));
  if (first) return failed(endedEarly(first.code, first.said));
  const socketPath = `${folder ?? ''}/fio.sock`;
  try {
    (await session.openTunnel({ socketPath })).close();
  } catch (error) {
    // fio's socket is there (the NAS said so): a refusal now is the SSH server's, whatever it calls it.
    if (error instanceof TunnelRefused) return failed(unixStreamsRefused());
    return failed(didNotStart(error instanceof Error ? error.message : String(error)));
  }
  return { ok: true, socketPath, stop };
}

function endedEarly(code: number | null, said: string): NasbenchError {
  if (code === scriptRefusals.noPrivatePlace)
    return new NasbenchError(
      'PERMISSION_DENIED',
      'The NAS has no private place for fio’s socket: /tmp (and the login’s TMPDIR) is missing, too long a path, ' +
        'or a folder other accounts could swap NASBench’s folder in.',
      'Check that /tmp on the NAS is a folder with the sticky bit (mode 1777, owned by root), or leave the NAS out ' +
        'of the load test — the other computers still run.',
    );
  if (code === scriptRefusals.noMktemp)
    return new NasbenchError(
      'TOOL_MISSING',
      'The NAS could not make a private folder for fio’s socket (mktemp -d failed or is missing).',
      'Check that mktemp works on the NAS and /tmp has room, or leave the NAS out of the load test — the other ' +
        'computers still run.',
    );
  return didNotStart(said.slice(0, 200) || 'it ended at once');
}

function didNotStart(problem: string): NasbenchError {
  return new NasbenchError(
    'TOOL_MISSING',
    `fio’s server did not start on the NAS: ${problem}.`,
    'Run the load test again; if it persists, leave the NAS out of it — the other computers still run.',
  );
}

function unixStreamsRefused(): NasbenchError {
  return new NasbenchError(
    'PERMISSION_DENIED',
    'The NAS’s SSH server does not forward connections to a unix socket for this login, and NASBench reaches ' +
      'fio’s server on the NAS only that way: fio’s server asks no password and runs the commands a job names, so ' +
      'NASBench never lets it listen on a port — not even the NAS’s loopback, which every account and container on ' +
      'the NAS can reach. OpenSSH forwards them unless AllowStreamLocalForwarding or DisableForwarding forbid it; ' +
      'NASBench asks no other SSH server (Dropbear, as NAS firmwares ship it) for them.',
    'To include the NAS, log in through OpenSSH with AllowStreamLocalForwarding yes or local (its default), or ' +
      'leave the NAS out of the load test — the other computers still run.',
  );
}
