import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nasProbeScript, SECTION_MARKER } from '../../electron/engine/probe/nas-script';
import { parseNasProbe } from '../../electron/engine/probe/parse-nas';
import { commandForAnyLoginShell } from '../../electron/engine/ssh/login-shell';
import { NasFacts } from '../../shared/contract/probe';

const fixtureDir = path.join(__dirname, '../fixtures/probe');
const fixture = (name: string): string => readFileSync(path.join(fixtureDir, name), 'utf8');
/** Parses a fixture and checks the result against the contract's schema, as the CLI would. */
const parseFixture = (name: string): NasFacts => NasFacts.parse(parseNasProbe(fixture(name)));
const port = (facts: NasFacts, name: string) => facts.interfaces.find((entry) => entry.name === name);
const mounts = (facts: NasFacts) => facts.volumes.map((volume) => volume.mount);
const KiB = 1024;
/** A volume as df -k reports it (sizes in KiB). */
const volume = (mount: string, fsType: string, sizeKiB: number, freeKiB: number) => ({
  mount,
  fsType,
  sizeBytes: sizeKiB * KiB,
  freeBytes: freeKiB * KiB,
});

/** What tests/lab/lab.sh builds: NAS-side interface and address of each link, and the 64 MiB tmpfs share. */
const labLinks = { 'nbn-a': '198.18.1.2', 'nbn-b': '198.18.2.2', 'nbn-w': '198.18.3.2', 'nbn-c': '198.18.9.2' };
const labTiny = volume('/srv/nasbench-lab/tiny', 'tmpfs', 64 * 1024, 64 * 1024);

function expectLabNetwork(facts: NasFacts): void {
  expect(facts.interfaces.map((entry) => entry.name).sort()).toEqual(Object.keys(labLinks).sort());
  for (const [name, address] of Object.entries(labLinks)) {
    // veth reports 10000 Mbit/s whatever tc limits it to; link-local fe80:: addresses are dropped.
    expect(port(facts, name)).toEqual({ name, addresses: [address], speedMbps: 10000, mtu: 1500, state: 'up' });
  }
  expect(facts.bonds).toEqual([]);
}

describe('real captures from the lab NAS (Debian 12 in namespace nb-nas)', () => {
  it('reads the lab as it is: links, addresses, RAM, volumes and tool versions', () => {
    const facts = parseFixture('lab-debian.txt');
    expect(facts.os).toEqual({ vendor: 'linux', name: 'Debian GNU/Linux', version: '12', kernel: 'linux' });
    expect(facts.hostname).toBe('vm');
    expect(facts.cpu).toEqual({ model: 'AMD EPYC', cores: 2 });
    expect(facts.memoryBytes).toBe(24684092 * KiB);
    expectLabNetwork(facts);
    expect(facts.volumes).toContainEqual(labTiny);
    expect(facts.volumes.find((entry) => entry.mount === '/')).toMatchObject({ fsType: 'ext4' });
    expect(mounts(facts)).not.toContain('/dev/shm');
    expect(facts.tools).toEqual({
      fio: { version: '3.33', path: '/usr/bin/fio' },
      iperf3: { version: '3.12', path: '/usr/bin/iperf3' },
    });
    expect(facts.installHints).toEqual([]);
  });

  it('sees that the notools user has neither tool, and says how Debian installs them', () => {
    const facts = parseFixture('lab-debian-notools.txt');
    expectLabNetwork(facts);
    expect(facts.tools).toEqual({ fio: null, iperf3: null });
    expect(facts.installHints).toEqual([
      'fio and iperf3 are not installed on this NAS. Install with `sudo apt install fio iperf3`.',
    ]);
  });

  it('reads the same box through BusyBox sh, df and ip', () => {
    const facts = parseFixture('busybox.txt');
    expectLabNetwork(facts);
    expect(facts.volumes).toContainEqual(labTiny);
    expect(facts.tools).toEqual({
      fio: { version: '3.33', path: '/tmp/bbprobe/bin/fio' },
      iperf3: { version: '3.12', path: '/tmp/bbprobe/bin/iperf3' },
    });
  });

  it('falls back to BusyBox ifconfig for addresses when there is no ip command', () => {
    const facts = parseFixture('busybox-ifconfig.txt');
    expectLabNetwork(facts);
    expect(facts.tools).toEqual({ fio: null, iperf3: null });
  });
});

describe('reconstructed NAS outputs', () => {
  it('Synology DSM 7: model, 802.3ad bond with layer2+3 hash, btrfs volume, Entware fio by path, SynoCommunity hint', () => {
    const facts = parseFixture('synology-dsm7.txt');
    expect(facts.os).toMatchObject({ vendor: 'synology', name: 'DSM', version: '7.2.1-69057' });
    expect(facts).toMatchObject({ model: 'DS920+', hostname: 'DiskStation', memoryBytes: 3843604 * KiB });
    expect(facts.cpu).toEqual({ model: 'Intel(R) Celeron(R) J4125 CPU @ 2.00GHz', cores: 4 });
    expect(facts.bonds).toEqual([{ name: 'bond0', mode: '802.3ad', hashPolicy: 'layer2+3', slaves: ['eth0', 'eth1'] }]);
    expect(port(facts, 'bond0')).toMatchObject({ addresses: ['192.168.1.20', '2001:db8:1::20'], speedMbps: 2000 });
    expect(port(facts, 'eth1')).toMatchObject({ addresses: [], speedMbps: 1000, state: 'up' });
    expect(port(facts, 'docker0')).toMatchObject({ speedMbps: null, state: 'down' });
    expect(mounts(facts)).toEqual(['/', '/volume1', '/volumeUSB1/usbshare']);
    expect(facts.volumes[1]).toEqual(volume('/volume1', 'btrfs', 11238298624, 6718164992));
    // Entware's fio is outside the SSH PATH: it is run by its full path, so only iperf3 is missing.
    expect(facts.tools).toEqual({ fio: { version: '3.33', path: '/opt/bin/fio' }, iperf3: null });
    expect(facts.installHints).toEqual([expect.stringMatching(/iperf3 .*SynoCli Monitor Tools.*opkg install iperf3/)]);
  });

  it('QNAP QTS 5: version with build number, balance-alb bond, ifconfig addresses, fs types from /proc/mounts', () => {
    const facts = parseFixture('qnap-qts5.txt');
    expect(facts.os).toMatchObject({ vendor: 'qnap', name: 'QTS', version: '5.1.0.2466' });
    expect(facts).toMatchObject({ model: 'TS-453D', memoryBytes: 8044160 * KiB });
    expect(facts.bonds).toEqual([{ name: 'bond0', mode: 'balance-alb', hashPolicy: null, slaves: ['eth0', 'eth1'] }]);
    // bond0:1 is an alias of bond0: its address belongs to bond0.
    expect(port(facts, 'bond0')).toMatchObject({ addresses: ['192.168.1.40', '169.254.100.1'], speedMbps: 5000 });
    expect(port(facts, 'eth0')).toMatchObject({ addresses: [], speedMbps: 2500 });
    expect(facts.volumes).toEqual([
      volume('/share/CACHEDEV1_DATA', 'ext4', 7750843288, 5438823564),
      volume('/share/external/DEV3301_1', 'ntfs3', 1953480700, 927055160),
    ]);
    expect(facts.installHints).toHaveLength(2);
    expect(facts.installHints.join(' ')).toMatch(/Entware QPKG.*opkg install fio.*opkg install iperf3/);
  });

  it('TrueNAS SCALE: vendor file beats Debian os-release, boot-pool datasets and .system are left out', () => {
    const facts = parseFixture('truenas-scale.txt');
    expect(facts.os).toMatchObject({ vendor: 'truenas', name: 'TrueNAS SCALE', version: '24.04.2' });
    expect(facts).toMatchObject({ model: null, cpu: { cores: 12 } }); // the board says "To Be Filled By O.E.M."
    expect(port(facts, 'enp6s0')).toMatchObject({ addresses: ['192.168.10.5', '2001:db8:10::5'], speedMbps: 10000 });
    expect(port(facts, 'enp6s0')).toMatchObject({ mtu: 9000, state: 'up' });
    expect(port(facts, 'eno1')).toMatchObject({ speedMbps: null, state: 'down' });
    expect(mounts(facts)).toEqual(['/', '/mnt/tank', '/mnt/tank/media', '/mnt/tank/backups']);
    expect(facts.volumes.every((volume) => volume.fsType === 'zfs')).toBe(true);
    expect(facts.tools).toEqual({
      fio: { version: '3.33', path: '/usr/bin/fio' },
      iperf3: { version: '3.12', path: '/usr/bin/iperf3' },
    });
    expect(facts.installHints).toEqual([]);
  });

  it('Unraid 6: active-backup bond under br0, array disks, cache and user shares, NerdTools hint for fio', () => {
    const facts = parseFixture('unraid-6.txt');
    expect(facts.os).toMatchObject({ vendor: 'unraid', name: 'Unraid', version: '6.12.10' });
    expect(facts.model).toBe('Micro-Star International Co., Ltd. MS-7D25');
    expect(facts.bonds).toEqual([{ name: 'bond0', mode: 'active-backup', hashPolicy: null, slaves: ['eth0'] }]);
    expect(port(facts, 'br0')).toMatchObject({ addresses: ['192.168.1.30'], speedMbps: null });
    expect(mounts(facts)).toEqual(['/mnt/disk1', '/mnt/disk2', '/mnt/cache', '/mnt/user0', '/mnt/user']);
    expect(facts.volumes.at(-1)).toMatchObject({ fsType: 'fuse.shfs', sizeBytes: 16600641824 * KiB });
    expect(facts.tools).toEqual({ fio: null, iperf3: { version: '3.16', path: '/usr/bin/iperf3' } });
    expect(facts.installHints).toEqual([expect.stringMatching(/fio .*NerdTools/)]);
  });

  it('openmediavault on a Raspberry Pi: ARM cpuinfo, board model from the device tree, apt hint', () => {
    const facts = parseFixture('omv-7.txt');
    expect(facts.os).toMatchObject({ vendor: 'omv', name: 'openmediavault', version: '7.0.5-1' });
    expect(facts.model).toBe('Raspberry Pi 4 Model B Rev 1.4');
    expect(facts.cpu).toEqual({ model: 'BCM2835', cores: 4 });
    expect(port(facts, 'eth0')?.addresses).toEqual(['192.168.1.50', 'fd00:db8::50']);
    expect(port(facts, 'wlan0')).toMatchObject({ speedMbps: null, state: 'down' });
    expect(mounts(facts)).toEqual([
      '/',
      '/srv/dev-disk-by-uuid-6f1e9d52-3c1a-4b0e-9a77-0d5e3b2a1c40',
      '/srv/dev-disk-by-uuid-0b9c2f4e-8a61-4d3e-b1f0-5a7c6e2d9f13',
      '/srv/mergerfs/pool1',
    ]);
    expect(facts.installHints).toEqual([
      expect.stringContaining('openmediavault NAS. Install with `sudo apt install fio`'),
    ]);
  });

  it('ASUSTOR ADM: version and model from /etc/nas.conf, Entware hint', () => {
    const facts = parseFixture('asustor-adm4.txt');
    expect(facts.os).toMatchObject({ vendor: 'asustor', name: 'ADM', version: '4.2.6.RPI1' });
    expect(facts.model).toBe('AS5304T');
    expect(mounts(facts)).toEqual(['/volume0', '/volume1']);
    expect(facts.installHints.join(' ')).toMatch(/App Central.*opkg install fio/);
  });
});

describe('the kind of each port', () => {
  const probeWith = (lines: string[]) =>
    parseNasProbe([`${SECTION_MARKER} interfaces`, ...lines, `${SECTION_MARKER} end`].join('\n'));

  it('marks a port with no hardware behind it (veth, bridge) as virtual, and a device or a bond as not', () => {
    const facts = probeWith([
      'name=eth0 operstate=up mtu=1500 speed=1000 kind=device',
      'name=bond0 operstate=up mtu=1500 speed=2000 kind=bond',
      'name=ovs_eth0 operstate=up mtu=1500 speed=10000 kind=bridge',
      'name=veth1a2b operstate=up mtu=1500 speed=10000 kind=virtual',
      'name=eth1 operstate=up mtu=9000 speed=2500',
    ]);
    const virtual = Object.fromEntries(facts.interfaces.map((entry) => [entry.name, entry.virtual]));
    expect(virtual).toEqual({ eth0: false, bond0: false, ovs_eth0: true, veth1a2b: true, eth1: undefined });
  });
});

describe('broken output', () => {
  it('garbage yields an empty, valid answer', () => {
    const facts = parseFixture('garbage.txt');
    expect(facts).toMatchObject({ hostname: null, os: { vendor: 'unknown' }, memoryBytes: null, volumes: [] });
    expect(facts.cpu).toEqual({ model: null, cores: null });
  });

  it('a capture cut mid-line keeps what arrived, drops the cut line, and claims nothing about unseen tools', () => {
    const facts = parseFixture('truncated.txt');
    expect(facts.os.vendor).toBe('linux');
    expect(port(facts, 'nbn-a')?.addresses).toEqual(['198.18.1.2']);
    expect(port(facts, 'nbn-b')?.addresses).toEqual([]);
    expect(facts.volumes).toEqual([]);
    expect(facts.tools).toEqual({ fio: null, iperf3: null });
    expect(facts.installHints).toEqual([]);
  });
});

/** Builds probe output from [section, body] pairs, the way the script prints it. */
const probeText = (...sections: [string, string][]): string =>
  sections.map(([name, body]) => `\n${SECTION_MARKER} ${name}\n${body}\n`).join('');

describe('less common shapes', () => {
  it.each([
    ['load balancing (round-robin)', 'balance-rr'],
    ['fault-tolerance (active-backup) (fail_over_mac active)', 'active-backup'],
    ['load balancing (xor)', 'balance-xor'],
    ['fault-tolerance (broadcast)', 'broadcast'],
    ['transmit load balancing', 'balance-tlb'],
  ])('bonding mode "%s" is %s', (kernelName, mode) => {
    const facts = parseNasProbe(probeText(['bond bond1', `Bonding Mode: ${kernelName}\nSlave Interface: eno1`]));
    expect(facts.bonds).toEqual([{ name: 'bond1', mode, hashPolicy: null, slaves: ['eno1'] }]);
  });

  it('reads net-tools 2 ifconfig, and ports that only ifconfig knows', () => {
    const ifconfig = [
      'enp3s0: flags=4163<UP,BROADCAST,RUNNING,MULTICAST>  mtu 9000',
      '        inet 10.0.0.2  netmask 255.255.255.0  broadcast 10.0.0.255',
      '        inet6 fe80::1  prefixlen 64  scopeid 0x20<link>',
      '        inet6 2001:db8::2  prefixlen 64  scopeid 0x0<global>',
    ].join('\n');
    const facts = parseNasProbe(probeText(['addresses ifconfig', ifconfig]));
    expect(facts.interfaces).toEqual([
      { name: 'enp3s0', addresses: ['10.0.0.2', '2001:db8::2'], speedMbps: null, mtu: 9000, state: 'up' },
    ]);
  });

  it('recognizes TerraMaster TOS and TrueNAS CORE by their version files (unverified layouts)', () => {
    const tos = parseNasProbe(probeText(['terramaster', '/etc/TOS_VERSION: TOS 5.1.145-00385']));
    expect(tos.os).toMatchObject({ vendor: 'terramaster', name: 'TOS', version: '5.1.145-00385' });
    expect(tos.installHints).toEqual([]); // no tool section arrived: nothing to claim
    const core = parseNasProbe(probeText(['truenas', 'TrueNAS-13.0-U6.1 (5ad2b3b3a2)']));
    expect(core.os).toMatchObject({ vendor: 'truenas', name: 'TrueNAS CORE', version: '13.0-U6.1' });
  });

  it('names the package manager of the distribution, and counts cores without nproc', () => {
    const fedora = parseNasProbe(
      probeText(
        ['os-release', 'NAME="Fedora Linux"\nVERSION_ID=40\nID=fedora'],
        ['cpuinfo', 'processor\t: 0\nprocessor\t: 1\nprocessor\t: 2'],
        ['tool fio', ''],
        ['tool iperf3', 'path=/usr/bin/iperf3\nversion=iperf 3.17.1 (cJSON 1.7.15)'],
      ),
    );
    expect(fedora.os).toMatchObject({ vendor: 'linux', name: 'Fedora Linux', version: '40' });
    expect(fedora.cpu.cores).toBe(3);
    expect(fedora.tools.iperf3).toEqual({ version: '3.17.1', path: '/usr/bin/iperf3' });
    expect(fedora.installHints).toEqual(['fio is not installed on this NAS. Install with `sudo dnf install fio`.']);
  });
});

describe('never throws', () => {
  const fixtures = readdirSync(fixtureDir).filter((name) => name.endsWith('.txt'));
  const parsesToValidFacts = (text: string): void => {
    expect(NasFacts.safeParse(parseNasProbe(text)).success).toBe(true);
  };
  const runs = { numRuns: 300 };

  it('any string parses to valid facts', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), parsesToValidFacts), runs);
  });

  it('any mix of markers and fact-like lines parses to valid facts', () => {
    const markers = ['hostname', 'df', 'mounts', 'bond b0', 'interfaces', 'addresses ifconfig', 'tool fio', 'meminfo'];
    const line = fc.oneof(
      fc.constantFrom(...markers).map((name) => `${SECTION_MARKER} ${name}`),
      fc.constantFrom('MemTotal: 99999999999999999999 kB', 'name=x operstate=up mtu= speed=-1', 'Filesystem Type'),
      fc.string({ maxLength: 60 }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), (lines) => parsesToValidFacts(lines.join('\n'))),
      runs,
    );
  });

  it.each(fixtures)('%s cut at any point parses to valid facts', (name) => {
    const text = fixture(name);
    fc.assert(
      fc.property(fc.nat({ max: text.length }), (cut) => parsesToValidFacts(text.slice(0, cut))),
      runs,
    );
  });
});

describe('the probe script', () => {
  it.each([['dash'], ['busybox', 'sh']])('is POSIX sh: %s accepts its syntax', (...shell) => {
    const [program = '', ...args] = shell;
    expect(() => execFileSync(program, [...args, '-n', '-c', nasProbeScript], { stdio: 'pipe' })).not.toThrow();
  });

  it('fits the command line csh can take: longer, csh runs nothing and says nothing', () => {
    expect(commandForAnyLoginShell(nasProbeScript).length).toBeLessThan(8000);
    const tooLong = spawnSync('csh', ['-c', commandForAnyLoginShell(`echo hi #${'x'.repeat(8200)}`)], {
      encoding: 'utf8',
    });
    expect([tooLong.stdout, tooLong.status]).toEqual(['', 0]);
    const fits = spawnSync('csh', ['-c', commandForAnyLoginShell(nasProbeScript)], { encoding: 'utf8' });
    expect(fits.stdout).toContain(`${SECTION_MARKER} end`);
  });

  it('only reads: every redirection goes to /dev/null or another descriptor', () => {
    const targets = [...nasProbeScript.matchAll(/\d?>>?\s*(&\d|[^\s;)"|]+)/g)].map((match) => match[1]);
    // stderr goes to /dev/null once, at the top (exec 2>/dev/null), rather than after each command.
    expect(targets.length).toBeGreaterThan(5);
    expect(targets.filter((target) => target !== '/dev/null' && !/^&\d$/.test(target ?? ''))).toEqual([]);
  });

  it.each([['dash'], ['busybox', 'sh']])('runs under %s on this machine and parses', (...shell) => {
    const [program = '', ...args] = shell;
    const output = execFileSync(program, [...args, '-c', nasProbeScript], { encoding: 'utf8', timeout: 20_000 });
    expect(output).toContain(`${SECTION_MARKER} end\n`);
    const facts = NasFacts.parse(parseNasProbe(output));
    expect(facts.hostname).not.toBeNull();
    expect(facts.memoryBytes).toBeGreaterThan(0);
    expect(facts.cpu.cores).toBeGreaterThanOrEqual(1);
  });
});

describe('folders this login can write in', () => {
  const marker = (name: string) => `${SECTION_MARKER} ${name}\n`;
  const probeWith = (lines: string[]) =>
    parseNasProbe(`${marker('hostname')}nas\n${marker('folders')}${lines.join('\n')}\n${marker('end')}`);

  it('keeps shares, volume roots and the home folder; drops firmware folders and unsafe paths', () => {
    const facts = probeWith([
      'share=/volume1/photo',
      'share=/share/CACHEDEV1_DATA',
      'share=/share/Public',
      'share=/mnt/HDA_ROOT/.config',
      'share=/mnt/disks/usb',
      'share=/volume1/photo',
      'share=relative/path',
      'share=/volume1/a/../../etc',
      'other=/volume2/x',
      'home=/var/services/homes/anna',
    ]);
    expect(facts.folders).toEqual([
      { path: '/volume1/photo', kind: 'share' },
      { path: '/share/CACHEDEV1_DATA', kind: 'volume' },
      { path: '/share/Public', kind: 'share' },
      { path: '/var/services/homes/anna', kind: 'home' },
    ]);
  });

  it('is absent for a probe from before the list, so saved runs read as they did', () => {
    expect(parseNasProbe(`${marker('hostname')}nas\n${marker('end')}`).folders).toBeUndefined();
  });

  it.each([['dash'], ['busybox', 'sh']])(
    'lists what this login can write under %s, and nothing it cannot',
    (...shell) => {
      const [program = '', ...args] = shell;
      const output = execFileSync(program, [...args, '-c', nasProbeScript], {
        encoding: 'utf8',
        timeout: 20_000,
        env: { ...process.env, HOME: '/tmp' },
      });
      const facts = NasFacts.parse(parseNasProbe(output));
      expect(facts.folders).toContainEqual({ path: '/tmp', kind: 'home' });
      // Root can write everywhere; the list still holds only existing folders, none hidden or the firmware's.
      for (const folder of facts.folders ?? []) expect(folder.path).not.toMatch(/\/[.@#]/);
    },
  );
});
