import type os from 'node:os';
import { describe, expect, it } from 'vitest';
import { searchInterfaces } from '../../electron/engine/discovery/interfaces';

const info = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null }) as os.NetworkInterfaceInfo;

const networks = {
  lo: [info('127.0.0.1', 'IPv4', true)],
  eth0: [info('fe80::1', 'IPv6'), info('192.0.2.10', 'IPv4')],
  wlan0: [info('198.51.100.7', 'IPv4')],
  tun0: [info('fd00::2', 'IPv6')],
};

describe('which interfaces discovery asks on', () => {
  it('every IPv4 interface that is not loopback, one address each', () => {
    expect(searchInterfaces(undefined, networks)).toEqual([
      { name: 'eth0', address: '192.0.2.10' },
      { name: 'wlan0', address: '198.51.100.7' },
    ]);
  });

  it('only the ones the user picked, and never an address this computer does not have', () => {
    expect(searchInterfaces(['198.51.100.7', '203.0.113.9'], networks)).toEqual([
      { name: 'wlan0', address: '198.51.100.7' },
    ]);
    expect(searchInterfaces(['127.0.0.1'], networks)).toEqual([]);
  });
});
