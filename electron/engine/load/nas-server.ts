import net from 'node:net';
import { NasbenchError, type AppError } from '../../../shared/contract/errors';
import type { LoadHelper } from '../../../shared/contract/load';
import type { NasFacts } from '../../../shared/contract/probe';
import { fioToolOf } from '../disk';
import { shellCommand, underWatchdog, type NasSession } from '../ssh';
import { controllerFioVersion } from './check-helper';

/** fio's own server port; on the NAS only while the run lasts. */
const nasServerPort = 8765;

/** The NAS as one more computer of a load run: where its fio server listens, or why it cannot take part. */
export type NasLoadHelper =
  { ok: true; helper: LoadHelper; stop(): Promise<void> } | { ok: false; helper: LoadHelper; error: AppError };

/**
 * Starts fio's server on the NAS over the SSH login, for one load run: bound only to the NAS's
 * address on this login's connection (fio's server asks no password, so it listens nowhere else),
 * in the login's own process group, which `stop` kills on the NAS (a watchdog there ends it after
 * the run's time should the link or this app be gone).
 * Its job writes inside `scratchPath`, the run's scratch folder. When the NAS has no fio, or one of
 * another version than this computer's (fio's client and server must match), it does not take part
 * and says why; the other computers still run.
 */
export async function startNasFioServer(
  session: NasSession,
  facts: NasFacts,
  scratchPath: string,
  runSeconds: number,
): Promise<NasLoadHelper> {
  const address = await nasAddressOf(session);
  const helper = { host: address, port: nasServerPort, dir: scratchPath };
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
  const stopper = new AbortController();
  const kind = address.includes(':') ? 'ip6' : 'ip';
  // Ended by `stop`, or by the NAS itself after the run's time should this app or the link be gone.
  const server = shellCommand([fio.path, `--server=${kind}:${address},${nasServerPort}`]);
  const serving = session.run(underWatchdog(server, runSeconds + 120).join('\n'), {
    signal: stopper.signal,
    timeoutMs: (runSeconds + 600) * 1000,
  });
  const ended = serving.then(
    (result) => ({ result }),
    (error: unknown) => ({ error }),
  );
  const stop = async () => {
    stopper.abort(new NasbenchError('CANCELLED', 'The load test is over.', 'Nothing to do.'));
    await ended;
  };
  // Listening once this computer can connect; a server that ends first (port taken) says why.
  for (let tries = 0; tries < 50; tries += 1) {
    const early = await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 200, null))]);
    if (early) {
      const reason = 'result' in (early as object) ? (early as { result: { stderr: string } }).result.stderr : '';
      return refused(
        new NasbenchError(
          'TOOL_MISSING',
          `fio’s server did not start on the NAS: ${reason.trim().slice(0, 200) || 'it ended at once'}.`,
          `Port ${nasServerPort} may be in use on the NAS; leave the NAS out of the load test.`,
        ),
      );
    }
    if (await answers(address, nasServerPort)) return { ok: true, helper, stop };
  }
  await stop();
  return refused(
    new NasbenchError(
      'UNREACHABLE',
      `fio’s server on the NAS did not answer on ${address}:${nasServerPort}.`,
      `The NAS’s firewall may block port ${nasServerPort}; allow it from this computer for the test, or leave the NAS out.`,
    ),
  );
}

/**
 * The NAS's address on this login's connection, from what sshd tells the login ($SSH_CONNECTION:
 * "client port server port"); the address typed to connect when the SSH server says nothing.
 */
async function nasAddressOf(session: NasSession): Promise<string> {
  const said = await session.output('printf %s "${SSH_CONNECTION:-}"').catch(() => '');
  const server = said.trim().split(/\s+/)[2];
  if (server && net.isIP(server)) return server;
  if (net.isIP(session.info.host)) return session.info.host;
  throw new NasbenchError(
    'INVALID_INPUT',
    'Could not tell which address of the NAS this login reached, to start fio’s server only there.',
    'Connect to the NAS by its IP address, or leave the NAS out of the load test.',
  );
}

function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 }, () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
