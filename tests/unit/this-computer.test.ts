import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyLink, probeThisComputer, type ClientSources } from '../../electron/engine/probe/this-computer';

const wired = {
  iface: 'eth0',
  ip4: '192.168.1.20',
  ip6: '',
  type: 'wired',
  virtual: false,
  speed: 1000,
  internal: false,
  duplex: 'full',
};

describe("the client's link to the NAS", () => {
  it.each([
    ['Wi-Fi', { ...wired, iface: 'wlp2s0', type: 'wireless' }, 'other', 'wifi'],
    ['a USB Ethernet adapter', { ...wired, iface: 'enx00e04c680001' }, 'usb', 'usb-ethernet'],
    ['Thunderbolt networking', { ...wired, iface: 'thunderbolt0' }, 'other', 'thunderbolt'],
    ['a veth or bridge', { ...wired, iface: 'nbh-a' }, 'virtual', 'virtual'],
    ['a VPN tunnel', { ...wired, iface: 'wg0', type: '' }, 'other', 'virtual'],
    ['built-in Ethernet', wired, 'other', 'ethernet'],
    ['something unknown', { ...wired, iface: 'x0', type: '' }, 'other', 'unknown'],
  ] as const)('calls %s what it is', (_name, info, bus, expected) => {
    expect(classifyLink(info, bus)).toBe(expected);
  });

  it('matches the routing address to its interface and reports Wi-Fi signal where known', async () => {
    const sources: ClientSources = {
      localAddressFor: async () => '192.168.1.31',
      interfaces: async () => [
        wired,
        { ...wired, iface: 'wlan0', ip4: '192.168.1.31', type: 'wireless', speed: 866, mtu: 1500 },
      ],
      busOf: async () => 'other',
      wifi: async () => ({ ssid: 'home', signalDbm: -61, channel: 36 }),
    };
    const client = await probeThisComputer('nas.local', sources);
    expect(client.route).toEqual({
      interface: 'wlan0',
      localAddress: '192.168.1.31',
      type: 'wifi',
      speedMbps: 866,
      mtu: 1500,
      duplex: null,
      bond: null,
      wifi: { ssid: 'home', signalDbm: -61, channel: 36 },
    });
  });

  it('reads this computer’s own bond on the route from its /proc/net/bonding file', async () => {
    // A real /proc/net/bonding/bond0 (Synology DSM 7, tests/fixtures/probe/README.md): the file is Linux's on any machine.
    const probe = readFileSync(path.join(__dirname, '../fixtures/probe/synology-dsm7.txt'), 'utf8');
    const section = probe.split('@@nasbench:section bond bond0\n')[1]?.split('@@nasbench:')[0] ?? '';
    const sources: ClientSources = {
      localAddressFor: async () => '192.168.1.20',
      interfaces: async () => [{ ...wired, iface: 'bond0', speed: 2000 }],
      busOf: async () => 'other',
      wifi: async () => null,
      bonding: async (iface) => (iface === 'bond0' ? section : null),
    };
    const client = await probeThisComputer('nas.local', sources);
    expect(client.route.bond).toEqual({
      name: 'bond0',
      mode: '802.3ad',
      hashPolicy: 'layer2+3',
      slaves: expect.arrayContaining([expect.any(String), expect.any(String)]),
    });
    const notBond = await probeThisComputer('nas.local', { ...sources, bonding: async () => null });
    expect(notBond.route.bond).toBeNull();
  });

  it('still answers when the route cannot be found', async () => {
    const sources: ClientSources = {
      localAddressFor: async () => {
        throw new Error('no route');
      },
      interfaces: async () => [wired],
      busOf: async () => 'other',
      wifi: async () => null,
    };
    const client = await probeThisComputer('10.0.0.9', sources);
    expect(client.route).toMatchObject({ interface: null, localAddress: null, type: 'unknown', speedMbps: null });
  });
});

describe("this computer's duplex", () => {
  const sources = (info: Partial<typeof wired>): ClientSources => ({
    localAddressFor: async () => '192.168.1.20',
    interfaces: async () => [{ ...wired, ...info }],
    busOf: async () => 'other',
    wifi: async () => null,
  });

  it('is read for a cabled port and left out for Wi-Fi and virtual links', async () => {
    expect((await probeThisComputer('nas.local', sources({ duplex: 'half', speed: 100 }))).route.duplex).toBe('half');
    expect((await probeThisComputer('nas.local', sources({}))).route.duplex).toBe('full');
    const wifi = await probeThisComputer('nas.local', sources({ type: 'wireless', duplex: 'half' }));
    expect(wifi.route.duplex).toBeNull();
    const veth = await probeThisComputer('nas.local', sources({ iface: 'veth0', duplex: 'half' }));
    expect(veth.route.duplex).toBeNull();
    expect((await probeThisComputer('nas.local', sources({ duplex: '' }))).route.duplex).toBeNull();
  });
});
