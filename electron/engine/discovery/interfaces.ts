import os from 'node:os';

/** One IPv4 address of this computer to search from. */
export interface SearchInterface {
  name: string;
  address: string;
}

/**
 * The interfaces worth asking on: IPv4, up, not loopback. mDNS and SSDP are per-link, so
 * discovery asks on each one separately and the answers tell which link a NAS sits on.
 * `only` (addresses the user picked) narrows the list; an address this computer does not have
 * is ignored rather than used, so a typo can never send traffic somewhere unexpected.
 */
export function searchInterfaces(
  only?: readonly string[],
  networks: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces(),
): SearchInterface[] {
  const found: SearchInterface[] = [];
  for (const [name, infos] of Object.entries(networks)) {
    const ipv4 = (infos ?? []).find((info) => info.family === 'IPv4' && !info.internal);
    if (!ipv4) continue;
    if (only && !only.includes(ipv4.address)) continue;
    found.push({ name, address: ipv4.address });
  }
  return found;
}
