import { NasbenchError, type AppError } from '../../../shared/contract/errors';
import type { LoadHelper } from '../../../shared/contract/load';
import type { NasFacts } from '../../../shared/contract/probe';
import { fioToolOf } from '../disk';
import {
  openLocalTunnelEnd,
  shellCommand,
  shellQuote,
  TunnelRefused,
  underWatchdog,
  type LocalTunnelEnd,
  type NasListener,
  type NasSession,
} from '../ssh';
import { controllerFioVersion } from './check-helper';

/** The NAS as one more computer of a load run: reached through its SSH login, or why it cannot take part. */
export type NasLoadHelper =
  | { ok: true; helper: LoadHelper; tunnel: LocalTunnelEnd; stop(): Promise<void> }
  | { ok: false; helper: LoadHelper; error: AppError };

/** A unix socket's path must fit in `sun_path` (108 bytes on Linux, 104 on the BSDs), with room to spare. */
const longestSocketPath = 100;

/**
 * Starts fio's server on the NAS over the SSH login, for one load run, where only this app can
 * reach it: fio's server asks no password and a job may run shell commands, so it never listens
 * on the NAS's network. It listens on a unix socket inside the run's scratch folder (mode 700:
 * the login's alone), or where the SSH server carries no socket streams (Dropbear) on a port of
 * the NAS's loopback; this computer's fio reaches it through the SSH connection, by a port on
 * 127.0.0.1 that lets through only the controllers this app starts. Where the SSH server forwards
 * nothing, the NAS does not take part and says why: there is no fallback to a network port.
 *
 * fio runs in the scratch folder, so nothing it writes in its working folder lands elsewhere. It
 * is in the login's process group, which `stop` ends (a watchdog on the NAS ends it after the
 * run's time should the link or this app be gone). When the NAS has no fio, or one of another
 * version than this computer's (fio's client and server must match), it does not take part and
 * says why; the other computers still run.
 */
export async function startNasFioServer(
  session: NasSession,
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
  const socketPath = `${scratchPath}/fio.sock`;
  const listeners: NasListener[] = [
    ...(socketPath.length <= longestSocketPath ? [{ socketPath }] : []),
    // A port of the loopback the NAS is unlikely to use; a taken one is tried again elsewhere.
    ...[0, 1, 2].map(() => ({ port: 20_000 + Math.floor(Math.random() * 40_000) })),
  ];
  let lastProblem = 'it ended at once';
  for (const listener of listeners) {
    const started = await serveOn(session, fio.path, scratchPath, listener, runSeconds);
    if (started.ok) {
      const tunnel = await openLocalTunnelEnd(session, listener);
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
    if (started.why === 'no-forwarding' && 'port' in listener) return refused(forwardingRefused());
    lastProblem = started.problem;
  }
  return refused(
    new NasbenchError(
      'TOOL_MISSING',
      `fio’s server did not start on the NAS: ${lastProblem}.`,
      'Run the load test again; if it persists, leave the NAS out of it — the other computers still run.',
    ),
  );
}

type Serving =
  { ok: true; stop(): Promise<void> } | { ok: false; why: 'no-forwarding' | 'did-not-start'; problem: string };

/**
 * fio's server on one listener of the NAS, started in the scratch folder and kept until `stop`;
 * ready once a tunnel through the SSH connection reaches it.
 */
async function serveOn(
  session: NasSession,
  fio: string,
  scratchPath: string,
  listener: NasListener,
  runSeconds: number,
): Promise<Serving> {
  const stopper = new AbortController();
  const where = 'socketPath' in listener ? `sock:${listener.socketPath}` : `ip:127.0.0.1,${listener.port}`;
  const server = shellCommand([fio, `--server=${where}`]);
  const script = [`cd ${shellQuote(scratchPath)} || exit 1`, ...underWatchdog(server, runSeconds + 120)];
  const serving = session.run(script.join('\n'), {
    signal: stopper.signal,
    timeoutMs: (runSeconds + 600) * 1000,
  });
  const ended = serving.then(
    (result) => ({ said: `${result.stderr}\n${result.stdout}`.trim() }),
    (error: unknown) => ({ said: error instanceof Error ? error.message : String(error) }),
  );
  const stop = async () => {
    stopper.abort(new NasbenchError('CANCELLED', 'The load test is over.', 'Nothing to do.'));
    await ended;
  };
  for (let tries = 0; tries < 50; tries += 1) {
    const early = await Promise.race([ended, new Promise<null>((resolve) => setTimeout(resolve, 200, null))]);
    if (early) return { ok: false, why: 'did-not-start', problem: early.said.slice(0, 200) || 'it ended at once' };
    try {
      (await session.openTunnel(listener)).close();
      return { ok: true, stop };
    } catch (error) {
      if (!(error instanceof TunnelRefused)) {
        await stop();
        return { ok: false, why: 'did-not-start', problem: error instanceof Error ? error.message : String(error) };
      }
      if (error.why === 'refused') {
        await stop();
        return { ok: false, why: 'no-forwarding', problem: error.message };
      }
      // Nothing listening yet: fio is still starting.
    }
  }
  await stop();
  return { ok: false, why: 'did-not-start', problem: 'it did not answer within 10 s' };
}

function forwardingRefused(): NasbenchError {
  return new NasbenchError(
    'PERMISSION_DENIED',
    'The NAS’s SSH server does not forward connections for this login, and NASBench reaches fio’s server on the ' +
      'NAS only that way: fio’s server asks no password, so NASBench never opens a port for it on your network.',
    'To include the NAS, allow forwarding for this login on the NAS (OpenSSH: AllowTcpForwarding local; Dropbear: ' +
      'started without -j), or leave the NAS out of the load test — the other computers still run.',
  );
}
