import dgram from 'node:dgram';
import { lookup } from 'node:dns/promises';
import net from 'node:net';

/** The way the OS would send traffic to an address: by which local interface, from which local address. */
export interface RouteToServer {
  interface: string | null;
  localAddress: string | null;
}

/**
 * One line of `ip route get ADDR` (iproute2), e.g.
 * `198.18.1.2 dev nbh-a src 198.18.1.1 uid 0`, `203.0.113.5 via 192.0.2.1 dev eth0 src 192.0.2.2 uid 0`,
 * `local 127.0.0.1 dev lo src 127.0.0.1 uid 0` or `fd00::5 from :: dev eth0 proto kernel src fd00::2 metric 256`.
 * Null for anything without a `dev` (an error such as `RTNETLINK answers: No route to host`).
 */
export function parseLinuxRouteGet(text: string): RouteToServer | null {
  for (const line of text.split('\n')) {
    const words = line.trim().split(/\s+/);
    const valueOf = (key: string) => {
      const at = words.indexOf(key);
      return at >= 0 ? (words[at + 1] ?? null) : null;
    };
    const device = valueOf('dev');
    if (device) return { interface: device, localAddress: valueOf('src') };
  }
  return null;
}

/**
 * macOS's `route -n get ADDR`: `key: value` lines, of which `interface:` names the way out. It
 * gives no source address; that comes from the socket (see localAddressFor). Null when the lookup
 * failed (`route: writing to routing socket: not in table`).
 */
export function parseMacRouteGet(text: string): { interface: string } | null {
  for (const line of text.split('\n')) {
    const match = /^\s*interface:\s*(\S+)\s*$/.exec(line);
    if (match?.[1]) return { interface: match[1] };
  }
  return null;
}

/** fe80::1%eth0 → the address and its scope (the interface a link-local address belongs to). */
export function splitScope(address: string): { address: string; scope: string | null } {
  const bare = address.replace(/^\[|\]$/g, '');
  const at = bare.indexOf('%');
  return at < 0 ? { address: bare, scope: null } : { address: bare.slice(0, at), scope: bare.slice(at + 1) || null };
}

/** Where the route lookups come from; passed in so each platform's path can be exercised anywhere. */
export interface RouteSources {
  platform: NodeJS.Platform;
  /** Runs a program directly (never through a shell) and resolves to its stdout. */
  run(program: string, args: string[]): Promise<string>;
  /** Name → address, through the system's resolver (a look-up, nothing is sent to the server). */
  resolve(name: string): Promise<string | null>;
  /** The local address the OS would send from; a UDP socket's connect() sends nothing. */
  localAddressFor(address: string): Promise<string | null>;
}

/** Resolves to null after `ms`: a stuck resolver or routing command must not hold up a copy test. */
function withinMs<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  return Promise.race([promise, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms).unref())]).catch(
    () => null,
  );
}

/** The server's address: an address as is, a name through the resolver (null when it does not resolve). */
export async function addressOfServer(server: string, sources: RouteSources): Promise<string | null> {
  const { address } = splitScope(server);
  if (net.isIP(address) !== 0) return server.replace(/^\[|\]$/g, '');
  return withinMs(sources.resolve(server), 5000);
}

/** The iproute2 binary: on PATH for a shell user, in /usr/sbin or /sbin for an app started from a menu. */
const ipPrograms = ['ip', '/usr/sbin/ip', '/sbin/ip'];

async function linuxRoute(address: string, sources: RouteSources): Promise<RouteToServer | null> {
  const { address: bare, scope } = splitScope(address);
  const args = ['route', 'get', bare, ...(scope ? ['oif', scope] : [])];
  for (const program of ipPrograms) {
    const output = await withinMs(sources.run(program, args), 5000);
    if (output !== null) return parseLinuxRouteGet(output);
  }
  return null;
}

/**
 * The local interface and address traffic to `address` leaves by: `ip route get` on Linux,
 * `route -n get` (and the socket for the address) on macOS. Windows has no command whose output is
 * stable across languages for this; there the interface stays null and only the address is found.
 * Every step is a look-up in this computer's own tables: nothing is sent to the server.
 */
export async function routeToServer(address: string, sources: RouteSources): Promise<RouteToServer> {
  const { address: bare, scope } = splitScope(address);
  if (sources.platform === 'linux') {
    const route = await linuxRoute(address, sources);
    if (route) return route;
  }
  const localAddress = await withinMs(sources.localAddressFor(address), 5000);
  if (sources.platform === 'darwin') {
    const output = await withinMs(sources.run('/sbin/route', ['-n', 'get', bare]), 5000);
    const route = output === null ? null : parseMacRouteGet(output);
    return { interface: route?.interface ?? scope, localAddress };
  }
  return { interface: scope, localAddress };
}

/** The local address the OS routes to `address` from: connecting a UDP socket picks it and sends nothing. */
export async function localAddressFor(address: string): Promise<string | null> {
  const { address: bare } = splitScope(address);
  const socket = dgram.createSocket(net.isIPv6(bare) ? 'udp6' : 'udp4');
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.connect(9, address.replace(/^\[|\]$/g, ''), () => resolve());
    });
    return splitScope(socket.address().address).address;
  } catch {
    return null;
  } finally {
    socket.close();
  }
}

export async function resolveName(name: string): Promise<string | null> {
  return (await lookup(name)).address;
}
