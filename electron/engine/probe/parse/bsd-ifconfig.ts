import type { NasBond, NasInterface } from '../../../../shared/contract/probe';
import type { z } from 'zod';
import { wholeNumber } from './sections';

type Interface = z.infer<typeof NasInterface>;
type Bond = z.infer<typeof NasBond>;

interface Block {
  name: string;
  flags: string[];
  mtu: number | null;
  addresses: string[];
  media: string | null;
  status: string | null;
  laggProto: string | null;
  laggHash: string | null;
  laggPorts: string[];
}

/**
 * FreeBSD's and macOS's `ifconfig -a`, which carries what Linux spreads over sysfs and
 * /proc/net/bonding:
 *   igb0: flags=8843<UP,BROADCAST,RUNNING,SIMPLEX,MULTICAST> metric 0 mtu 1500
 *   	inet 192.168.1.10 netmask 0xffffff00 broadcast 192.168.1.255
 *   	inet6 fe80::1%igb0 prefixlen 64 scopeid 0x1
 *   	media: Ethernet autoselect (1000baseT <full-duplex>)
 *   	status: active
 *   lagg0: … laggproto lacp lagghash l2,l3,l4 / laggport: igb0 flags=1c<ACTIVE,COLLECTING,DISTRIBUTING>
 * Loopback and tunnel pseudo-ports are left out; bridges and laggs stay (they carry addresses).
 */
export function readBsdIfconfig(lines: readonly string[]): { interfaces: Interface[]; bonds: Bond[] } {
  const blocks = splitBlocks(lines);
  const interfaces = blocks.filter((block) => !isPseudoPort(block)).map(toInterface);
  const bonds = blocks.filter((block) => block.laggProto !== null || block.laggPorts.length > 0).map(toBond);
  return { interfaces, bonds };
}

function splitBlocks(lines: readonly string[]): Block[] {
  const blocks: Block[] = [];
  let block: Block | null = null;
  for (const line of lines) {
    // (?![0-9a-fx]): the flags are taken whole, never given back one digit at a time to `.*`.
    const header = /^([A-Za-z][\w.-]*): flags=[0-9a-fx]+(?![0-9a-fx])(?:<([^>]*)>)?(.*)$/.exec(line);
    if (header?.[1] !== undefined) {
      block = {
        name: header[1],
        flags: (header[2] ?? '').split(',').filter(Boolean),
        mtu: wholeNumber(/\bmtu (\d+)/.exec(header[3] ?? '')?.[1]),
        addresses: [],
        media: null,
        status: null,
        laggProto: null,
        laggHash: null,
        laggPorts: [],
      };
      blocks.push(block);
      continue;
    }
    if (block && /^\s/.test(line)) readDetail(block, line.trim());
  }
  return blocks;
}

function readDetail(block: Block, text: string): void {
  const address = /^inet6? ([0-9a-fA-F.:]+)(?:%\S+)?(?:\/\d+)?\s/.exec(`${text} `)?.[1];
  if (address !== undefined) block.addresses.push(address);
  else if (text.startsWith('media:')) block.media = text.slice('media:'.length).trim();
  else if (text.startsWith('status:')) block.status = text.slice('status:'.length).trim();
  else if (text.startsWith('laggproto ')) {
    const [, proto, , hash] = text.split(/\s+/);
    block.laggProto = proto ?? null;
    block.laggHash = text.includes(' lagghash ') ? (hash ?? null) : null;
  } else if (text.startsWith('laggport:')) {
    const port = text.slice('laggport:'.length).trim().split(/\s+/)[0];
    if (port) block.laggPorts.push(port);
  }
}

/** Software ports that move no NAS traffic of their own. */
function isPseudoPort(block: Block): boolean {
  return (
    block.flags.includes('LOOPBACK') ||
    /^(lo|gif|stf|pflog|pfsync|enc|utun|awdl|llw|anpi|ap|ipsec|tun|tap)\d*$/.test(block.name)
  );
}

function toInterface(block: Block): Interface {
  return {
    name: block.name,
    addresses: block.addresses,
    speedMbps: block.status === 'no carrier' || block.status === 'inactive' ? null : mediaSpeed(block.media),
    mtu: block.mtu,
    state: portState(block),
  };
}

function portState(block: Block): Interface['state'] {
  if (block.status === 'active') return 'up';
  if (block.status === 'no carrier' || block.status === 'inactive') return 'down';
  return block.flags.includes('UP') ? 'unknown' : 'down';
}

/**
 * The negotiated speed in the parentheses of `media:` (the part before them is what was asked for):
 * "Ethernet autoselect (1000baseT <full-duplex>)" → 1000, "(10Gbase-SR <full-duplex>)" → 10000,
 * "(2500Base-T <full-duplex>)" → 2500, "autoselect (none)" → unknown.
 */
export function mediaSpeed(media: string | null): number | null {
  if (media === null) return null;
  // By index and from the start of a number only: a pattern tried at every `(` or digit of a long run is quadratic.
  const open = media.indexOf('(');
  const close = open < 0 ? -1 : media.indexOf(')', open);
  const active = close < 0 ? media : media.slice(open + 1, close);
  const match = /(?<!\d)(\d+(?:\.\d+)?)\s*(G)?base/i.exec(active);
  if (!match?.[1]) return null;
  const mbps = Number(match[1]) * (match[2] ? 1000 : 1);
  return Number.isFinite(mbps) && mbps > 0 ? Math.round(mbps) : null;
}

/** lagg(4) protocols in the words Linux bonding uses, so verdicts treat an LACP group alike everywhere. */
const laggModes: Record<string, string> = {
  lacp: '802.3ad',
  failover: 'active-backup',
  loadbalance: 'balance-xor',
  roundrobin: 'balance-rr',
  broadcast: 'broadcast',
};

function toBond(block: Block): Bond {
  const proto = block.laggProto;
  return {
    name: block.name,
    mode: proto === null ? null : (laggModes[proto] ?? proto),
    // FreeBSD's own words ("l2,l3,l4"): no Linux policy hashes on all three layers at once.
    hashPolicy: block.laggHash,
    slaves: block.laggPorts,
  };
}
