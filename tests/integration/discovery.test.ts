import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DiscoveredDevice } from '../../shared/contract/discovery';
import { readLab } from '../lab/lab';
import {
  addNasAddresses,
  captureClientTraffic,
  removeNasAddresses,
  runCliInClient,
  startResponders,
  type Spawned,
} from '../lab/responders/discovery-lab';
import { tempDir } from '../unit/helpers';

/**
 * `nasbench discover` in the lab: responders in the NAS namespace, the built CLI in the client
 * namespace (its only link leads to the NAS, so no multicast ever leaves the machine).
 */
const synology = 'synology@198.18.9.2=_http._tcp,_smb._tcp,_ssh._tcp';
const qnap = 'qnap@198.18.9.3';
const privateValues = ['SERIAL1234XYZ', 'Q19BSERIAL77', '00:11:32', '001132', '24:5e:be', 'uuid'];

let responders: Spawned | undefined;
const respond = async (args: string[]) => {
  responders = await startResponders(args);
  return responders;
};

beforeAll(() => addNasAddresses());
afterEach(async () => {
  await responders?.stop();
  responders = undefined;
});
afterAll(() => removeNasAddresses());

function devicesOf(stdout: string): DiscoveredDevice[] {
  const output = JSON.parse(stdout) as { ok: boolean; kind: string; devices: unknown[] };
  expect(output).toMatchObject({ ok: true, kind: 'discover' });
  return output.devices.map((device) => DiscoveredDevice.parse(device));
}

function expectBothNases(devices: DiscoveredDevice[]): void {
  // Only the two lab NAS addresses: a hostile neighbour may claim any vendor, from its own address.
  const nases = devices.filter((device) => device.addresses.some((address) => /^198\.18\.9\.[23]$/.test(address)));
  expect(nases).toEqual([
    expect.objectContaining({
      name: 'DiskStation',
      vendor: 'synology',
      model: 'DS218+',
      addresses: ['198.18.9.2'],
      services: expect.arrayContaining(['http', 'smb', 'ssh']),
    }),
    expect.objectContaining({
      name: 'NAS4F2A10',
      vendor: 'qnap',
      model: 'HS-453DX',
      addresses: ['198.18.9.3'],
      services: expect.arrayContaining(['qnap-finder', 'smb', 'http']),
    }),
  ]);
  expect(new Set(devices.map((device) => device.id)).size).toBe(devices.length);
}

describe('nasbench discover in the lab', () => {
  it('lists the Synology-like and the QNAP-like NAS once each, with vendor, model, address and services', async () => {
    const nas = await respond(['--mdns', synology, '--mdns', qnap, '--ssdp', '198.18.9.2']);
    const run = await runCliInClient(['--data-dir', await tempDir('discover'), 'discover', '--timeout', '3', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const devices = devicesOf(run.stdout);
    expect(devices).toHaveLength(2);
    expectBothNases(devices);
    expect(devices[0]).toMatchObject({ sources: ['mdns', 'ssdp'], osVersion: '7.1-42661' });
    expect(devices[0]?.ports).toEqual(
      expect.arrayContaining([
        { kind: 'http', port: 5000 },
        { kind: 'smb', port: 445 },
        { kind: 'ssh', port: 22 },
      ]),
    );
    for (const value of privateValues) expect(run.stdout).not.toContain(value);
    // The description was fetched once, from the address that answered.
    expect(nas.lines.filter((line) => line.includes('"http"'))).toEqual([
      JSON.stringify({ http: '/description.xml', to: '198.18.9.2' }),
    ]);
  });

  it('sends nothing beyond the local link: link-local multicast and the answering address only', async () => {
    await respond(['--mdns', synology, '--mdns', qnap, '--ssdp', '198.18.9.2']);
    const dataDir = await tempDir('discover-capture');
    const { result, packets } = await captureClientTraffic(() =>
      runCliInClient(['--data-dir', dataDir, 'discover', '--timeout', '2', '--json']),
    );
    expect(result.code, result.stderr).toBe(0);
    const link = readLab().client.clientIf;
    const sent = packets.filter((packet) => packet.if === link);
    const ipv4 = sent.filter((packet) => packet.ethertype === 0x0800);
    // The capture must have seen the searches, or it proves nothing.
    expect(ipv4.some((p) => p.dst === '224.0.0.251' && p.dport === 5353)).toBe(true);
    expect(ipv4.some((p) => p.dst === '239.255.255.250' && p.dport === 1900)).toBe(true);
    for (const packet of ipv4) {
      const allowed =
        (packet.dst === '224.0.0.251' && packet.proto === 17 && packet.dport === 5353 && packet.ttl === 255) ||
        (packet.dst === '239.255.255.250' && packet.proto === 17 && packet.dport === 1900 && packet.ttl === 1) ||
        (packet.proto === 2 && packet.dst?.startsWith('224.0.0.') === true && packet.ttl === 1) || // IGMP joins
        (packet.dst === '198.18.9.2' && packet.proto === 6); // the description, from the device that answered
      expect(allowed, JSON.stringify(packet)).toBe(true);
    }
    for (const packet of sent.filter((p) => p.ethertype === 0x86dd)) expect(packet.dst).toMatch(/^ff02:/);
    expect(sent.every((packet) => [0x0800, 0x0806, 0x86dd].includes(packet.ethertype))).toBe(true);
  });

  it.each(['silent', 'endless'])(
    'finishes by its timeout with junk packets, a steered LOCATION and a %s description server',
    async (mode) => {
      const nas = await respond([
        ...['--mdns', synology, '--mdns', qnap, '--ssdp', '198.18.9.2'],
        ...['--hostile', '198.18.9.4', '--description', mode],
      ]);
      const run = await runCliInClient([
        '--data-dir',
        await tempDir('discover-hostile'),
        'discover',
        '--timeout',
        '3',
        '--json',
      ]);
      expect(run.code, run.stderr).toBe(0);
      // 3 s of listening plus starting Node; a stalled fetch or socket would add seconds.
      expect(run.seconds).toBeLessThan(5);
      expectBothNases(devicesOf(run.stdout));
      const fetched = nas.lines.filter((line) => line.includes('"http"'));
      expect(fetched.every((line) => line.includes('"to":"198.18.9.2"') && line.includes('/description.xml'))).toBe(
        true,
      );
    },
  );

  it('honours the switched-off setting: --disable stores it, and discover then sends nothing', async () => {
    await respond(['--mdns', synology, '--ssdp', '198.18.9.2']);
    const dataDir = await tempDir('discover-off');
    const off = await runCliInClient(['--data-dir', dataDir, 'discover', '--disable', '--json']);
    expect(off.code, off.stderr).toBe(0);
    expect(off.json()).toMatchObject({ ok: true, kind: 'discover', enabled: false, devices: [] });
    const { result, packets } = await captureClientTraffic(() =>
      runCliInClient(['--data-dir', dataDir, 'discover', '--timeout', '1', '--json']),
    );
    expect(result.code).toBe(1);
    expect(result.json()).toMatchObject({ ok: false, kind: 'discover', error: { code: 'PERMISSION_DENIED' } });
    expect(packets.filter((p) => p.dport === 5353 || p.dport === 1900)).toEqual([]);
    const on = await runCliInClient(['--data-dir', dataDir, 'discover', '--enable', '--timeout', '2', '--json']);
    expect(on.code, on.stderr).toBe(0);
    expect(devicesOf(on.stdout).map((device) => device.vendor)).toEqual(['synology']);
  });
});
