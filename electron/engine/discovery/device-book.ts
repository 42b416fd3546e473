import {
  compareDevices,
  isLikelyNas,
  type DiscoveredDevice,
  type DiscoveredService,
  type DiscoverySource,
  type ServiceKind,
} from '../../../shared/contract/discovery';
import type { DeviceDescription } from './description';
import { serviceKindOf, type MdnsFacts, type ServiceRecord } from './mdns-records';
import { vendorFromServerHeader } from './ssdp';
import { identifyFromTxt, vendorFromHints, type Identification } from './txt';

/** What one SSDP answer (and its description, once fetched) says about the device at `address`. */
export interface SsdpFacts {
  address: string;
  server?: string;
  description?: DeviceDescription;
}

/** Bounds against a flood of distinct fake names from a hostile LAN neighbour. */
const maxServices = 2000;
const maxHosts = 1000;

/**
 * Everything heard during one discovery, and the device list made from it. Records arrive in any
 * order and any grouping (a PTR now, its SRV in the next packet), so the list is rebuilt from all
 * facts each time rather than patched.
 */
export class DeviceBook {
  private readonly services = new Map<string, ServiceRecord & { from: Set<string> }>();
  private readonly hostAddresses = new Map<string, Set<string>>();
  private readonly ssdp = new Map<string, SsdpFacts>();

  /** Adds an mDNS packet's facts; `from` is the address that sent it. */
  addMdns(facts: MdnsFacts, from: string): void {
    for (const service of facts.services) {
      const known = this.services.get(service.key);
      if (!known && this.services.size >= maxServices) continue;
      const merged = {
        ...known,
        ...definedOnly(service),
        key: service.key,
        type: service.type,
        instance: service.instance,
        from: known?.from ?? new Set<string>(),
      };
      merged.from.add(from);
      this.services.set(service.key, merged);
    }
    for (const { host, address } of facts.addresses) {
      if (!this.hostAddresses.has(host) && this.hostAddresses.size >= maxHosts) continue;
      const set = this.hostAddresses.get(host) ?? new Set<string>();
      set.add(address);
      this.hostAddresses.set(host, set);
    }
  }

  addSsdp(facts: SsdpFacts): void {
    if (!this.ssdp.has(facts.address) && this.ssdp.size >= maxHosts) return;
    this.ssdp.set(facts.address, { ...this.ssdp.get(facts.address), ...definedOnly(facts), address: facts.address });
  }

  /** The devices, likely NASes first. */
  devices(): DiscoveredDevice[] {
    const groups = new Groups();
    const hostNode = (host: string) => `host:${host}`;
    const addressNode = (address: string) => `addr:${address}`;
    const serviceNodes = new Map<string, string>();
    for (const service of this.services.values()) {
      // `_device-info` has no SRV: its instance name is the host's own name.
      const host = service.target ?? this.hostNamed(service.instance);
      const node = host ? hostNode(host) : addressNode([...service.from][0] ?? '?');
      serviceNodes.set(service.key, node);
      groups.add(node);
      const addresses = host ? this.hostAddresses.get(host) : undefined;
      // A host's own A records say where it is; the sender counts only when there are none.
      for (const address of addresses && addresses.size > 0 ? addresses : service.from) {
        groups.join(node, addressNode(address));
      }
    }
    for (const address of this.ssdp.keys()) groups.add(addressNode(address));

    const devices: DiscoveredDevice[] = [];
    for (const members of groups.all()) {
      const hosts = members.filter((node) => node.startsWith('host:')).map((node) => node.slice(5));
      const addresses = members.filter((node) => node.startsWith('addr:')).map((node) => node.slice(5));
      const inGroup = new Set(members);
      const services = [...this.services.values()].filter((service) =>
        inGroup.has(serviceNodes.get(service.key) ?? ''),
      );
      const ssdp = addresses.flatMap((address) => this.ssdp.get(address) ?? []);
      if (services.length === 0 && ssdp.length === 0) continue;
      devices.push(this.describe(hosts.sort(), addresses.sort(), services, ssdp));
    }
    return devices.sort(compareDevices);
  }

  private hostNamed(instance: string): string | undefined {
    const wanted = `${instance.toLowerCase()}.local`;
    return this.hostAddresses.has(wanted) || [...this.services.values()].some((s) => s.target === wanted)
      ? wanted
      : undefined;
  }

  private describe(
    hosts: string[],
    addresses: string[],
    services: ServiceRecord[],
    ssdp: SsdpFacts[],
  ): DiscoveredDevice {
    const found: Identification[] = services.flatMap((service) =>
      service.txt ? [identifyFromTxt(service.type, service.txt)] : [],
    );
    const description = ssdp.find((facts) => facts.description)?.description;
    const hints = new Set(found.flatMap((id) => id.hints ?? []));
    const ssdpVendor =
      vendorFromManufacturer(description?.manufacturer) ??
      ssdp.map((f) => vendorFromServerHeader(f.server)).find(Boolean);
    const vendor = found.find((id) => id.vendor)?.vendor ?? ssdpVendor ?? vendorFromHints(hints, hosts) ?? null;
    const model = found.find((id) => id.model)?.model ?? (ssdpVendor ? description?.modelName : undefined) ?? null;
    const osVersion = found.find((id) => id.osVersion)?.osVersion ?? null;

    const ports = new Map<string, DiscoveredService>();
    const offer = (kind: ServiceKind, port: number) => ports.set(`${kind}:${port}`, { kind, port });
    for (const service of services) {
      const kind = serviceKindOf[service.type];
      if (kind && service.port !== undefined) offer(kind, service.port);
    }
    for (const id of found) for (const admin of id.adminPorts ?? []) offer(admin.kind, admin.port);
    if (ssdp.length > 0) offer('upnp', 0);
    const portList = [...ports.values()].sort((a, b) => a.kind.localeCompare(b.kind) || a.port - b.port);
    const serviceKinds = [...new Set(portList.map((p) => p.kind))].sort();

    const announced = services.find((service) => service.targetAsAnnounced)?.targetAsAnnounced;
    const hostname = hosts[0] ?? null;
    const sources: DiscoverySource[] = [];
    if (services.length > 0) sources.push('mdns');
    if (ssdp.length > 0) sources.push('ssdp');
    const device: DiscoveredDevice = {
      id: hostname ?? addresses[0] ?? 'unknown',
      name: (announced ?? hostname)?.replace(/\.local$/i, '') ?? description?.friendlyName ?? addresses[0] ?? '?',
      hostname,
      addresses,
      vendor,
      model,
      osVersion,
      services: serviceKinds,
      ports: portList,
      sources,
      likelyNas: false,
    };
    device.likelyNas = isLikelyNas(device);
    return device;
  }
}

function vendorFromManufacturer(manufacturer: string | undefined): string | undefined {
  if (!manufacturer) return undefined;
  for (const vendor of ['synology', 'qnap', 'truenas', 'asustor', 'terramaster']) {
    if (manufacturer.toLowerCase().includes(vendor)) return vendor;
  }
  if (/ixsystems/i.test(manufacturer)) return 'truenas';
  return undefined;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Union-find over node names: nodes that share an address or host name become one device. */
class Groups {
  private readonly parent = new Map<string, string>();

  add(node: string): void {
    if (!this.parent.has(node)) this.parent.set(node, node);
  }

  join(a: string, b: string): void {
    this.add(a);
    this.add(b);
    this.parent.set(this.root(a), this.root(b));
  }

  all(): string[][] {
    const byRoot = new Map<string, string[]>();
    for (const node of this.parent.keys()) {
      const root = this.root(node);
      byRoot.set(root, [...(byRoot.get(root) ?? []), node]);
    }
    return [...byRoot.values()];
  }

  private root(node: string): string {
    let current = node;
    for (let next = this.parent.get(current); next !== undefined && next !== current; next = this.parent.get(current)) {
      current = next;
    }
    return current;
  }
}
