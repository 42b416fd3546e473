import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  describeBond,
  describeClientRoute,
  describeCpu,
  describeInterface,
  describeKeyType,
  describeLinks,
  describeLinkSpeed,
  describeMemory,
  describeNasFacts,
  describeNasIdentity,
  describeRefusedTool,
  describeSweptFolders,
  describeTools,
  describeVolume,
  hostKeyCheckCommand,
} from '../../shared/words/describe-nas';
import type { ClientFacts, NasFacts } from '../../shared/contract/probe';
import { parseNasProbe } from '../../electron/engine/probe/parse-nas';
import { environmentFacts } from '../../shared/report/environment-facts';
import { labQuickRun } from '../fixtures/report/seeded-private-run';

/** Real probe output, parsed as the engine parses it: the descriptions must read well on real boxes. */
const probed = (name: string): NasFacts => parseNasProbe(readFileSync(`tests/fixtures/probe/${name}.txt`, 'utf8'));

const route = (change: Partial<ClientFacts['route']>): ClientFacts['route'] => ({
  interface: 'eth0',
  localAddress: '192.168.1.10',
  type: 'ethernet',
  speedMbps: 1000,
  wifi: null,
  ...change,
});

describe('link speeds', () => {
  it('names Ethernet speeds as they are sold', () => {
    expect(describeLinkSpeed(1000)).toBe('1 GbE');
    expect(describeLinkSpeed(2500)).toBe('2.5 GbE');
    expect(describeLinkSpeed(10000)).toBe('10 GbE');
    expect(describeLinkSpeed(100)).toBe('100 Mb/s');
    expect(describeLinkSpeed(2500, 'usb-ethernet')).toBe('2.5 GbE');
  });

  it('does not call Wi-Fi or a virtual link "Ethernet", and admits an unknown speed', () => {
    expect(describeLinkSpeed(1200, 'wifi')).toBe('1.2 Gb/s');
    expect(describeLinkSpeed(866, 'wifi')).toBe('866 Mb/s');
    expect(describeLinkSpeed(10000, 'virtual')).toBe('10 Gb/s');
    expect(describeLinkSpeed(null)).toBe('speed unknown');
    expect(describeLinkSpeed(-1)).toBe('speed unknown');
  });
});

describe('bonds and links', () => {
  it('reads a Synology LACP bond as its members, mode and hash policy', () => {
    const nas = probed('synology-dsm7');
    const [bond] = nas.bonds;
    expect(bond && describeBond(bond, nas.interfaces)).toBe('2 × 1 GbE bonded (LACP 802.3ad, layer2+3 hash)');
    expect(describeLinks(nas)).toEqual({
      links: ['bond0 · 2 × 1 GbE bonded (LACP 802.3ad, layer2+3 hash) · 192.168.1.20, 2001:db8:1::20 · up'],
      hidden: ['docker0', 'sit0'],
    });
  });

  it('says what a bond mode without a hash policy means', () => {
    const nas = probed('qnap-qts5');
    expect(describeLinks(nas).links[0]).toBe(
      'bond0 · 2 × 2.5 GbE bonded (adaptive load balancing, balance-alb) · 192.168.1.40, 169.254.100.1 · up',
    );
    const unraid = probed('unraid-6');
    expect(describeLinks(unraid).links[0]).toBe('bond0 · 1 × 1 GbE bonded (failover only, active-backup) · up');
  });

  it('copes with members of different or unknown speed', () => {
    const interfaces = [
      { name: 'eth0', addresses: [], speedMbps: 1000, mtu: 1500, state: 'up' as const },
      { name: 'eth1', addresses: [], speedMbps: 2500, mtu: 1500, state: 'up' as const },
      { name: 'eth2', addresses: [], speedMbps: null, mtu: 1500, state: 'down' as const },
    ];
    const bond = { name: 'bond0', mode: null, hashPolicy: null, slaves: ['eth0', 'eth1'] };
    expect(describeBond(bond, interfaces)).toBe('1 GbE + 2.5 GbE bonded');
    expect(describeBond({ ...bond, slaves: ['eth0', 'eth2'] }, interfaces)).toBe('2 links bonded');
  });

  it('lists plain interfaces as a person reads them', () => {
    expect(
      describeInterface({ name: 'eth0', addresses: ['192.168.1.20'], speedMbps: 2500, mtu: 1500, state: 'up' }),
    ).toBe('eth0 · 2.5 GbE · 192.168.1.20 · up');
    expect(describeLinks(probed('asustor-adm4')).links).toEqual([
      'eth0 · 2.5 GbE · 192.168.1.60 · up',
      'eth1 · speed unknown · down',
    ]);
  });

  it('shows every lab link with its address', () => {
    const { links, hidden } = describeLinks(probed('lab-debian'));
    expect(links).toContain('nbn-a · 10 GbE · 198.18.1.2 · up');
    expect(links).toContain('nbn-w · 10 GbE · 198.18.3.2 · up');
    expect(hidden).toEqual([]);
  });
});

describe('how this computer reaches the NAS', () => {
  it('names the interface, address, kind of link and speed', () => {
    expect(describeClientRoute(route({ type: 'usb-ethernet', speedMbps: 2500 }))).toEqual([
      { label: 'Interface', value: 'eth0', term: 'interface' },
      { label: 'Address', value: '192.168.1.10' },
      { label: 'Kind', value: 'USB Ethernet adapter' },
      { label: 'Speed', value: '2.5 GbE' },
    ]);
  });

  it('adds the Wi-Fi network and signal in words', () => {
    const facts = describeClientRoute(
      route({ interface: 'wlan0', type: 'wifi', speedMbps: 866, wifi: { ssid: 'Home', signalDbm: -72, channel: 36 } }),
    );
    expect(facts).toContainEqual({ label: 'Kind', value: 'Wi-Fi' });
    expect(facts).toContainEqual({ label: 'Speed', value: '866 Mb/s' });
    expect(facts).toContainEqual({ label: 'Wi-Fi network', value: 'Home' });
    expect(facts).toContainEqual({ label: 'Signal', value: '-72 dBm (weak)', term: 'dbm' });
  });

  it('adds the band and the Wi-Fi link rate where the OS says them, and never guesses the band from a channel', () => {
    const wifi = { ssid: 'Home', signalDbm: -58, channel: 37, frequencyMhz: 6135, txRateMbps: 1200.9 };
    const facts = describeClientRoute(route({ interface: 'wlan0', type: 'wifi', speedMbps: null, wifi }));
    expect(facts).toContainEqual({ label: 'Band', value: '6 GHz' });
    expect(facts).toContainEqual({ label: 'Wi-Fi link rate', value: '1201 Mb/s' });
    const noFrequency = describeClientRoute(route({ type: 'wifi', wifi: { ...wifi, frequencyMhz: null } }));
    expect(noFrequency.some((fact) => fact.label === 'Band')).toBe(false);
  });

  it('says so when the route could not be found', () => {
    const facts = describeClientRoute(route({ interface: null, localAddress: null, type: 'unknown', speedMbps: null }));
    expect(facts.map((fact) => fact.value)).toEqual(['not found', 'not found', 'unknown', 'speed unknown']);
  });
});

describe('tools, identity and the rest', () => {
  it('gives tool versions, or says what is missing with the hints for that NAS', () => {
    expect(describeTools(probed('lab-debian').tools, [])).toEqual({
      tools: [
        { name: 'fio', present: true, text: 'fio 3.33' },
        { name: 'iperf3', present: true, text: 'iperf3 3.12' },
      ],
      hints: [],
      refused: [],
    });
    const unraid = probed('unraid-6');
    const described = describeTools(unraid.tools, unraid.installHints);
    expect(described.tools[0]).toEqual({ name: 'fio', present: false, text: 'fio was not found' });
    expect(described.tools[1]?.text).toBe('iperf3 3.16');
    expect(described.hints.join(' ')).toMatch(/NerdTools/);
  });

  it('a refused copy counts as missing: its hint says what was found and why it was not run, then how to install', () => {
    // The QNAP capture with the section a probe that refused two programs prints before its end.
    const refusedSection = [
      '@@nasbench:section refused',
      'fio=/opt/bin/fio',
      'w /share/CACHEDEV1_DATA/.qpkg/Entware',
      'ethtool=/usr/sbin/ethtool',
      'o /usr/sbin/ethtool',
      '@@nasbench:section end',
    ].join('\n');
    const text = readFileSync('tests/fixtures/probe/qnap-qts5.txt', 'utf8').replace(
      '@@nasbench:section end',
      refusedSection,
    );
    const qnap = parseNasProbe(text);
    expect(qnap.refusedTools).toEqual([
      { tool: 'fio', path: '/opt/bin/fio', why: 'writable by others', at: '/share/CACHEDEV1_DATA/.qpkg/Entware' },
      { tool: 'ethtool', path: '/usr/sbin/ethtool', why: 'owned by another user', at: '/usr/sbin/ethtool' },
    ]);
    const described = describeTools(qnap.tools, qnap.installHints, qnap.refusedTools);
    expect(described.tools[0]).toEqual({ name: 'fio', present: false, text: 'fio was found but not run' });
    expect(described.tools[1]).toEqual({ name: 'iperf3', present: false, text: 'iperf3 was not found' });
    expect(described.hints[0]).toBe(
      'A fio was found in /opt/bin, but other users can write to /share/CACHEDEV1_DATA/.qpkg/Entware, so NASBench ' +
        'did not run it. fio is not installed on this QNAP. Install the Entware QPKG (App Center, from the ' +
        'qnapclub.eu repository), then run `opkg install fio` over SSH.',
    );
    expect(described.hints[1]).toMatch(/^iperf3 is not installed on this QNAP/);
    // Programs other than the test tools are named on their own, once.
    expect(described.refused).toEqual([
      'An ethtool was found in /usr/sbin, but that file belongs to another user, so NASBench did not run it.',
    ]);
  });

  it('a refused copy beside one that ran is still named, and the tool is there', () => {
    const refused = [{ tool: 'fio', path: '/opt/bin/fio', why: 'writable by others' as const, at: '/opt/bin' }];
    const described = describeTools(
      { fio: { version: '3.33', path: '/usr/bin/fio' }, iperf3: null },
      ['iperf3 …'],
      refused,
    );
    expect(described.tools[0]).toEqual({ name: 'fio', present: true, text: 'fio 3.33' });
    expect(described.refused).toEqual([
      'A fio was found in /opt/bin, but other users can write to /opt/bin, so NASBench did not run it.',
    ]);
    expect(describeRefusedTool({ tool: 'iperf3', path: '/iperf3', why: 'writable by others', at: '/iperf3' })).toBe(
      'An iperf3 was found in /, but other users can write to that file, so NASBench did not run it.',
    );
  });

  it('names the NAS by host name, with vendor model and system', () => {
    expect(describeNasIdentity(probed('synology-dsm7'), '192.168.1.20')).toEqual({
      name: 'DiskStation',
      summary: 'Synology DS920+ · DSM 7.2.1-69057',
    });
    expect(describeNasIdentity(probed('lab-debian'), '198.18.1.2').summary).toBe('Debian GNU/Linux 12');
    expect(describeNasIdentity(probed('garbage'), '10.0.0.5')).toEqual({ name: '10.0.0.5', summary: 'unknown system' });
  });

  it('reads processor, memory and volumes', () => {
    const nas = probed('synology-dsm7');
    expect(describeCpu(nas.cpu)).toBe('Intel Celeron J4125 CPU @ 2.00GHz, 4 cores');
    expect(describeCpu({ model: null, cores: 1 })).toBe('Unknown processor, 1 core');
    expect(describeMemory(nas.memoryBytes)).toBe('3.67 GiB');
    expect(describeMemory(null)).toBe('unknown');
    expect(describeVolume({ mount: '/volume1', fsType: 'btrfs', sizeBytes: 4 * 1024 ** 4, freeBytes: 1024 ** 4 })).toBe(
      '/volume1 · btrfs · 1.00 TiB free of 4.00 TiB',
    );
  });

  it('counts the scratch folders swept away on connect', () => {
    expect(describeSweptFolders([])).toBeNull();
    expect(describeSweptFolders(['/volume1/a'])).toBe('Removed 1 test folder left by an earlier run.');
    expect(describeSweptFolders(['/a', '/b'])).toBe('Removed 2 test folders left by an earlier run.');
  });

  it('names host key types as ssh-keygen does, and how to check one on the NAS', () => {
    expect(describeKeyType('ssh-ed25519')).toBe('ED25519');
    expect(describeKeyType('ecdsa-sha2-nistp256')).toBe('ECDSA');
    expect(describeKeyType('ssh-rsa')).toBe('RSA');
    expect(hostKeyCheckCommand('ssh-ed25519')).toBe('ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub');
    expect(hostKeyCheckCommand('ssh-unknown')).toBe('ssh-keygen -lf /etc/ssh/ssh_host_*_key.pub');
  });
});

describe("the NAS's facts", () => {
  it('are one list with one set of labels in the app and in the report', () => {
    const run = labQuickRun();
    const nas = run.environment.nas;
    if (!nas) throw new Error('the recorded run has no NAS facts');
    const listed = describeNasFacts(nas, run.environment.target);
    expect(listed.map((fact) => fact.label)).toEqual(['Address', 'Processor', 'Memory']);
    // The report's environment holds every one of them, as the app shows it, in the same order.
    const reported = environmentFacts(run).nas;
    expect(reported.filter((fact) => listed.some((shown) => shown.label === fact.label))).toEqual(listed);
    expect(environmentFacts(run).client.map((fact) => fact.label)).toContain('Memory');
  });
});
