import { parseNasProbe } from '../../../electron/engine/probe/parse-nas';
import { classifyLink } from '../../../electron/engine/probe/this-computer';
import { clientDrives } from '../../../electron/engine/probe/this-computer-drives';
import { lineBreaks, lines, patternAlone, probeSection, repeat, stretch, type OutsideTextParser } from './entries';

const { cr, lineSeparator } = lineBreaks;
const dir = 'electron/engine/probe/parse';

/** What the NAS probe prints (probe/nas-script.ts), section by section, read by parseNasProbe. */
export const probeParsers: OutsideTextParser[] = [
  {
    parser: 'parseNasProbe: section markers and key=value lines',
    file: `${dir}/sections.ts`,
    patterns: [/\r$/, /^"(.*)"$/, /^'(.*)'$/, /^\d{1,15}$/],
    inputs: {
      'a line of carriage returns': (bytes) => probeSection('os-release', `NAME="${repeat('\r', bytes)}`),
      'many short quoted values': (bytes) => probeSection('os-release', lines(`ID="a"b"${cr}"`, bytes)),
      'a quoted value never closed': (bytes) =>
        probeSection('synology', stretch('productversion="', '"a', lineSeparator, bytes)),
      'one long digit run': (bytes) => probeSection('cpuinfo', stretch('nproc : ', '7', 'x', bytes)),
      'many markers': (bytes) => lines('@@nasbench:section tool fio', bytes),
    },
    run: parseNasProbe,
  },
  {
    parser: 'parseNasProbe: drives (sysfs block devices)',
    file: `${dir}/disks.ts`,
    patterns: [
      /^(loop|ram|zram|dm-|md|sr|fd|nbd|mtdblock|synoboot|zd|mmcblk\d+boot)/,
      /QEMU|VBOX|VMware|Virtual disk|Virtual HD|Msft Virtual|VirtIO|Xen/i,
      /^\/sys\/block\/(\S+) ([01]) (\d+)(?!\d)\s*(?!\s)(.*)$/,
      /^(vd|xvd)/,
    ],
    inputs: {
      'blanks before a model that never ends': (bytes) =>
        probeSection('drives', stretch('/sys/block/sda 0 12', ' ', `b${cr}b`, bytes)),
      'a sector count of digits, then a break': (bytes) =>
        probeSection('drives', stretch('/sys/block/sda 0 1', '2', lineSeparator, bytes)),
      'a model of near-miss hypervisor names': (bytes) =>
        probeSection('drives', stretch('/sys/block/vda 1 8 ', 'QEMVBOXVirtual d', '', bytes)),
      'many drives': (bytes) => probeSection('drives', lines('/sys/block/sdb 1 1953525168 ST2000DM008-2FR102', bytes)),
    },
    run: (text) => parseNasProbe(text),
  },
  {
    parser: 'parseNasProbe: md arrays (/proc/mdstat)',
    file: `${dir}/disks.ts`,
    patterns: [
      /^((?:nvme\d+n\d+)|(?:sata\d+)|(?:mmcblk\d+)|(?:nvme\d+n\d+c\d+))p\d+$/,
      /^(nvme\d+n\d+|sata\d+|mmcblk\d+)$/,
      /^([a-z]+?)\d+$/,
      /^(md\d+) : active(?: \([\w-]+\))? (\w+) (.+)$/,
      /\s+/,
      /^\S+\[\d+\]$/,
      /\[\d+\]$/,
      /^\s*(\d+) blocks/,
    ],
    inputs: {
      'an array of many members': (bytes) =>
        probeSection('mdstat', `${stretch('md2 : active raid5 ', 'sda5[0] nvme0n1p3[1] ', '', bytes)}\n  11 blocks`),
      'a member name of letters and digits, never a partition': (bytes) =>
        probeSection('mdstat', `md2 : active raid1 ${stretch('nvme1n1', 'a1', '[0]', bytes)}`),
      'a member name of digits and brackets': (bytes) =>
        probeSection('mdstat', `md2 : active raid1 ${stretch('sd', '[1]', '[', bytes)}`),
      'a block count of blanks and digits': (bytes) =>
        probeSection('mdstat', `md2 : active raid1 sda1[0]\n${stretch('', ' ', '1 block', bytes)}`),
      'many arrays': (bytes) =>
        probeSection('mdstat', lines('md9 : active (auto-read-only) raid1 sdb2[1] sda2[0]', bytes)),
    },
    run: parseNasProbe,
  },
  {
    parser: 'parseNasProbe: ZFS layouts (zpool status)',
    file: `${dir}/disks.ts`,
    patterns: [
      /^mirror-\d+$/,
      /^raidz1?-\d+$/,
      /^raidz2-\d+$/,
      /^raidz3-\d+$/,
      /^pool:/,
      /^(NAME|pool:|state:|scan:|status:|action:|see:|config:|errors:)/,
      /^(ONLINE|DEGRADED|FAULTED|OFFLINE|UNAVAIL|REMOVED)$/,
      /^(replacing|spare)-\d+$/,
      /^draid/,
    ],
    inputs: {
      'a pool of many vdevs': (bytes) =>
        probeSection(
          'zpool-status',
          `  pool: tank\nconfig:\n\ttank ONLINE\n${lines('\t  raidz2-0 ONLINE\n\t    sda ONLINE', bytes)}`,
        ),
      'a line of tabs': (bytes) => probeSection('zpool-status', `  pool: tank\n\ttank ONLINE\n${repeat('\t', bytes)}x`),
      'a vdev name of near-miss digits': (bytes) =>
        probeSection('zpool-status', `\ttank ONLINE\n\t  ${stretch('raidz2-', '0', '-', bytes)} ONLINE`),
    },
    run: parseNasProbe,
  },
  {
    parser: 'parseNasProbe: ethtool',
    file: `${dir}/ethtool.ts`,
    patterns: [
      /\b(\d+)base[A-Za-z0-9]+\/(?:Full|Half)\b/g,
      /^(\d+)\s*Mb\/s$/,
      /^([A-Za-z][A-Za-z -]*?):\s*(?!\s)(.*)$/,
      /\/(Full|Half)$/,
    ],
    inputs: {
      'blanks after a colon, then a break': (bytes) =>
        `${probeSection('interfaces', 'name=eth0 operstate=up mtu=1500 speed=1000')}${probeSection('ethtool eth0', stretch('Speed:', ' ', `x${cr}x`, bytes))}`,
      'a key of letters and blanks without a colon': (bytes) =>
        probeSection('ethtool eth0', stretch('Supported', ' link modes', '', bytes)),
      'a list of near-miss link modes': (bytes) =>
        probeSection('ethtool eth0', `Supported link modes: ${stretch('', '1000baseT/Ful 10base', '', bytes)}`),
      'a speed of digits and blanks': (bytes) => probeSection('ethtool eth0', stretch('Speed: 1', '0', ' Mb/', bytes)),
    },
    run: parseNasProbe,
  },
  {
    parser: 'parseNasProbe: ports and addresses (sysfs, ip -o addr)',
    file: `${dir}/network.ts`,
    patterns: [
      /^name=(\S+) operstate=(\S*) mtu=(\S*) speed=(\S*)(?: kind=(\S+))?$/,
      /^fe[89ab][0-9a-f]:/i,
      /^\d+:\s+(\S[^\s@]*(?:@(?=\s))?)(?:@\S+)?\s+inet6?\s+([0-9a-fA-F.:]+)\/\d+\s/,
    ],
    inputs: {
      'a port name of @ and dots': (bytes) => probeSection('addresses ip', stretch('6:\teth0', '@.', ' inet', bytes)),
      'a port name of letters before a break': (bytes) =>
        probeSection('addresses ip', stretch('2: ', 'e', `${cr} inet 1`, bytes)),
      'one port with many addresses': (bytes) => {
        let body = '';
        for (let index = 0; body.length < bytes; index++)
          body += `2: eth0 inet 10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}/24 brd x\n`;
        return probeSection('addresses ip', body);
      },
      'a sysfs line of near-miss fields': (bytes) =>
        probeSection('interfaces', stretch('name=eth0 operstate=up mtu=1500 speed=', 'kind=', ' kind', bytes)),
      'many ports': (bytes) =>
        probeSection('interfaces', lines('name=eth0 operstate=up mtu=1500 speed=1000 kind=physical', bytes)),
    },
    run: parseNasProbe,
  },
  {
    parser: 'parseNasProbe: bonds (/proc/net/bonding)',
    file: `${dir}/network.ts`,
    patterns: [
      /802\.3ad/i,
      /adaptive load balancing|balance-alb/i,
      /transmit load balancing|balance-tlb/i,
      /round-robin|balance-rr/i,
      /active-backup/i,
      /\(xor\)|balance-xor/i,
      /broadcast/i,
      /^\S+$/,
      /\s+/,
    ],
    inputs: {
      'a mode of near-miss names': (bytes) =>
        probeSection('bond bond0', stretch('Bonding Mode: ', 'balance-adaptive load 802.3 (xo', '', bytes)),
      'a hash policy of blanks': (bytes) =>
        probeSection('bond bond0', stretch('Transmit Hash Policy: ', ' \t', 'x', bytes)),
      'many slaves': (bytes) => probeSection('bond bond0', lines('Slave Interface: eth1', bytes)),
    },
    run: parseNasProbe,
  },
  {
    parser: 'parseNasProbe: ifconfig (BusyBox, net-tools)',
    file: `${dir}/ifconfig.ts`,
    patterns: [
      /^(\S+?):?\s+(?:Link encap|flags=)/,
      /:\d+$/,
      /\bmtu[: ](\d+)/i,
      /(?:^|[\s<,])UP[\s>,]/,
      /\binet6?\s+(?:addr:\s*)?([0-9a-fA-F.:]+[0-9a-fA-F])/,
    ],
    inputs: {
      'a port name of colons and digits': (bytes) =>
        probeSection('addresses ifconfig', stretch('eth0', ':1', ' Link enca', bytes)),
      'blanks after the name': (bytes) => probeSection('addresses ifconfig', stretch('eth0', ' ', 'Link', bytes)),
      'an address of dots and colons': (bytes) =>
        probeSection('addresses ifconfig', `eth0 Link encap:Ethernet\n${stretch('inet addr:', '.:', '', bytes)}`),
      'many inet words': (bytes) =>
        probeSection('addresses ifconfig', `eth0 Link encap:Ethernet\n${repeat('inet inet6 addr: UPmtu:', bytes)}`),
    },
    run: parseNasProbe,
  },
  {
    parser: 'parseNasProbe: BSD ifconfig -a',
    file: `${dir}/bsd-ifconfig.ts`,
    patterns: [
      /^([A-Za-z][\w.-]*): flags=[0-9a-fx]+(?![0-9a-fx])(?:<([^>]*)>)?(.*)$/,
      /\bmtu (\d+)/,
      /^\s/,
      /^inet6? ([0-9a-fA-F.:]+)(?:%\S+)?(?:\/\d+)?\s/,
      /\s+/,
      /^(lo|gif|stf|pflog|pfsync|enc|utun|awdl|llw|anpi|ap|ipsec|tun|tap)\d*$/,
      /(?<!\d)(\d+(?:\.\d+)?)\s*(G)?base/i,
    ],
    inputs: {
      'flags of hex digits, then a break': (bytes) =>
        probeSection('addresses bsd-ifconfig', stretch('igb0: flags=8', 'b', `<UP>${cr}x`, bytes)),
      'flags never closed': (bytes) =>
        probeSection('addresses bsd-ifconfig', stretch('igb0: flags=8843<', 'UP,', lineSeparator, bytes)),
      'media of open parentheses': (bytes) =>
        probeSection(
          'addresses bsd-ifconfig',
          `igb0: flags=8843<UP> mtu 1500\n${stretch('\tmedia: Ethernet ', '(', '', bytes)}`,
        ),
      'media of digits without base': (bytes) =>
        probeSection(
          'addresses bsd-ifconfig',
          `igb0: flags=8843<UP>\n${stretch('\tmedia: Ethernet (', '0', ' 1.5 G)', bytes)}`,
        ),
      'an address of hex and dots': (bytes) =>
        probeSection('addresses bsd-ifconfig', `igb0: flags=8843<UP>\n${stretch('\tinet ', 'a.', '%', bytes)}`),
      'a lagg of many ports': (bytes) =>
        probeSection(
          'addresses bsd-ifconfig',
          `lagg0: flags=8843<UP> mtu 1500\n\tlaggproto lacp lagghash l2,l3\n${lines('\tlaggport: igb0 flags=1c<ACTIVE>', bytes)}`,
        ),
    },
    run: parseNasProbe,
  },
  {
    parser: 'parseNasProbe: CPU and memory',
    file: `${dir}/hardware.ts`,
    patterns: [/^processor\s*:/, /\s+/g, /^MemTotal:\s*(\d+)/],
    inputs: {
      'a model name of blanks': (bytes) => probeSection('cpuinfo', stretch('model name : Intel', ' \t', 'x', bytes)),
      'processor lines of blanks, no colon': (bytes) => probeSection('cpuinfo', stretch('processor', ' ', '', bytes)),
      'a memory size of blanks and digits': (bytes) => probeSection('meminfo', stretch('MemTotal:', ' ', '1', bytes)),
      'many processors': (bytes) => probeSection('cpuinfo', lines('processor : 1', bytes)),
    },
    run: parseNasProbe,
  },
  {
    parser: 'parseNasProbe: the NAS OS (vendor files, os-release, DMI)',
    file: `${dir}/os.ts`,
    patterns: [
      /\s+/,
      /\b(tos|terramaster)\b/i,
      /(?<!\d)\d+\.\d+(?:\.\d+)*(?:-\d+)?/,
      /^(TrueNAS|FreeNAS)-(\d\S*)/,
      /^(?:TrueNAS-SCALE-)?((\d{2})\.\d{2}(?:\.\d+)*(?:-[\w.]+)?)$/,
      /truenas/i,
      /^(to be filled by o\.e\.m\.|system product name|default string|not specified|none|o\.e\.m\.?)$/i,
    ],
    inputs: {
      'a TOS version of digits without a dot': (bytes) => probeSection('terramaster', stretch('', '0', '', bytes)),
      'a TOS version of dotted numbers never ended': (bytes) =>
        probeSection('terramaster', stretch('4', '.1', '-', bytes)),
      'a SCALE version of dotted digits': (bytes) =>
        probeSection('truenas', stretch('TrueNAS-SCALE-24.04', '.1', '-', bytes)),
      'a CORE version of one word': (bytes) => probeSection('truenas', stretch('TrueNAS-1', '3', ' (x)', bytes)),
      'ID_LIKE of blanks': (bytes) => probeSection('os-release', stretch('ID_LIKE="debian', ' \t', 'x"', bytes)),
      'a board name of placeholder words': (bytes) =>
        probeSection('dmi', stretch('product_name=', 'o.e.m.', '', bytes)),
    },
    run: parseNasProbe,
  },
  {
    parser: 'parseNasProbe: UGOS, macOS and FreeBSD',
    file: `${dir}/os-unix.ts`,
    patterns: [/\bugos\b/i, /ugreen/i, /^DXP\d{4}/i],
    inputs: {
      'names of near-miss words': (bytes) => probeSection('os-release', stretch('NAME=', 'ugo ugree', '', bytes)),
      'a board of digits': (bytes) => probeSection('dmi', stretch('product_name=DXP', '1', '', bytes)),
    },
    run: parseNasProbe,
  },
  {
    parser: 'parseNasProbe: fio and iperf3',
    file: `${dir}/tools.ts`,
    patterns: [/fio-(\d+(?:\.\d+)*)/, /iperf3?\s+v?(\d+(?:\.\d+)*)/],
    inputs: {
      'a version of dotted digits': (bytes) =>
        probeSection('tool fio', `path=/usr/bin/fio\n${stretch('version=fio-3', '.3', '.', bytes)}`),
      'many near-miss iperf words': (bytes) =>
        probeSection('tool iperf3', `path=/usr/bin/iperf3\n${stretch('version=', 'iperf3 v iperf ', '', bytes)}`),
    },
    run: parseNasProbe,
  },
  {
    parser: 'parseNasProbe: writable folders',
    file: `${dir}/folders.ts`,
    patterns: [
      /^\/share\/[A-Z0-9]+_DATA$/,
      /^\/mnt\/(HDA_ROOT|ext|boot_config|snapshot|disks|remotes|rootshare)(\/|$)/,
    ],
    inputs: {
      'a share root of letters, never _DATA': (bytes) =>
        probeSection('folders', stretch('share=/share/', 'CACHEDEV1', '_DAT', bytes)),
      'many different folders': (bytes) => {
        let body = '';
        for (let index = 0; body.length < bytes; index++) body += `share=/share/Folder${index}\n`;
        return probeSection('folders', body);
      },
    },
    run: parseNasProbe,
  },
  {
    parser: 'parseNasProbe: ZFS pools',
    file: `${dir}/zfs.ts`,
    patterns: [/^\d{1,16}$/],
    inputs: {
      'a size of digits': (bytes) => probeSection('zpool', stretch('tank\t', '1', '\t1\t1\tONLINE', bytes)),
      'many pools': (bytes) => probeSection('zpool', lines('tank\t1000\t10\t990\tONLINE', bytes)),
    },
    run: parseNasProbe,
  },
  {
    parser: 'parseNasProbe: volumes (df, /proc/mounts, BSD mount)',
    file: `${dir}/volumes.ts`,
    patterns: [
      /^(boot-pool|freenas-boot)\//,
      /^\/(srv|mnt|media)\/./,
      /^\/volume[^/]*/,
      /^\/share(\/.|[^/])/,
      /\sType\s/,
      /(?<!\d)(\d+)-blocks/,
      /\s+/,
      /^(\d+%|-)$/,
      /^\S+$/,
      /^\s/,
      /^([^,()]+)((?:, [^,()]+)*)$/,
    ],
    inputs: {
      'a df header of digits': (bytes) => probeSection('df', stretch('Filesystem ', '1', '-block', bytes)),
      'a df line of many capacity fields': (bytes) =>
        probeSection(
          'df',
          `Filesystem 1024-blocks Used Available Capacity Mounted on\n${stretch('/dev/sda1 1 2 3', ' -', ' x', bytes)}`,
        ),
      'df lines wrapped under one long name': (bytes) =>
        probeSection(
          'df',
          `Filesystem 1024-blocks Used Available Capacity Mounted on\n${repeat('x', bytes / 2)}\n${repeat(' 1', bytes / 2)}`,
        ),
      'a BSD mount line of many " on /"': (bytes) =>
        probeSection('mounts mount', stretch('tank', ' on /', 'x)', bytes)),
      'BSD mount options never closed': (bytes) =>
        probeSection('mounts mount', stretch('tank on /mnt (zfs', ', local', `${cr})`, bytes)),
      'a mount point of octal escapes': (bytes) =>
        probeSection('mounts', stretch('/dev/sda1 /mnt/', '\\040\\0', ' ext4 rw 0 0', bytes)),
      'a tmpfs under /share of slashes': (bytes) =>
        `${probeSection('mounts', 'tmpfs /share tmpfs rw 0 0')}${probeSection('df', `Filesystem 1024-blocks Used Available Capacity Mounted on\ntmpfs 1 1 1 1% ${repeat('/', bytes)}`)}`,
    },
    run: parseNasProbe,
  },
];

/** This computer's own drives and links, as systeminformation reports them. */
export const thisComputerParsers: OutsideTextParser[] = [
  {
    parser: 'clientDrives',
    file: 'electron/engine/probe/this-computer-drives.ts',
    patterns: [
      /^(loop|ram|zram|sr|fd|nbd|dm-|md)/,
      /usb/i,
      /virtual/i,
      /^\/dev\/x?vd/,
      /nvme|pcie/i,
      /ssd/i,
      /^hd/i,
      /^x?vd/,
    ],
    inputs: {
      'a model and type of near-miss words': (bytes) => repeat('QEMVBOXus virtua nvmpci ss', bytes),
    },
    run: (text) =>
      clientDrives(
        [{ device: '/dev/xv', type: text, name: text, vendor: 'x', size: 1, interfaceType: text }],
        [{ name: text, type: 'disk', physical: 'SSD', model: text, size: 1, removable: false, protocol: 'sata' }],
      ),
  },
  {
    parser: 'classifyLink',
    file: 'electron/engine/probe/this-computer.ts',
    patterns: [/^(veth|docker|br-|virbr|vmnet|vboxnet|tun|tap|wg|utun|zt|tailscale|lo)/i, /thunderbolt|^tbt/i],
    inputs: {
      'an interface name of near-miss words': (bytes) => repeat('thunderbol tb', bytes),
    },
    run: (text) =>
      classifyLink(
        { iface: text, ip4: '', ip6: '', type: 'wired', virtual: false, speed: 1000, internal: false },
        'other',
      ),
  },
  // The adapter's bus, from its sysfs path (busOf reads the file system).
  patternAlone('electron/engine/probe/this-computer.ts', /^[\w.-]+$/, {
    'a name of word characters and a blank': (bytes) => stretch('', 'eth0.', ' ', bytes),
  }),
  patternAlone('electron/engine/probe/this-computer.ts', /\/usb\d*\//, {
    'a path of near-miss usb folders': (bytes) => repeat('/usb1/usb', bytes),
  }),
  // This computer's /proc/net/bonding file, split into lines before its fields are read.
  patternAlone('electron/engine/probe/this-computer.ts', /\r?\n/, {
    'a bonding file of carriage returns with no newline': (bytes) => repeat('\r', bytes),
  }),
];
