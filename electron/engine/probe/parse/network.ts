import { isIP } from 'node:net';
import type { NasBond, NasInterface } from '../../../../shared/contract/probe';
import type { z } from 'zod';
import { wholeNumber, type ProbeOutput } from './sections';
import { readBsdIfconfig } from './bsd-ifconfig';
import { readIfconfig, type PortAddress } from './ifconfig';
import { readEthtool } from './ethtool';

type Interface = z.infer<typeof NasInterface>;
type Bond = z.infer<typeof NasBond>;

/**
 * Network ports with their addresses: from /sys/class/net and `ip`/`ifconfig` on Linux, from BSD
 * `ifconfig -a` alone on FreeBSD and macOS. The loopback never counts.
 */
export function readInterfaces(probe: ProbeOutput): Interface[] {
  const bsd = bsdIfconfig(probe);
  if (bsd) {
    return bsd.interfaces.map((port) => ({ ...port, addresses: unique(port.addresses.filter(isUsableAddress)) }));
  }
  const byName = new Map<string, Interface>();
  for (const line of probe.lines('interfaces')) {
    const port = /^name=(\S+) operstate=(\S*) mtu=(\S*) speed=(\S*)(?: kind=(\S+))?$/.exec(line);
    if (!port?.[1] || port[1] === 'lo') continue;
    byName.set(port[1], {
      name: port[1],
      addresses: [],
      speedMbps: linkSpeed(port[4]),
      mtu: wholeNumber(port[3]),
      state: linkState(port[2]),
      // Probes from before the kind was printed say nothing either way.
      ...(port[5] ? { virtual: port[5] === 'virtual' || port[5] === 'bridge' } : {}),
    });
  }
  for (const { name, address, mtu, up } of readAddresses(probe)) {
    if (name === 'lo') continue;
    // Without sysfs (odd chroots), ifconfig is all we know about a port.
    const port = byName.get(name) ?? { name, addresses: [], speedMbps: null, mtu, state: up ? 'up' : 'unknown' };
    byName.set(name, port);
    if (address !== null && isUsableAddress(address)) port.addresses.push(address);
  }
  // One set per port, not a search of its list per address: a port listing thousands stays linear.
  for (const port of byName.values()) port.addresses = unique(port.addresses);
  for (const section of probe.all('ethtool')) {
    const port = byName.get(section.arg);
    const read = readEthtool(section.lines.join('\n'));
    // Only a driver that names the agreed speed is believed about the rest (see readEthtool).
    if (!port || read.speedMbps === null) continue;
    const { supportedMbps, advertisedMbps, partnerMbps, duplex } = read;
    port.negotiation = { supportedMbps, advertisedMbps, partnerMbps, duplex };
  }
  return [...byName.values()];
}

/** The kernel writes -1 (or its unsigned form, or 65535 on some drivers) when it does not know. */
function linkSpeed(text: string | undefined): number | null {
  const mbps = wholeNumber(text);
  if (mbps === null || mbps === 0 || mbps === 65535 || mbps >= 4294967295) return null;
  return mbps;
}

function linkState(operstate: string | undefined): Interface['state'] {
  if (operstate === 'up') return 'up';
  if (operstate === 'down' || operstate === 'lowerlayerdown' || operstate === 'notpresent') return 'down';
  return 'unknown';
}

/** Only whole addresses; link-local IPv6 addresses exist on every port and cannot be reached without a zone: not worth showing. */
function isUsableAddress(address: string): boolean {
  return isIP(address) !== 0 && !/^fe[89ab][0-9a-f]:/i.test(address);
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

function bsdIfconfig(probe: ProbeOutput): ReturnType<typeof readBsdIfconfig> | null {
  const section = probe.all('addresses')[0];
  return section?.arg === 'bsd-ifconfig' ? readBsdIfconfig(section.lines) : null;
}

function readAddresses(probe: ProbeOutput): PortAddress[] {
  const section = probe.all('addresses')[0];
  if (!section) return [];
  return section.arg === 'ifconfig' ? readIfconfig(section.lines) : readIpAddr(section.lines);
}

/** `ip -o addr show`: "3: eth0    inet 192.168.1.10/24 brd … scope global eth0\ …". */
function readIpAddr(lines: readonly string[]): PortAddress[] {
  const found: PortAddress[] = [];
  for (const line of lines) {
    // The name ends at its first `@` (eth0@if5) unless that `@` ends the word; spelt out rather than
    // lazily (`\S+?(?:@\S+)?`), which scans the rest of the word again at each character.
    const match = /^\d+:\s+(\S[^\s@]*(?:@(?=\s))?)(?:@\S+)?\s+inet6?\s+([0-9a-fA-F.:]+)\/\d+\s/.exec(line);
    if (match?.[1] && match[2]) found.push({ name: match[1], address: match[2], mtu: null, up: false });
  }
  return found;
}

/** The kernel's names for bonding modes (bond_mode_name) and the short names users configure. */
const bondModes: [RegExp, string][] = [
  [/802\.3ad/i, '802.3ad'],
  [/adaptive load balancing|balance-alb/i, 'balance-alb'],
  [/transmit load balancing|balance-tlb/i, 'balance-tlb'],
  [/round-robin|balance-rr/i, 'balance-rr'],
  [/active-backup/i, 'active-backup'],
  [/\(xor\)|balance-xor/i, 'balance-xor'],
  [/broadcast/i, 'broadcast'],
];

/** Link aggregation groups from /proc/net/bonding (or FreeBSD's lagg ports): how they spread traffic and over which ports. */
export function readBonds(probe: ProbeOutput): Bond[] {
  const bsd = bsdIfconfig(probe);
  if (bsd) return bsd.bonds;
  return probe
    .all('bond')
    .filter((section) => /^\S+$/.test(section.arg))
    .map((section) => bondOfBondingFile(section.arg, section.lines));
}

/** One /proc/net/bonding/NAME file, as Linux writes it on a NAS and on this computer alike. */
export function bondOfBondingFile(name: string, lines: readonly string[]): Bond {
  const field = (label: string): string | null => {
    const line = lines.find((text) => text.startsWith(`${label}:`));
    return line === undefined ? null : line.slice(label.length + 1).trim();
  };
  const modeText = field('Bonding Mode');
  const mode = modeText === null ? null : (bondModes.find(([pattern]) => pattern.test(modeText))?.[1] ?? modeText);
  const hashPolicy = field('Transmit Hash Policy')?.split(/\s+/)[0] ?? null;
  const slaves = lines
    .filter((text) => text.startsWith('Slave Interface:'))
    .map((text) => text.slice('Slave Interface:'.length).trim())
    .filter((slave) => slave !== '');
  return { name, mode, hashPolicy: hashPolicy === '' ? null : hashPolicy, slaves };
}
