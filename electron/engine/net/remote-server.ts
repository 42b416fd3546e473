import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { NasbenchError } from '../../../shared/contract/errors';
import { shellCommand, underWatchdog, type NasLogin } from '../ssh';
import { defaultIperfPort } from './protocol';

export interface RemoteIperfServer {
  port: number;
  /** The NAS address it listens on; null when it had to listen on all of them (see startRemoteIperfServer). */
  boundTo: string | null;
  /** Resolves when the server has exited (after its one test, or when stopped). */
  exited: Promise<void>;
  stop(): Promise<void>;
}

export interface RemoteIperfServerOptions {
  /** The NAS address the client will connect to (an IP address): the server listens there only (iperf3 --bind). */
  bindAddress?: string;
  /** The iperf3 the probe found; some NASes keep it outside the PATH (/opt/bin/iperf3). */
  iperf3Path?: string;
  /** How long the test runs once connected (time + omit): a watchdog for old iperf3 must outlast it. */
  testSeconds?: number;
  /** How long the server waits for its client before it exits by itself. */
  idleTimeoutSeconds?: number;
  /** With `-F FILE` in extraArgs: the most the server may write to that file (the scratch space planned for it). */
  maxFileBytes?: number;
  firstPort?: number;
  avoidPorts?: number[];
  signal?: AbortSignal;
  extraArgs?: string[];
}

/**
 * The server only waits for its client this long: iperf3 counts the idle timeout only until a
 * client connects (state IPERF_START), never during a test. The client connects once every leg's
 * server listens, normally within a second; each start may take up to listenTimeoutMs (20 s), so
 * 60 s covers several legs on a slow NAS, while the listener a crashed app leaves on the LAN is
 * gone within a minute.
 */
export const defaultIdleTimeoutSeconds = 60;
/** Without testSeconds, the watchdog allows the longest test NASBench runs (shared/contract/network.ts: 3600 s). */
const longestTestSeconds = 3600;
/** Watchdog time beyond idle + test: connecting the streams and exchanging results (the client allows 15 s + 15 s). */
export const watchdogMarginSeconds = 30;

/** Ports we try on the NAS, from iperf3's default upwards. */
const portsToTry = 20;
/**
 * How long a server's start may take (the SSH channel, the script, iperf3 binding): normally under a
 * second, but much longer on a busy machine (docs/measured-constants.md). Waiting longer costs only a
 * server that will never listen.
 */
const listenTimeoutMs = 20_000;

/**
 * Starts `iperf3 -s` on the NAS over SSH on a free port and waits until it listens. Nothing it
 * opens outlives the test, even if this app dies: it listens on the test's address only, serves
 * one test (`--one-off`) and exits, and exits by itself if no client comes (`--idle-timeout`, or
 * a watchdog for iperf3 older than 3.11). `stop()` kills it (and everything it started) if the
 * test never came. Each leg of a multi-link test gets its own server and port.
 */
export async function startRemoteIperfServer(
  session: NasLogin,
  options: RemoteIperfServerOptions = {},
): Promise<RemoteIperfServer> {
  const iperf3Path = options.iperf3Path ?? 'iperf3';
  const version = await remoteIperfVersion(session, iperf3Path, options.signal);
  const idleTimeoutSeconds = options.idleTimeoutSeconds ?? defaultIdleTimeoutSeconds;
  const plan = {
    iperf3Path,
    idleTimeoutSeconds,
    // iperf3 3.10 knows --idle-timeout, but with --one-off it restarts instead of exiting (fixed in 3.11).
    ...(version && atLeast(version, 3, 11)
      ? {}
      : { watchdogSeconds: idleTimeoutSeconds + (options.testSeconds ?? longestTestSeconds) + watchdogMarginSeconds }),
    ...(options.maxFileBytes !== undefined ? { maxFileBytes: options.maxFileBytes } : {}),
    extraArgs: options.extraArgs ?? [],
  };
  let bindAddress = bindableAddress(options.bindAddress);
  const start = async (port: number): Promise<RemoteIperfServer | 'port-in-use'> => {
    const attempt = await tryPort(session, { ...plan, port, bindAddress }, options.signal);
    if (attempt !== 'address-not-on-nas') return attempt;
    // The client reaches the NAS through address translation (a router's port forward, a
    // container), so that address is not the NAS's own: listen on all of its addresses, still
    // for one test and with the idle timeout.
    bindAddress = undefined;
    return start(port);
  };
  const first = options.firstPort ?? defaultIperfPort;
  for (let port = first; port < first + portsToTry; port++) {
    if (options.avoidPorts?.includes(port)) continue;
    const attempt = await start(port);
    if (attempt !== 'port-in-use') return attempt;
  }
  throw new NasbenchError(
    'SERVER_BUSY',
    `No free port for iperf3 between ${first} and ${first + portsToTry - 1} on the NAS.`,
    'Other iperf3 servers may still be running on the NAS; stop them, or restart the NAS.',
  );
}

export interface ServerScriptPlan {
  iperf3Path: string;
  port: number;
  bindAddress?: string | undefined;
  idleTimeoutSeconds: number;
  /** Set for an iperf3 that cannot end itself when idle: a watchdog stops it after this many seconds. */
  watchdogSeconds?: number;
  maxFileBytes?: number;
  extraArgs: string[];
}

/** The sh script that runs the server on the NAS (pure, so it can be read and tested). */
export function serverScript(plan: ServerScriptPlan): string {
  // --forceflush makes "Server listening on PORT" arrive at once instead of at exit.
  const server = shellCommand([
    plan.iperf3Path,
    '--server',
    '--one-off',
    '--forceflush',
    '--port',
    String(plan.port),
    ...(plan.bindAddress ? ['--bind', plan.bindAddress] : []),
    ...(plan.watchdogSeconds === undefined ? ['--idle-timeout', String(plan.idleTimeoutSeconds)] : []),
    ...plan.extraArgs,
  ]);
  const limits =
    plan.maxFileBytes === undefined
      ? []
      : [
          // A sender that does not stop (or a stranger on the LAN who got to the port first) cannot
          // fill the NAS: past this size the kernel stops iperf3 (SIGXFSZ). ulimit -f counts 512-byte
          // blocks in every POSIX sh (bash as sh too); no core file from that signal. Never below
          // 1 MiB: iperf3 keeps each stream's buffer (up to its 1 MiB block size) in a temporary file.
          'ulimit -c 0 2>/dev/null',
          `ulimit -f ${Math.ceil(Math.max(plan.maxFileBytes, 1024 * 1024) / 512)} || { echo 'NASBench could not limit the size of its test file (ulimit -f).' >&2; exit 1; }`,
        ];
  if (plan.watchdogSeconds === undefined) return [...limits, `exec ${server}`].join('\n');
  // An iperf3 that cannot end itself when idle: the watchdog ends it, even when the SSH link is gone.
  return [...limits, ...underWatchdog(server, plan.watchdogSeconds)].join('\n');
}

export interface IperfVersion {
  major: number;
  minor: number;
}

const versions = new WeakMap<NasLogin, Map<string, IperfVersion | null>>();

/** `iperf3 --version` on the NAS (once per session and path); null when it cannot be read. */
export async function remoteIperfVersion(
  session: NasLogin,
  iperf3Path: string,
  signal?: AbortSignal,
): Promise<IperfVersion | null> {
  const known = versions.get(session)?.get(iperf3Path);
  if (known !== undefined) return known;
  const result = await session.run([iperf3Path, '--version'], { timeoutMs: 15_000, ...(signal ? { signal } : {}) });
  if (result.code === 127 || /not found|No such file/i.test(result.stderr)) throw toolMissing();
  const version = parseIperfVersion(result.stdout);
  const perSession = versions.get(session) ?? new Map<string, IperfVersion | null>();
  perSession.set(iperf3Path, version);
  versions.set(session, perSession);
  return version;
}

/** "iperf 3.12 (cJSON 1.7.15)", "iperf 3.1.3", "iperf 3.9+": major and minor. */
export function parseIperfVersion(text: string): IperfVersion | null {
  const match = /\biperf\s+(\d+)\.(\d+)/.exec(text);
  return match ? { major: Number(match[1]), minor: Number(match[2]) } : null;
}

function atLeast(version: IperfVersion, major: number, minor: number): boolean {
  return version.major > major || (version.major === major && version.minor >= minor);
}

/**
 * The address to bind to: IP addresses only, since a name can mean something else on the NAS
 * (Debian maps its own hostname to 127.0.1.1). IPv6 link-local addresses need a scope the NAS
 * names differently (and iperf3 would read `%en0` as a device), so those listen unbound.
 */
export function bindableAddress(address: string | undefined): string | undefined {
  if (!address || net.isIP(address) === 0) return undefined;
  if (net.isIPv6(address) && /^fe[89ab]/i.test(address)) return undefined;
  return address;
}

/**
 * The address the client will connect to, looked up once so that the server binds to the very
 * address the client uses (IPv4 first: every home network has it). A name that does not resolve
 * is kept: connecting will report it.
 */
export async function resolveNasAddress(host: string): Promise<string> {
  if (net.isIP(host) !== 0) return host;
  return lookup(host, { order: 'ipv4first' }).then(
    (found) => found.address,
    () => host,
  );
}

async function tryPort(
  session: NasLogin,
  plan: ServerScriptPlan,
  signal?: AbortSignal,
): Promise<RemoteIperfServer | 'port-in-use' | 'address-not-on-nas'> {
  const stopper = new AbortController();
  const onAbort = () => stopper.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  let listening: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (listening = resolve));
  let stderr = '';
  const run = session.run(serverScript(plan), {
    signal: stopper.signal,
    timeoutMs: 24 * 3600 * 1000,
    onStdoutLine: (line) => {
      if (/listening on/i.test(line)) listening();
    },
    onStderrLine: (line) => {
      // Its first words are what says why it did not start; a server that runs on for a day keeps no more.
      if (stderr.length < 64 * 1024) stderr += `${line}\n`;
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
  if (outcome === 'listening') return { port: plan.port, boundTo: plan.bindAddress ?? null, exited, stop };
  await stop();
  if (/in use/i.test(stderr)) return 'port-in-use';
  if (plan.bindAddress && /assign requested address/i.test(stderr)) return 'address-not-on-nas';
  if (/not found|No such file/i.test(stderr)) throw toolMissing();
  throw new NasbenchError(
    'TIMEOUT',
    `iperf3 did not start on the NAS (port ${plan.port}).`,
    stderr.trim().split('\n').at(-1) || 'Try again.',
  );
}

function toolMissing(): NasbenchError {
  return new NasbenchError(
    'TOOL_MISSING',
    'iperf3 is not installed on this NAS.',
    'See the install hints on the NAS details; meanwhile NASBench can measure over SSH, as a lower bound.',
  );
}
