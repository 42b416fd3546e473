import { wholeNumber } from './sections';

/** One address of one port as an address listing shows it; ports without addresses come with null. */
export interface PortAddress {
  name: string;
  address: string | null;
  mtu: number | null;
  up: boolean;
}

/**
 * `ifconfig -a` for boxes without `ip`, in both dialects:
 *   BusyBox / old net-tools: "eth0      Link encap:Ethernet …" then "inet addr:10.0.0.2 …", "inet6 addr: fe80::1/64 …", "UP … MTU:1500"
 *   net-tools 2.x:           "eth0: flags=4163<UP,…>  mtu 1500" then "inet 10.0.0.2  netmask …", "inet6 2001:db8::2  prefixlen 64 …"
 * Alias ports (eth0:1) are the same port.
 */
export function readIfconfig(lines: readonly string[]): PortAddress[] {
  const found: PortAddress[] = [];
  let port: { name: string; mtu: number | null; up: boolean; addresses: string[] } | null = null;
  const flush = (): void => {
    if (!port) return;
    const { name, mtu, up } = port;
    if (port.addresses.length === 0) found.push({ name, address: null, mtu, up });
    for (const address of port.addresses) found.push({ name, address, mtu, up });
  };
  for (const line of lines) {
    const header = /^(\S+?):?\s+(?:Link encap|flags=)/.exec(line);
    if (header?.[1]) {
      flush();
      port = { name: header[1].replace(/:\d+$/, ''), mtu: null, up: false, addresses: [] };
    }
    if (!port) continue;
    const mtu = /\bmtu[: ](\d+)/i.exec(line)?.[1];
    if (mtu !== undefined) port.mtu = wholeNumber(mtu);
    if (/(?:^|[\s<,])UP[\s>,]/.test(line)) port.up = true;
    const address = /\binet6?\s+(?:addr:\s*)?([0-9a-fA-F.:]+[0-9a-fA-F])/.exec(line)?.[1];
    if (address !== undefined) port.addresses.push(address);
  }
  flush();
  return found;
}
