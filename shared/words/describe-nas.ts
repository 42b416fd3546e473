import type { ClientFacts, LinkType, NasFacts, NasVendor, RefusedTool } from '../contract/probe';
import { formatBytes } from '../util/units';
import type { TermId } from './glossary';

/**
 * What the probe found, in the words a person would use: "2 × 1 GbE bonded (LACP 802.3ad,
 * layer2+3 hash)" rather than field names. Pure, so screens, reports and the CLI say the same.
 */

type NasInterface = NasFacts['interfaces'][number];
type NasBond = NasFacts['bonds'][number];
export interface Fact {
  label: string;
  value: string;
  /** The glossary entry that explains the label, when it is an expert's word ("MTU"). */
  term?: TermId;
}

/** Ethernet is sold in GbE; Wi-Fi, Thunderbolt and virtual links are not Ethernet, so they get Gb/s. */
export function describeLinkSpeed(mbps: number | null, kind: LinkType = 'ethernet'): string {
  if (mbps === null || !Number.isFinite(mbps) || mbps <= 0) return 'speed unknown';
  if (mbps < 1000) return `${Math.round(mbps)} Mb/s`;
  const gigabits = `${Number((mbps / 1000).toFixed(1))}`;
  return kind === 'ethernet' || kind === 'usb-ethernet' || kind === 'unknown' ? `${gigabits} GbE` : `${gigabits} Gb/s`;
}

const bondModes: Record<string, string> = {
  '802.3ad': 'LACP 802.3ad',
  'balance-alb': 'adaptive load balancing, balance-alb',
  'balance-tlb': 'transmit load balancing, balance-tlb',
  'balance-rr': 'round robin, balance-rr',
  'balance-xor': 'static XOR, balance-xor',
  'active-backup': 'failover only, active-backup',
  broadcast: 'broadcast',
};

/** "2 × 1 GbE bonded (LACP 802.3ad, layer2+3 hash)": the members' speeds, not the bond's sum. */
export function describeBond(bond: NasBond, interfaces: readonly NasInterface[]): string {
  const speeds = bond.slaves.map((name) => interfaces.find((iface) => iface.name === name)?.speedMbps ?? null);
  const known = speeds.filter((speed): speed is number => speed !== null && speed > 0);
  let members: string;
  if (speeds.length === 0) members = 'no links';
  else if (known.length === speeds.length && new Set(known).size === 1) {
    members = `${speeds.length} × ${describeLinkSpeed(known[0] ?? null)}`;
  } else if (known.length === speeds.length) members = known.map((speed) => describeLinkSpeed(speed)).join(' + ');
  else members = `${speeds.length} ${speeds.length === 1 ? 'link' : 'links'}`;
  const how = [
    bond.mode ? (bondModes[bond.mode] ?? bond.mode) : null,
    bond.hashPolicy ? `${bond.hashPolicy} hash` : null,
  ].filter((part) => part !== null);
  return `${members} bonded${how.length > 0 ? ` (${how.join(', ')})` : ''}`;
}

const stateWords: Record<NasInterface['state'], string> = { up: 'up', down: 'down', unknown: 'state unknown' };

/** "eth0 · 2.5 GbE · 192.168.1.20 · up" */
export function describeInterface(iface: NasInterface): string {
  // A virtual port's speed is a placeholder: say what it is instead of a number nobody should believe.
  const parts = [iface.name, iface.virtual ? 'virtual link' : describeLinkSpeed(iface.speedMbps)];
  if (iface.addresses.length > 0) parts.push(iface.addresses.join(', '));
  parts.push(stateWords[iface.state]);
  return parts.join(' · ');
}

/** Containers, VMs and tunnels: not a way in from the LAN, so they would only hide the real links. */
const internalInterface = /^(lo|docker|veth|virbr|lxcbr|br-|vnet|tap|tun|sit|ip6tnl|gre|ipip|dummy|cni|flannel)/;

/**
 * The NAS's network links: each bond as one line (its members are folded in), then the other
 * interfaces. `hidden` names the internal ones left out, so the screen can say so.
 */
export function describeLinks(nas: Pick<NasFacts, 'interfaces' | 'bonds'>): { links: string[]; hidden: string[] } {
  const inBond = new Set(nas.bonds.flatMap((bond) => bond.slaves));
  const links: string[] = [];
  const hidden: string[] = [];
  for (const bond of nas.bonds) {
    const self = nas.interfaces.find((iface) => iface.name === bond.name);
    const parts = [bond.name, describeBond(bond, nas.interfaces)];
    if (self && self.addresses.length > 0) parts.push(self.addresses.join(', '));
    if (self) parts.push(stateWords[self.state]);
    links.push(parts.join(' · '));
  }
  for (const iface of nas.interfaces) {
    if (inBond.has(iface.name) || nas.bonds.some((bond) => bond.name === iface.name)) continue;
    if (internalInterface.test(iface.name)) hidden.push(iface.name);
    else links.push(describeInterface(iface));
  }
  return { links, hidden };
}

const linkKinds: Record<LinkType, string> = {
  wifi: 'Wi-Fi',
  ethernet: 'Ethernet',
  'usb-ethernet': 'USB Ethernet adapter',
  thunderbolt: 'Thunderbolt',
  virtual: 'virtual link',
  unknown: 'unknown',
};

export function describeLinkKind(kind: LinkType): string {
  return linkKinds[kind];
}

/** Wi-Fi signal strength in words; the thresholds are the usual rules of thumb for steady throughput. */
export function describeWifiSignal(signalDbm: number): string {
  const quality = signalDbm >= -60 ? 'good' : signalDbm >= -70 ? 'fair' : 'weak';
  return `${signalDbm} dBm (${quality})`;
}

/**
 * "5 GHz": the band a Wi-Fi link uses, from its frequency. Never from the channel alone: 6 GHz
 * channels reuse the numbers of both other bands. Null when unknown.
 */
export function wifiBand(wifi: { frequencyMhz?: number | null }): string | null {
  const mhz = wifi.frequencyMhz ?? null;
  if (mhz === null) return null;
  if (mhz >= 2400 && mhz < 2500) return '2.4 GHz';
  if (mhz >= 5150 && mhz < 5925) return '5 GHz';
  if (mhz >= 5925 && mhz < 7125) return '6 GHz';
  return null;
}

/** The NAS port that holds `address` (the probe may list addresses with their /prefix). */
export function portHolding(interfaces: readonly NasInterface[], address: string): NasInterface | undefined {
  return interfaces.find((port) => port.addresses.some((held) => held.split('/')[0] === address));
}

/** "How this computer reaches it": the local interface and address, the kind of link and its speed. */
export function describeClientRoute(route: ClientFacts['route']): Fact[] {
  const facts: Fact[] = [
    { label: 'Interface', value: route.interface ?? 'not found', term: 'interface' },
    { label: 'Address', value: route.localAddress ?? 'not found' },
    { label: 'Kind', value: describeLinkKind(route.type) },
    { label: 'Speed', value: describeLinkSpeed(route.speedMbps, route.type) },
  ];
  if (route.mtu) facts.push({ label: 'MTU', value: String(route.mtu), term: 'mtu' });
  const wifi = route.wifi;
  if (wifi?.ssid) facts.push({ label: 'Wi-Fi network', value: wifi.ssid });
  if (wifi && wifi.signalDbm !== null) {
    facts.push({ label: 'Signal', value: describeWifiSignal(wifi.signalDbm), term: 'dbm' });
  }
  if (wifi && wifi.channel !== null) facts.push({ label: 'Channel', value: String(wifi.channel) });
  const band = wifi ? wifiBand(wifi) : null;
  if (band) facts.push({ label: 'Band', value: band });
  if (wifi?.txRateMbps) facts.push({ label: 'Wi-Fi link rate', value: `${Math.round(wifi.txRateMbps)} Mb/s` });
  return facts;
}

export interface ToolStatus {
  name: 'fio' | 'iperf3';
  /** "fio 3.33", "fio was not found" (it may be installed off the PATH: the hints say), or "fio was found but not run" */
  text: string;
  present: boolean;
}

/**
 * fio and iperf3 with their versions, or missing; the install hints come from the probe, worded for
 * that NAS (a refused copy's sentence is in its hint). `refused` words every other program found
 * and not run (ethtool, zpool…, or a test tool's refused copy when another copy ran).
 */
export function describeTools(
  tools: NasFacts['tools'],
  installHints: readonly string[],
  refusedTools: readonly RefusedTool[] = [],
): { tools: ToolStatus[]; hints: string[]; refused: string[] } {
  const statuses = (['fio', 'iperf3'] as const).map((name): ToolStatus => {
    const found = tools[name];
    if (found) return { name, present: true, text: `${name} ${found.version}` };
    const refused = refusedTools.some((tool) => tool.tool === name);
    return { name, present: false, text: refused ? `${name} was found but not run` : `${name} was not found` };
  });
  const hints = statuses.every((tool) => tool.present) ? [] : [...installHints];
  const refused = refusedTools.map(describeRefusedTool).filter((line) => !hints.some((hint) => hint.includes(line)));
  return { tools: statuses, hints, refused };
}

/**
 * "A fio was found in /opt/bin, but other users can write to /opt/bin, so NASBench did not run it."
 * `at` is what broke the rule: the file itself, a folder above it, or where its symlink led.
 */
export function describeRefusedTool(refused: RefusedTool): string {
  const folder = refused.path.slice(0, refused.path.lastIndexOf('/')) || '/';
  const article = /^[aeiou]/i.test(refused.tool) ? 'An' : 'A';
  const what = refused.at === refused.path ? 'that file' : refused.at;
  const reason =
    refused.why === 'writable by others' ? `other users can write to ${what}` : `${what} belongs to another user`;
  return `${article} ${refused.tool} was found in ${folder}, but ${reason}, so NASBench did not run it.`;
}

const vendorNames: Record<NasVendor, string> = {
  synology: 'Synology',
  qnap: 'QNAP',
  truenas: 'TrueNAS',
  unraid: 'Unraid',
  terramaster: 'TerraMaster',
  asustor: 'ASUSTOR',
  omv: 'openmediavault',
  ugreen: 'UGREEN',
  macos: 'Apple',
  freebsd: 'FreeBSD',
  linux: 'Linux',
  unknown: '',
};
/** Vendors whose model names are their own (DS920+, TS-453D); elsewhere the model is the board. */
const applianceVendors: readonly NasVendor[] = ['synology', 'qnap', 'terramaster', 'asustor', 'ugreen'];

/** The name to show (the NAS's host name, else the address typed) and "Synology DS920+ · DSM 7.2.1-69057". */
export function describeNasIdentity(nas: Pick<NasFacts, 'hostname' | 'os' | 'model'>, address: string) {
  const vendor = vendorNames[nas.os.vendor];
  let model = nas.model;
  if (model && applianceVendors.includes(nas.os.vendor) && !model.toLowerCase().startsWith(vendor.toLowerCase())) {
    model = `${vendor} ${model}`;
  }
  const system = [nas.os.name ?? (vendor || null), nas.os.version].filter(Boolean).join(' ') || 'unknown system';
  return { name: nas.hostname ?? address, summary: [model, system].filter(Boolean).join(' · ') };
}

/** "Intel Celeron J4125 CPU @ 2.00GHz, 4 cores": the trademark marks only get in the way of reading. */
export function describeCpu(cpu: NasFacts['cpu']): string {
  const model =
    cpu.model
      ?.replace(/\((R|TM|C)\)/gi, '')
      .replace(/\s+/g, ' ')
      .trim() || 'Unknown processor';
  return cpu.cores === null ? model : `${model}, ${cpu.cores} ${cpu.cores === 1 ? 'core' : 'cores'}`;
}

export function describeMemory(memoryBytes: number | null): string {
  return memoryBytes === null ? 'unknown' : formatBytes(memoryBytes);
}

/**
 * The NAS's own facts as the app lists them under its name and the report in its environment: one
 * list with one set of labels, so the two never name a fact differently.
 */
export function describeNasFacts(nas: Pick<NasFacts, 'cpu' | 'memoryBytes'>, address: string): Fact[] {
  return [
    { label: 'Address', value: address },
    { label: 'Processor', value: describeCpu(nas.cpu) },
    { label: 'Memory', value: describeMemory(nas.memoryBytes) },
  ];
}

/** "/volume1 · btrfs · 6.26 TiB free of 10.5 TiB" */
export function describeVolume(volume: NasFacts['volumes'][number]): string {
  const space = `${formatBytes(volume.freeBytes)} free of ${formatBytes(volume.sizeBytes)}`;
  return [volume.mount, volume.fsType ?? 'file system unknown', space].join(' · ');
}

/** Said after a connect that cleaned up after an earlier, interrupted run; null when there was nothing to clean. */
export function describeSweptFolders(folders: readonly string[]): string | null {
  if (folders.length === 0) return null;
  const count = folders.length === 1 ? '1 test folder' : `${folders.length} test folders`;
  return `Removed ${count} left by an earlier run.`;
}

/** Key types as `ssh-keygen -lf` names them, so the user can compare like with like. */
export function describeKeyType(keyType: string): string {
  if (keyType === 'ssh-ed25519') return 'ED25519';
  if (keyType.startsWith('ecdsa-sha2-')) return 'ECDSA';
  if (keyType === 'ssh-rsa' || keyType.startsWith('rsa-sha2-')) return 'RSA';
  return keyType;
}

const hostKeyFiles: Record<string, string> = { ED25519: 'ed25519', ECDSA: 'ecdsa', RSA: 'rsa' };

/** The command that prints this key's fingerprint on the NAS itself. */
export function hostKeyCheckCommand(keyType: string): string {
  const file = hostKeyFiles[describeKeyType(keyType)] ?? '*';
  return `ssh-keygen -lf /etc/ssh/ssh_host_${file}_key.pub`;
}
