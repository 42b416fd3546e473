import type { NasFacts } from '../../../shared/contract/probe';

/** Interfaces whose addresses every box may have (containers, VPNs, loopback): they say nothing about which NAS it is. */
const sharedInterfaces = /^(lo|docker|veth|br-|virbr|tun|tap|wg|zt|tailscale|lxc|cni|flannel)/i;
const sharedAddresses = /^(127\.|169\.254\.|::1$|fe80:)/i;

/**
 * The names a NAS goes by for "one run per NAS": the address it was reached at, and every address
 * of its own network ports (so a second run over another link of the same NAS is refused too).
 * Host names are left out on purpose: two NASes often keep the same factory name.
 */
export function nasNamesOf(host: string, port: number, nas?: NasFacts | null): string[] {
  const addresses = new Set([host]);
  for (const link of nas?.interfaces ?? []) {
    if (sharedInterfaces.test(link.name)) continue;
    for (const address of link.addresses) {
      const bare = address.split('/')[0] ?? address;
      if (!sharedAddresses.test(bare)) addresses.add(bare);
    }
  }
  return [...addresses].map((address) => `${address.toLowerCase()}:${port}`);
}
