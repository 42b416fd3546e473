import net from 'node:net';
import type { MountedShare } from '../../../shared/contract/copy';
import type { SharePath } from '../../../shared/contract/figure-quality';
import type { ShareRoundTrip } from '../../../shared/contract/share-bench';
import { roundTripFigures } from '../net';

/** The port each protocol's server listens on when the mount names none. */
const protocolPorts: Partial<Record<NonNullable<SharePath['protocol']>, number>> = {
  smb: 445,
  nfs: 2049,
  sshfs: 22,
  afp: 548,
};

/** One TCP handshake to the share's server: SYN out, SYN-ACK back — one round trip, with no login. */
function connectOnce(host: string, port: number, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    const socket = net.connect({ host, port });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('timed out')));
    socket.once('connect', () => {
      resolve(performance.now() - startedAt);
      socket.destroy();
    });
    socket.once('error', reject);
  });
}

/**
 * The share's idle round trip, timed as TCP handshakes to its own server and port (no ICMP, which
 * needs privileges on some systems and is filtered on some NASes): what every small read over the
 * share waits at the least. Null for a folder that is no network share, or a server that did not
 * answer; ten handshakes back to back, before the tests load the link. Back to back, because an
 * idle computer's first packet after a pause waits for its CPUs to wake, which the tests' own I/Os
 * (one after another) never do: spaced out, the "round trip" came out longer than whole 4K reads.
 */
export async function shareRoundTrip(
  path: SharePath,
  share: MountedShare | null,
  signal?: AbortSignal,
): Promise<ShareRoundTrip | null> {
  const host = path.serverAddress ?? share?.address ?? path.server;
  const port = share?.port ?? (path.protocol ? protocolPorts[path.protocol] : undefined);
  if (path.kind !== 'network-share' || !host || !port) return null;
  const times: number[] = [];
  for (let attempt = 0; attempt < 10 && !signal?.aborted; attempt++) {
    const ms = await connectOnce(host, port, 2_000).catch(() => null);
    if (ms === null) return null;
    times.push(ms);
  }
  const figures = roundTripFigures(times);
  return figures ? { ...figures, minMs: Math.min(...times), via: `TCP handshakes to ${host}:${port}` } : null;
}
