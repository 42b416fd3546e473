import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fioEngineFor } from '../../electron/engine/disk';
import { nasProbeScript, SECTION_MARKER } from '../../electron/engine/probe/nas-script';
import { parseNasProbe } from '../../electron/engine/probe/parse-nas';
import { NasFacts } from '../../shared/contract/probe';
import { tempDirSync } from './helpers';

/**
 * Every NAS platform the probe knows, from the fixtures in tests/fixtures/probe (README.md there
 * says which lines are real captures and from where, and which are reconstructed).
 */
const fixtureDir = path.join(__dirname, '../fixtures/probe');
const parseFixture = (name: string): NasFacts =>
  NasFacts.parse(parseNasProbe(readFileSync(path.join(fixtureDir, name), 'utf8')));
const probeText = (...sections: [string, string][]): string =>
  sections.map(([name, body]) => `\n${SECTION_MARKER} ${name}\n${body}\n`).join('');

describe('each platform is recognised with vendor, name, version and model', () => {
  it.each([
    [
      'synology-dsm6-ds120j.txt',
      { vendor: 'synology', name: 'DSM', version: '6.2.3-25426', kernel: 'linux' },
      'DS120j',
    ],
    ['synology-dsm7.txt', { vendor: 'synology', name: 'DSM', version: '7.2.1-69057', kernel: 'linux' }, 'DS920+'],
    ['qnap-qts5.txt', { vendor: 'qnap', name: 'QTS', version: '5.1.0.2466', kernel: 'linux' }, 'TS-453D'],
    ['truenas-scale.txt', { vendor: 'truenas', name: 'TrueNAS SCALE', version: '24.04.2', kernel: 'linux' }, null],
    ['freenas-11-freebsd.txt', { vendor: 'truenas', name: 'FreeNAS', version: '11.3-U5', kernel: 'freebsd' }, null],
    [
      'unraid-6.txt',
      { vendor: 'unraid', name: 'Unraid', version: '6.12.10', kernel: 'linux' },
      'Micro-Star International Co., Ltd. MS-7D25',
    ],
    [
      'omv-7.txt',
      { vendor: 'omv', name: 'openmediavault', version: '7.0.5-1', kernel: 'linux' },
      'Raspberry Pi 4 Model B Rev 1.4',
    ],
    ['asustor-adm4.txt', { vendor: 'asustor', name: 'ADM', version: '4.2.6.RPI1', kernel: 'linux' }, 'AS5304T'],
    ['terramaster-tos5.txt', { vendor: 'terramaster', name: 'TOS', version: '5.1.145-00385', kernel: 'linux' }, null],
    ['ugreen-ugos-pro.txt', { vendor: 'ugreen', name: 'UGOS Pro', version: null, kernel: 'linux' }, 'DXP2800'],
    ['lab-debian.txt', { vendor: 'linux', name: 'Debian GNU/Linux', version: '12', kernel: 'linux' }, null],
    ['macos-14.txt', { vendor: 'macos', name: 'macOS', version: '14.4.1', kernel: 'darwin' }, null],
  ])('%s', (fixture, os, model) => {
    const facts = parseFixture(fixture);
    expect(facts.os).toEqual(os);
    expect(facts.model).toBe(model);
  });

  it('TrueNAS CORE 13 and SCALE by their /etc/version lines, plain FreeBSD by uname', () => {
    const core = parseNasProbe(
      probeText(
        ['uname', 'kernel=FreeBSD\nrelease=13.1-RELEASE-p9\nmachine=amd64'],
        ['truenas', 'TrueNAS-13.0-U6.1 (1d7f5e9d0b)'],
      ),
    );
    expect(core.os).toEqual({ vendor: 'truenas', name: 'TrueNAS CORE', version: '13.0-U6.1', kernel: 'freebsd' });
    const scale = parseNasProbe(probeText(['truenas', 'TrueNAS-SCALE-24.10.2']));
    expect(scale.os).toMatchObject({ vendor: 'truenas', name: 'TrueNAS SCALE', version: '24.10.2' });
    const freebsd = parseNasProbe(probeText(['uname', 'kernel=FreeBSD\nrelease=14.4-RELEASE-p10\nmachine=amd64']));
    expect(freebsd.os).toEqual({ vendor: 'freebsd', name: 'FreeBSD', version: '14.4-RELEASE-p10', kernel: 'freebsd' });
  });

  it('a UGREEN board running Debian with its own /etc/debian_version is plain Debian, not UGOS', () => {
    const facts = parseNasProbe(
      probeText(
        ['os-release', 'NAME="Debian GNU/Linux"\nVERSION_ID="12"\nID=debian'],
        ['dmi', 'product_name=DXP2800'],
        ['ugreen', 'debian_version=present'],
      ),
    );
    expect(facts.os).toMatchObject({ vendor: 'linux', name: 'Debian GNU/Linux' });
    expect(facts.model).toBe('DXP2800');
  });
});

describe('FreeBSD without /proc: the FreeNAS set parsed into full facts', () => {
  const facts = parseFixture('freenas-11-freebsd.txt');
  const GiB = 1024 ** 3;

  it('host name, CPU, cores and memory from sysctl', () => {
    expect(facts.hostname).toBe('freenas.local');
    expect(facts.cpu).toEqual({ model: 'Apple Unknown CPU r0p0 (midr: 610f0000)', cores: 4 });
    expect(facts.memoryBytes).toBe(4266598400);
  });

  it('links from ifconfig: addresses, speed from media:, MTU and carrier; the loopback left out', () => {
    expect(facts.interfaces).toEqual([
      {
        name: 'bge0',
        addresses: ['131.252.208.203', '2610:10:20:208:20b:dbff:fe93:967'],
        speedMbps: 1000,
        mtu: 1500,
        state: 'up',
      },
      { name: 'bge1', addresses: [], speedMbps: null, mtu: 1500, state: 'down' },
    ]);
    expect(facts.bonds).toEqual([]);
  });

  it('volumes from df with types from mount (spaces in names kept); the system dataset and RAM disks left out', () => {
    expect(facts.volumes.map((volume) => volume.mount)).toEqual(['/', '/mnt/data', '/mnt/data/my dataset']);
    expect(facts.volumes.every((volume) => volume.fsType === 'zfs')).toBe(true);
    expect(facts.volumes[2]).toEqual({
      mount: '/mnt/data/my dataset',
      fsType: 'zfs',
      sizeBytes: 9893031168 * 1024,
      freeBytes: 7464623904 * 1024,
    });
  });

  it('ZFS pools from zpool list -Hp', () => {
    expect(facts.pools).toEqual([
      {
        name: 'data',
        sizeBytes: 15994458210304,
        allocatedBytes: 4797742104576,
        freeBytes: 11196716105728,
        health: 'ONLINE',
      },
      {
        name: 'freenas-boot',
        sizeBytes: 30064771072,
        allocatedBytes: 1188412416,
        freeBytes: 28876358656,
        health: 'ONLINE',
      },
    ]);
    expect(facts.pools?.[0]?.sizeBytes).toBeGreaterThan(14_000 * GiB);
  });

  it('tools with the absolute path to run, and fio on posixaio', () => {
    expect(facts.tools).toEqual({
      fio: { version: '3.16', path: '/usr/local/bin/fio' },
      iperf3: { version: '3.7', path: '/usr/local/bin/iperf3' },
    });
    expect(facts.installHints).toEqual([]);
    expect(fioEngineFor(facts.os.kernel)).toBe('posixaio');
  });

  it('a lagg is a bond: LACP is 802.3ad, the hash stays in FreeBSD words, laggports are its members', () => {
    // ifconfig lagg0 as the FreeBSD Handbook prints it (Advanced Networking, Link Aggregation, example 1).
    const lagg = [
      'em0: flags=8843<UP,BROADCAST,RUNNING,SIMPLEX,MULTICAST> metric 0 mtu 1500',
      '\tmedia: Ethernet autoselect (1000baseT <full-duplex>)',
      '\tstatus: active',
      'lagg0: flags=1008843<UP,BROADCAST,RUNNING,SIMPLEX,MULTICAST,LOWER_UP> metric 0 mtu 1500',
      '\toptions=4e504bb<RXCSUM,TXCSUM,VLAN_MTU,VLAN_HWTAGGING,JUMBO_MTU,VLAN_HWCSUM,LRO,VLAN_HWFILTER,VLAN_HWTSO,RXCSUM_IPV6,TXCSUM_IPV6,HWSTATS,MEXTPG>',
      '\tether 00:50:56:29:a9:45',
      '\thwaddr 00:00:00:00:00:00',
      '\tinet 10.0.0.3 netmask 0xffffff00 broadcast 10.0.0.255',
      '\tlaggproto lacp lagghash l2,l3,l4',
      '\tlaggport: em0 flags=0<>',
      '\tlaggport: em1 flags=0<>',
      '\tgroups: lagg',
      '\tmedia: Ethernet autoselect',
      '\tstatus: active',
      '\tnd6 options=829<PERFORMNUD,IFDISABLED,AUTO_LINKLOCAL,STABLEADDR>',
    ].join('\n');
    const parsed = parseNasProbe(probeText(['uname', 'kernel=FreeBSD'], ['addresses bsd-ifconfig', lagg]));
    expect(parsed.bonds).toEqual([{ name: 'lagg0', mode: '802.3ad', hashPolicy: 'l2,l3,l4', slaves: ['em0', 'em1'] }]);
    expect(parsed.interfaces.find((port) => port.name === 'lagg0')).toEqual({
      name: 'lagg0',
      addresses: ['10.0.0.3'],
      speedMbps: null,
      mtu: 1500,
      state: 'up',
    });
    expect(parsed.interfaces.find((port) => port.name === 'em0')?.speedMbps).toBe(1000);
  });

  it.each([
    ['Ethernet autoselect (10Gbase-SR <full-duplex,rxpause,txpause>)', 10000],
    ['Ethernet autoselect (2500Base-T <full-duplex>)', 2500],
    ['autoselect (1000baseT <full-duplex,flow-control,energy-efficient-ethernet>)', 1000],
    ['Ethernet autoselect (100baseTX <full-duplex>)', 100],
    ['Ethernet autoselect (none)', null],
  ])('media "%s" is %s Mb/s', (media, speed) => {
    const text = `ix0: flags=8843<UP,BROADCAST,RUNNING,SIMPLEX,MULTICAST> metric 0 mtu 9000\n\tmedia: ${media}\n\tstatus: active`;
    const parsed = parseNasProbe(probeText(['uname', 'kernel=FreeBSD'], ['addresses bsd-ifconfig', text]));
    expect(parsed.interfaces[0]).toMatchObject({ speedMbps: speed, mtu: 9000 });
  });
});

describe('macOS without /proc', () => {
  const facts = parseFixture('macos-14.txt');

  it('CPU, cores and memory from sysctl; links from ifconfig; pseudo-ports left out', () => {
    expect(facts.cpu).toEqual({ model: 'Apple M1 Pro', cores: 10 });
    expect(facts.memoryBytes).toBe(34359738368);
    expect(facts.interfaces.map((port) => port.name)).toEqual(['en0', 'en1', 'fw0']);
    expect(facts.interfaces[0]).toMatchObject({
      speedMbps: 100,
      state: 'up',
      addresses: expect.arrayContaining(['131.252.209.140']),
    });
  });

  it('the Data volume and external disks count; the sealed system volume and APFS helpers do not', () => {
    expect(facts.volumes.map((volume) => volume.mount)).toEqual(['/System/Volumes/Data', '/Volumes/Media']);
    expect(facts.volumes.every((volume) => volume.fsType === 'apfs')).toBe(true);
  });

  it('Homebrew fio outside the SSH PATH is used by its full path; iperf3 gets a Homebrew hint', () => {
    expect(facts.tools).toEqual({ fio: { version: '3.36', path: '/opt/homebrew/bin/fio' }, iperf3: null });
    expect(facts.installHints).toEqual([
      'iperf3 is not installed on this Mac. Install it with Homebrew: `brew install iperf3`.',
    ]);
    expect(fioEngineFor(facts.os.kernel)).toBe('posixaio');
  });
});

describe('tools by absolute path', () => {
  it('a tool found in a package folder is reported with that path and gets no hint', () => {
    const facts = parseNasProbe(
      probeText(
        ['synology', 'productversion="7.2.1"\nbuildnumber="69057"\nupnpmodelname="DS920+"'],
        ['tool fio', 'path=/volume1/@appstore/fio/bin/fio\nfound=folder\nversion=fio-3.35'],
        [
          'tool iperf3',
          'path=/var/packages/synocli-monitor/target/bin/iperf3\nfound=folder\nversion=iperf 3.16 (cJSON 1.7.15)',
        ],
      ),
    );
    expect(facts.tools).toEqual({
      fio: { version: '3.35', path: '/volume1/@appstore/fio/bin/fio' },
      iperf3: { version: '3.16', path: '/var/packages/synocli-monitor/target/bin/iperf3' },
    });
    expect(facts.installHints).toEqual([]);
  });

  it('a path that is not absolute cannot be run later, so it counts as missing', () => {
    const facts = parseNasProbe(probeText(['tool fio', 'path=fio\nversion=fio-3.33']));
    expect(facts.tools.fio).toBeNull();
  });

  it('old saved runs without a path or kernel still parse, and their fio engine is libaio', () => {
    const old = {
      hostname: 'nas',
      os: { vendor: 'linux', name: 'Debian GNU/Linux', version: '12' },
      model: null,
      cpu: { model: null, cores: 2 },
      memoryBytes: 1024,
      interfaces: [],
      bonds: [],
      volumes: [],
      tools: { fio: { version: '3.33' }, iperf3: null },
      installHints: [],
    };
    const facts = NasFacts.parse(old);
    expect(facts.tools.fio).toEqual({ version: '3.33' });
    expect(fioEngineFor(facts.os.kernel)).toBe('libaio');
    expect(fioEngineFor('linux')).toBe('libaio');
    expect(fioEngineFor(null)).toBe('libaio');
  });
});

describe('the probe script on this machine', () => {
  const scratch = tempDirSync('probe');
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it.each([['dash'], ['busybox', 'sh']])(
    'under %s reports fio and iperf3 by absolute path, and the kernel',
    (...shell) => {
      const [program = '', ...args] = shell;
      const output = execFileSync(program, [...args, '-c', nasProbeScript], { encoding: 'utf8', timeout: 20_000 });
      const facts = NasFacts.parse(parseNasProbe(output));
      expect(facts.os.kernel).toBe('linux');
      for (const tool of ['fio', 'iperf3'] as const) {
        const installed = execFileSync('sh', ['-c', `command -v ${tool} || true`], { encoding: 'utf8' }).trim();
        expect(installed, `${tool} is installed in CI`).not.toBe('');
        expect(facts.tools[tool]?.path).toMatch(/^\//);
        expect(facts.tools[tool]?.path).toBe(installed);
        expect(facts.tools[tool]?.version).toMatch(/^\d+\.\d+/);
      }
      expect(output.match(/^found=path$/gm), 'both found on the PATH').toHaveLength(2);
    },
  );

  it('finds fio in Entware /opt/bin when the PATH lacks it (private mount namespace, needs root)', () => {
    const fio = execFileSync('sh', ['-c', 'command -v fio || true'], { encoding: 'utf8' }).trim();
    const canIsolate =
      fio !== '' && process.getuid?.() === 0 && spawnsOk('unshare', ['-m', '--propagation', 'private', 'true']);
    // CI runs as root with fio installed: a machine without them fails here rather than skipping.
    expect(canIsolate, 'needs root, fio and unshare (CI has all three)').toBe(true);
    // A PATH of BusyBox applets only, as on a NAS whose SSH PATH misses Entware; /opt is a private tmpfs.
    execFileSync('busybox', ['--install', '-s', scratch]);
    const inside = [
      // 755: a tmpfs is 1777 by default, and the probe runs nothing from a folder others can write.
      'mount -t tmpfs -o mode=755 nasbench-probe /opt',
      'mkdir -p /opt/bin',
      `ln -s ${fio} /opt/bin/fio`,
      `PATH=${scratch} /usr/bin/busybox sh -c "$NB_SCRIPT"`,
    ].join(' && ');
    const output = execFileSync('unshare', ['-m', '--propagation', 'private', 'sh', '-c', inside], {
      encoding: 'utf8',
      timeout: 20_000,
      env: { ...process.env, NB_SCRIPT: nasProbeScript },
    });
    const facts = NasFacts.parse(parseNasProbe(output));
    expect(facts.tools.fio).toEqual({ version: expect.stringMatching(/^\d+\.\d+/), path: '/opt/bin/fio' });
    expect(output).toContain('found=folder');
  });
});

function spawnsOk(program: string, args: string[]): boolean {
  try {
    execFileSync(program, args, { stdio: 'ignore', timeout: 5_000 });
    return true;
  } catch {
    return false;
  }
}
