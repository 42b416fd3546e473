import { NasbenchError } from '../../../shared/errors';
import { shellCommand } from '../ssh/quote';
import type { NasSession } from '../ssh/session';
import { defaultIperfPort } from './protocol';

export interface RemoteIperfServer {
  port: number;
  /** Resolves when the server has exited (after its one test, or when stopped). */
  exited: Promise<void>;
  stop(): Promise<void>;
}

/** Ports we try on the NAS, from iperf3's default upwards. */
const portsToTry = 20;
const listenTimeoutMs = 8_000;

/**
 * Starts `iperf3 -s -1` on the NAS over SSH on a free port and waits until it listens. The
 * server serves one test and exits; `stop()` kills it (and everything it started) if the test
 * never came. Each leg of a multi-link test gets its own server and port.
 */
export async function startRemoteIperfServer(
  session: NasSession,
  options: { firstPort?: number; avoidPorts?: number[]; signal?: AbortSignal; extraArgs?: string[] } = {},
): Promise<RemoteIperfServer> {
  const first = options.firstPort ?? defaultIperfPort;
  for (let port = first; port < first + portsToTry; port++) {
    if (options.avoidPorts?.includes(port)) continue;
    const attempt = await tryPort(session, port, options.extraArgs ?? [], options.signal);
    if (attempt === 'port-in-use') continue;
    return attempt;
  }
  throw new NasbenchError(
    'SERVER_BUSY',
    `No free port for iperf3 between ${first} and ${first + portsToTry - 1} on the NAS.`,
    'Other iperf3 servers may still be running on the NAS; stop them, or restart the NAS.',
  );
}

async function tryPort(
  session: NasSession,
  port: number,
  extraArgs: string[],
  signal?: AbortSignal,
): Promise<RemoteIperfServer | 'port-in-use'> {
  const stopper = new AbortController();
  const onAbort = () => stopper.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  let listening: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (listening = resolve));
  let stderr = '';
  // --forceflush makes "Server listening on PORT" arrive at once instead of at exit.
  const command = shellCommand([
    'iperf3',
    '--server',
    '--one-off',
    '--forceflush',
    '--port',
    String(port),
    ...extraArgs,
  ]);
  const run = session.run(command, {
    signal: stopper.signal,
    timeoutMs: 24 * 3600 * 1000,
    onStdoutLine: (line) => {
      if (/listening on/i.test(line)) listening();
    },
    onStderrLine: (line) => {
      stderr += `${line}\n`;
    },
  });
  const exited = run.then(
    () => undefined,
    () => undefined,
  );
  const outcome = await Promise.race([
    ready.then(() => 'listening' as const),
    exited.then(() => 'exited' as const),
    new Promise<'slow'>((resolve) => setTimeout(() => resolve('slow'), listenTimeoutMs).unref()),
  ]);
  const stop = async () => {
    stopper.abort();
    await exited;
    signal?.removeEventListener('abort', onAbort);
  };
  if (outcome === 'listening') return { port, exited, stop };
  await stop();
  if (/in use/i.test(stderr)) return 'port-in-use';
  if (/not found|No such file/i.test(stderr)) {
    throw new NasbenchError(
      'TOOL_MISSING',
      'iperf3 is not installed on this NAS.',
      'See the install hints on the NAS details; meanwhile NASBench can measure over SSH, as a lower bound.',
    );
  }
  throw new NasbenchError(
    'TIMEOUT',
    `iperf3 did not start on the NAS (port ${port}).`,
    stderr.trim().split('\n').at(-1) ?? 'Try again.',
  );
}
