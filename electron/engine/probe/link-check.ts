import net from 'node:net';
import type { ClientFacts, LinkCheck, NasFacts } from '../../../shared/contract/probe';
import { portHolding } from '../../../shared/words/describe-nas';
import { linkFindings } from '../../../shared/words/link-check';
import { resolveNasAddress } from '../net';
import type { NasLogin } from '../ssh';

/**
 * The link check: both ends of the link between this computer and the NAS (interface, speed, MTU),
 * and the largest packet that gets from the NAS to this computer whole. Read-only on the NAS: it
 * sends a few pings with don't-fragment set, nothing else.
 */
export async function checkLink(
  session: NasLogin,
  nas: NasFacts,
  client: ClientFacts,
  signal?: AbortSignal,
): Promise<LinkCheck> {
  const port = portHolding(nas.interfaces, await resolveNasAddress(session.info.host));
  const nasMtu = port?.mtu ?? null;
  const clientMtu = client.route.mtu ?? null;
  const clientAddress = client.route.localAddress;
  const pathMtu = clientAddress
    ? await pathMtuFromNas(session, clientAddress, [nasMtu, clientMtu], signal).catch(() => null)
    : null;
  const ends = {
    nasInterface: port?.name ?? null,
    nasMtu,
    nasSpeedMbps: port?.virtual ? null : (port?.speedMbps ?? null),
    nasNegotiation: port?.virtual ? null : (port?.negotiation ?? null),
    clientInterface: client.route.interface,
    clientMtu,
    clientSpeedMbps: client.route.speedMbps,
    clientDuplex: client.route.duplex ?? null,
    pathMtu,
  };
  return { ...ends, findings: linkFindings({ ...ends, clientType: client.route.type }) };
}

/**
 * The largest packet (of the two ends' MTUs, and 1500 between them) that crossed from the NAS to this
 * computer with don't-fragment set, smallest first. Null when even the smallest did not: the NAS's
 * ping cannot set don't-fragment (BusyBox), or this computer does not answer pings (a firewall) —
 * then nothing is known, and nothing is claimed.
 */
async function pathMtuFromNas(
  session: NasLogin,
  clientAddress: string,
  mtus: (number | null)[],
  signal?: AbortSignal,
): Promise<number | null> {
  const known = mtus.filter((mtu): mtu is number => mtu !== null && mtu >= 1280);
  const sizes = [
    ...new Set(
      known.length ? [...known, ...(Math.min(...known) < 1500 && Math.max(...known) > 1500 ? [1500] : [])] : [1500],
    ),
  ];
  sizes.sort((a, b) => a - b);
  const ipv6 = net.isIPv6(clientAddress);
  let crossed: number | null = null;
  for (const size of sizes) {
    // The payload is the packet less its IP (20 or 40 bytes) and ICMP (8 bytes) headers.
    const payload = size - (ipv6 ? 48 : 28);
    const ping = [
      'ping',
      ...(ipv6 ? ['-6'] : []),
      '-c',
      '1',
      '-W',
      '1',
      '-M',
      'do',
      '-s',
      String(payload),
      clientAddress,
    ];
    const result = await session.run(ping, { timeoutMs: 5_000, ...(signal ? { signal } : {}) });
    if (result.code !== 0) break;
    crossed = size;
  }
  return crossed;
}
