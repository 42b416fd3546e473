import type { Answer, Packet } from 'dns-packet';
import type { ServiceKind } from '../../../shared/contract/discovery';

/** The DNS-SD service types discovery asks for, all over TCP. */
export const browsedServiceTypes = [
  '_smb._tcp',
  '_afpovertcp._tcp',
  '_adisk._tcp',
  '_nfs._tcp',
  '_ssh._tcp',
  '_sftp-ssh._tcp',
  '_http._tcp',
  '_https._tcp',
  '_webdav._tcp',
  '_device-info._tcp',
  '_qdiscover._tcp',
  '_workstation._tcp',
] as const;
export type BrowsedServiceType = (typeof browsedServiceTypes)[number];

/** How each service type shows on the Devices screen; `_device-info` only carries hints. */
export const serviceKindOf: Record<BrowsedServiceType, ServiceKind | null> = {
  '_smb._tcp': 'smb',
  '_afpovertcp._tcp': 'afp',
  '_adisk._tcp': 'time-machine',
  '_nfs._tcp': 'nfs',
  '_ssh._tcp': 'ssh',
  '_sftp-ssh._tcp': 'sftp',
  '_http._tcp': 'http',
  '_https._tcp': 'https',
  '_webdav._tcp': 'webdav',
  '_device-info._tcp': null,
  '_qdiscover._tcp': 'qnap-finder',
  '_workstation._tcp': 'workstation',
};

/** One service instance as far as the records seen so far tell. */
export interface ServiceRecord {
  /** Full instance name, lower case: `diskstation._smb._tcp.local`. */
  key: string;
  type: BrowsedServiceType;
  /** The instance label as announced, e.g. `DiskStation`. */
  instance: string;
  /** The host it runs on, lower case: `diskstation.local`. */
  target?: string;
  /** The same host name as announced, for showing: `DiskStation.local`. */
  targetAsAnnounced?: string;
  port?: number;
  txt?: (string | Uint8Array)[];
}

/** What one mDNS answer packet says, taken apart; anything unexpected is skipped, never thrown. */
export interface MdnsFacts {
  services: ServiceRecord[];
  /** Host name (lower case, no trailing dot) → IPv4/IPv6 addresses. */
  addresses: { host: string; address: string }[];
}

const maxRecordsPerPacket = 200;

export function factsFromPacket(packet: Pick<Packet, 'answers' | 'additionals'>): MdnsFacts {
  const services = new Map<string, ServiceRecord>();
  const addresses: MdnsFacts['addresses'] = [];
  const records = [...listOf(packet.answers), ...listOf(packet.additionals)].slice(0, maxRecordsPerPacket);
  for (const record of records) readRecord(record, services, addresses);
  return { services: [...services.values()], addresses };
}

function readRecord(record: Answer, services: Map<string, ServiceRecord>, addresses: MdnsFacts['addresses']): void {
  if (typeof record !== 'object' || record === null || typeof record.name !== 'string') return;
  const name = hostName(record.name);
  switch (record.type) {
    case 'PTR': {
      if (typeof record.data !== 'string') return;
      const type = browsedTypeOf(name);
      const instance = record.data.replace(/\.$/, '');
      if (type && typeOfInstance(hostName(instance)) === type) serviceFor(services, instance, type);
      return;
    }
    case 'SRV': {
      const data = record.data as { port?: unknown; target?: unknown } | undefined;
      const type = typeOfInstance(name);
      if (!type || typeof data?.target !== 'string' || !isPort(data.port)) return;
      Object.assign(serviceFor(services, record.name, type), {
        target: hostName(data.target),
        targetAsAnnounced: data.target.replace(/\.$/, '').slice(0, 255),
        port: data.port,
      });
      return;
    }
    case 'TXT': {
      const type = typeOfInstance(name);
      if (!type) return;
      const data: unknown = record.data;
      const entries = (Array.isArray(data) ? data : [data]).filter(
        (entry): entry is string | Uint8Array => typeof entry === 'string' || entry instanceof Uint8Array,
      );
      serviceFor(services, record.name, type).txt = entries.slice(0, 64);
      return;
    }
    case 'A':
    case 'AAAA':
      if (typeof record.data === 'string' && isAddress(record.data))
        addresses.push({ host: name, address: record.data });
      return;
    default:
      return;
  }
}

/** `asAnnounced` keeps the instance name's own case for showing; the key is lower case. */
function serviceFor(
  services: Map<string, ServiceRecord>,
  asAnnounced: string,
  type: BrowsedServiceType,
): ServiceRecord {
  const key = hostName(asAnnounced);
  let service = services.get(key);
  if (!service) {
    service = { key, type, instance: instanceLabel(asAnnounced.replace(/\.$/, '').slice(0, 255), type) };
    services.set(key, service);
  }
  return service;
}

/** `_smb._tcp.local` → `_smb._tcp` when it is one of ours. */
function browsedTypeOf(name: string): BrowsedServiceType | undefined {
  const type = name.replace(/\.local$/, '');
  return (browsedServiceTypes as readonly string[]).includes(type) ? (type as BrowsedServiceType) : undefined;
}

/** `diskstation._smb._tcp.local` → `_smb._tcp`. */
function typeOfInstance(name: string): BrowsedServiceType | undefined {
  return browsedServiceTypes.find((type) => name.endsWith(`.${type}.local`) && name.length > type.length + 7);
}

function instanceLabel(name: string, type: BrowsedServiceType): string {
  return name.slice(0, name.length - type.length - '..local'.length);
}

/** DNS names are case-insensitive; a trailing dot is optional. */
function hostName(name: string): string {
  return name.replace(/\.$/, '').toLowerCase().slice(0, 255);
}

function isPort(port: unknown): port is number {
  return typeof port === 'number' && Number.isInteger(port) && port >= 0 && port < 65536;
}

function isAddress(text: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(text) || (/^[0-9a-f:.]+$/i.test(text) && text.includes(':'));
}

function listOf(records: unknown): Answer[] {
  return Array.isArray(records) ? (records as Answer[]) : [];
}
