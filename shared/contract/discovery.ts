import { z } from 'zod';
import { AppError } from './errors';

/**
 * What discovery found on the LAN, in the user's terms: one entry per box (not per service),
 * with what it offers. Serial numbers and MAC addresses that NASes put in their announcements
 * are never kept here, so a device list can be shown, saved or shared as it is.
 */

/** Services the Devices screen can name; anything else that answered is left out. */
export const ServiceKind = z.enum([
  'smb',
  'afp',
  'time-machine',
  'nfs',
  'ssh',
  'sftp',
  'http',
  'https',
  'webdav',
  'qnap-finder',
  'workstation',
  'upnp',
]);
export type ServiceKind = z.infer<typeof ServiceKind>;

export const DiscoverySource = z.enum(['mdns', 'ssdp']);
export type DiscoverySource = z.infer<typeof DiscoverySource>;

export const DiscoveredService = z.object({
  kind: ServiceKind,
  /** 0 when the announcement had no port (SSDP). */
  port: z.number().int().min(0).max(65535),
});
export type DiscoveredService = z.infer<typeof DiscoveredService>;

export const DiscoveredDevice = z.object({
  /** Stable within one discovery: the host name when known, else the first address. */
  id: z.string(),
  /** What to call it: the friendly name, or the host name without `.local`. */
  name: z.string(),
  /** The mDNS host name (e.g. `diskstation.local`), when it announced one. */
  hostname: z.string().nullable(),
  addresses: z.array(z.string()),
  /** e.g. `synology`, `qnap`, `truenas`, `omv`; null when nothing said so. */
  vendor: z.string().nullable(),
  /** The real model (e.g. `DS218+`), never a Finder icon hint such as `Xserve`. */
  model: z.string().nullable(),
  /** Firmware or OS version, when announced. */
  osVersion: z.string().nullable(),
  /** Service names, sorted, each once (the CLI contract's `services`). */
  services: z.array(ServiceKind),
  /** Each service with its port, for connecting to it. */
  ports: z.array(DiscoveredService),
  sources: z.array(DiscoverySource),
  /** Storage services or a NAS vendor were seen: listed first. */
  likelyNas: z.boolean(),
});
export type DiscoveredDevice = z.infer<typeof DiscoveredDevice>;

export const DiscoveryId = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'a discovery id');

export const DiscoveryInput = z.strictObject({
  /** How long to listen for answers; answers keep arriving for a few seconds on a busy LAN. */
  timeoutSeconds: z.number().min(0.5).max(60).default(4),
  /** IPv4 addresses of this computer's interfaces to ask on; all suitable ones when absent. */
  interfaces: z.array(z.ipv4()).max(32).optional(),
});
export type DiscoveryInput = z.input<typeof DiscoveryInput>;

/** Live list: sent whenever the list changes, and once more with `finished: true` at the end. */
export const DevicesChanged = z.object({
  discoveryId: DiscoveryId,
  devices: z.array(DiscoveredDevice),
  finished: z.boolean(),
  /** Why discovery stopped early (e.g. no usable network interface). */
  error: AppError.optional(),
});
export type DevicesChanged = z.infer<typeof DevicesChanged>;

/** Storage services: a box offering one of these is probably where the files live. */
const storageServices = new Set<ServiceKind>(['smb', 'afp', 'time-machine', 'nfs', 'webdav', 'qnap-finder']);
const nasVendors = new Set(['synology', 'qnap', 'truenas', 'omv', 'unraid', 'asustor', 'terramaster']);

export function isLikelyNas(device: Pick<DiscoveredDevice, 'vendor' | 'services'>): boolean {
  return (
    (device.vendor !== null && nasVendors.has(device.vendor)) ||
    device.services.some((service) => storageServices.has(service))
  );
}

/** Likely NASes first, then by name, so the list does not jump around as answers arrive. */
export function compareDevices(a: DiscoveredDevice, b: DiscoveredDevice): number {
  if (a.likelyNas !== b.likelyNas) return a.likelyNas ? -1 : 1;
  return a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
}

const vendorNames: Record<string, string> = {
  synology: 'Synology',
  qnap: 'QNAP',
  truenas: 'TrueNAS',
  omv: 'OpenMediaVault',
  unraid: 'Unraid',
  asustor: 'Asustor',
  terramaster: 'TerraMaster',
};

/** "Synology DS218+", "QNAP", or "" when nothing is known. */
export function describeDeviceModel(device: Pick<DiscoveredDevice, 'vendor' | 'model'>): string {
  const vendor = device.vendor ? (vendorNames[device.vendor] ?? device.vendor) : '';
  return [vendor, device.model ?? ''].filter((part) => part.length > 0).join(' ');
}

/** A NAS the user typed or connected to, kept in the data folder so it is offered next time. */
export const RecentDevice = z.object({
  host: z.string().min(1).max(253),
  port: z.number().int().min(1).max(65535),
  /** The user name of the last login, to fill in next time (never a password). */
  username: z.string().max(128).nullable(),
  lastUsedAt: z.iso.datetime(),
});
export type RecentDevice = z.infer<typeof RecentDevice>;

export const RememberDeviceInput = z.strictObject({
  host: z.string().trim().min(1).max(253),
  port: z.number().int().min(1).max(65535).default(22),
  username: z.string().max(128).nullable().default(null),
});
export type RememberDeviceInput = z.input<typeof RememberDeviceInput>;

/** How a service is named on screen; `workstation` only says the box is there, so it is not listed. */
export const serviceLabels: Record<ServiceKind, string | null> = {
  smb: 'SMB share',
  afp: 'AFP share',
  'time-machine': 'Time Machine',
  nfs: 'NFS',
  ssh: 'SSH',
  sftp: 'SFTP',
  http: 'web admin',
  https: 'web admin (https)',
  webdav: 'WebDAV',
  'qnap-finder': 'Qfinder',
  workstation: null,
  upnp: 'UPnP',
};

/** The SSH port a device announced, else the usual 22 (SSH may still be off: the login will say so). */
export function sshPortOf(device: Pick<DiscoveredDevice, 'ports'>): number {
  return device.ports.find((entry) => entry.kind === 'ssh' && entry.port > 0)?.port ?? 22;
}
