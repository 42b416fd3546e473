import dgram from 'node:dgram';
import { lookup } from 'node:dns/promises';
import { readFile, realpath } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import si from 'systeminformation';
import type { ClientFacts, LinkType } from '../../../shared/contract/probe';
import { readClientDrives } from './this-computer-drives';
import { bondOfBondingFile } from './parse/network';

type InterfaceInfo = Pick<
  si.Systeminformation.NetworkInterfacesData,
  'iface' | 'ip4' | 'ip6' | 'type' | 'virtual' | 'speed' | 'internal'
> & { mtu?: number | null; duplex?: string };

/** Where the client facts come from; tests pass their own. */
export interface ClientSources {
  localAddressFor(host: string): Promise<string | null>;
  interfaces(): Promise<InterfaceInfo[]>;
  /** Where the adapter hangs: on USB, nowhere (a virtual link), or elsewhere (PCI, SoC, unknown). */
  busOf(iface: string): Promise<'usb' | 'virtual' | 'other'>;
  wifi(iface: string): Promise<ClientFacts['route']['wifi']>;
  /** This computer's built-in drives (none where the OS would not say). */
  drives?(): Promise<NonNullable<ClientFacts['drives']>>;
  /** The interface's /proc/net/bonding file when it is a Linux bond; null otherwise. */
  bonding?(iface: string): Promise<string | null>;
}

/**
 * The client's side of the link to a NAS: which local interface and address the OS would
 * use to reach it, what kind of link that is, and how fast it claims to be.
 */
export async function probeThisComputer(host: string, sources: ClientSources = systemSources): Promise<ClientFacts> {
  const localAddress = await sources.localAddressFor(host).catch(() => null);
  const interfaces = await sources.interfaces().catch(() => []);
  const match = localAddress
    ? interfaces.find((info) => info.ip4 === localAddress || info.ip6 === localAddress)
    : undefined;
  const name = match?.iface ?? null;
  const bus = name ? await sources.busOf(name).catch(() => 'other' as const) : 'other';
  const type = match ? classifyLink(match, bus) : 'unknown';
  const wifi = name && type === 'wifi' ? await sources.wifi(name).catch(() => null) : null;
  const bonding = name ? await sources.bonding?.(name).catch(() => null) : null;
  return {
    os: { platform: os.platform(), release: os.release() },
    memoryBytes: os.totalmem(),
    drives: (await sources.drives?.().catch(() => [])) ?? [],
    route: {
      interface: name,
      localAddress,
      type,
      speedMbps: match?.speed && match.speed > 0 ? match.speed : null,
      mtu: match?.mtu && match.mtu > 0 ? match.mtu : null,
      // Only a cable has a duplex to get wrong: Wi-Fi takes turns by design, a virtual link has none.
      duplex:
        type !== 'wifi' && type !== 'virtual' && (match?.duplex === 'full' || match?.duplex === 'half')
          ? match.duplex
          : null,
      bond: name && bonding ? bondOfBondingFile(name, bonding.split(/\r?\n/)) : null,
      wifi,
    },
  };
}

const virtualNames = /^(veth|docker|br-|virbr|vmnet|vboxnet|tun|tap|wg|utun|zt|tailscale|lo)/i;
const thunderboltNames = /thunderbolt|^tbt/i;

/** Wi-Fi, a USB Ethernet adapter, built-in Ethernet, … in the words the verdicts use. */
export function classifyLink(info: InterfaceInfo, bus: 'usb' | 'virtual' | 'other'): LinkType {
  if (info.type === 'wireless') return 'wifi';
  if (bus === 'usb') return 'usb-ethernet';
  if (thunderboltNames.test(info.iface)) return 'thunderbolt';
  if (bus === 'virtual' || info.internal || info.virtual || virtualNames.test(info.iface)) return 'virtual';
  if (info.type === 'wired') return 'ethernet';
  return 'unknown';
}

/** The local address the OS routes to `host` from, found by connecting a UDP socket (which sends nothing). */
async function localAddressFor(host: string): Promise<string | null> {
  const address = net.isIP(host) ? host : (await lookup(host)).address;
  const socket = dgram.createSocket(net.isIPv6(address) ? 'udp6' : 'udp4');
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.connect(9, address, () => resolve());
    });
    return socket.address().address;
  } finally {
    socket.close();
  }
}

const systemSources: ClientSources = {
  localAddressFor,
  drives: readClientDrives,
  interfaces: async () => {
    const list = await si.networkInterfaces();
    return Array.isArray(list) ? list : [list];
  },
  async busOf(iface) {
    // Linux: the interface's sysfs entry sits under its bus (…/usb1/…) or under devices/virtual.
    // Other systems: systeminformation's own flags are all we have.
    if (process.platform !== 'linux' || !/^[\w.-]+$/.test(iface)) return 'other';
    const device = await realpath(`/sys/class/net/${iface}`).catch(() => '');
    if (device.includes('/devices/virtual/')) return 'virtual';
    return /\/usb\d*\//.test(device) ? 'usb' : 'other';
  },
  async bonding(iface) {
    if (process.platform !== 'linux' || !/^[\w.-]+$/.test(iface)) return null;
    // A kernel file of a few KiB: read whole, and no more than this of anything else found there.
    const text = await readFile(`/proc/net/bonding/${iface}`, 'utf8').catch(() => null);
    return text === null ? null : text.slice(0, 64 * 1024);
  },
  async wifi(iface) {
    const connections = await si.wifiConnections();
    const connection = connections.find((entry) => entry.iface === iface) ?? connections[0];
    if (!connection) return null;
    const known = (value: number | null | undefined) => (Number.isFinite(value) && value ? value : null);
    return {
      ssid: connection.ssid || null,
      signalDbm: Number.isFinite(connection.signalLevel) ? connection.signalLevel : null,
      channel: known(connection.channel),
      frequencyMhz: known(connection.frequency),
      txRateMbps: known(connection.txRate),
    };
  },
};
