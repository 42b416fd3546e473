import { readFileSync } from 'node:fs';
import { FioStatusStream } from '../../../electron/engine/disk/status-stream';
import { parseTestFolderFacts } from '../../../electron/engine/disk/file-system';
import { fioFailureFromText, parseFioReport } from '../../../electron/engine/disk/parse';
import { fioVersionOf } from '../../../electron/engine/share-bench/fio-here';
import { parseArcStats, parseZfsProperties, zfsVersionOf } from '../../../electron/engine/disk/zfs-facts';
import { fioComplaints, progressRate, readGreeting, terseJob } from '../../../electron/engine/load/fio-output';
import { NasViewStream } from '../../../electron/engine/nas-view';
import { ResultsSchema } from '../../../electron/engine/net/protocol';
import { folderLine, socketFolderOf } from '../../../electron/engine/load/nas-server-script';
import { parseIperfVersion } from '../../../electron/engine/net/remote-server';
import { connectError } from '../../../electron/engine/ssh/errors';
import { parseRefusedPrograms } from '../../../electron/engine/ssh/found-program';
import { isPasswordPrompt } from '../../../electron/engine/ssh/keyboard-interactive';
import { lineBreaks, lines, patternAlone, repeat, stretch, type OutsideTextParser } from './entries';

const { cr, lineSeparator } = lineBreaks;
const engine = 'electron/engine';
const fioReport = readFileSync('tests/fixtures/fio/final-randread-4k-q32.out', 'utf8');
const fioStatus = readFileSync('tests/fixtures/fio/status-seqwrite-1m.out', 'utf8');

/** The NAS reader's stream, one line at a time, as the SSH line reader hands it on. */
function readNasLoad(text: string): unknown {
  const reader = new NasViewStream();
  for (const line of text.split('\n')) reader.push(line);
  return reader.resources();
}

const linuxBlock = (section: string, body: string) =>
  `@@nas-load linux hz=100 page=4096 reader=1\n@@sample\n@@/proc/uptime\n1.0 1.0\n@@${section}\n${body}\n@@end\n@@sample\n@@/proc/uptime\n2.0 2.0\n@@${section}\n${body}\n@@end`;
const freebsdBlock = (section: string, body: string) =>
  `@@nas-load freebsd\n@@sample\n@@sysctl\nkern.clockrate: { hz = 100, stathz = 127 }\n@@${section}\n${body}\n@@end`;

/** What fio, dd, ZFS tools, iperf3, ssh servers and the NAS reader print. */
export const nasToolParsers: OutsideTextParser[] = [
  {
    parser: 'parseRefusedPrograms (the programs the probe would not run)',
    file: `${engine}/ssh/found-program.ts`,
    patterns: [/^([wo]) (\/.*)$/, /^([\w.+-]+)=(\/.*)$/],
    inputs: {
      'many refusals, each of another path': (bytes) => {
        let count = 0;
        return repeat('fio=/share/a\nw /share/a\n', bytes).replace(/a\nw \/share\/a/g, () => {
          count += 1;
          return `${count}\nw /share/${count}`;
        });
      },
      'a name of near-misses': (bytes) => stretch('fio', '.+-', '=', bytes),
      'a path of slashes': (bytes) => `fio=${repeat('/', bytes)}\nw ${repeat('/', bytes)}`,
    },
    run: (text) => parseRefusedPrograms(text.split('\n')),
  },
  {
    parser: 'parseFioReport, FioStatusStream (fio --output-format=json)',
    file: `${engine}/disk/parse.ts`,
    patterns: [/fio-(\d+(?:\.\d+)*)/],
    inputs: {
      'a version of dotted digits': (bytes) =>
        fioReport.replace('"fio-3.33"', `"${stretch('fio-3', '.3', '.x', bytes)}"`),
      'notes of braces before the report': (bytes) => `${lines('{ fio: note', bytes)}${fioReport}`,
      'many status objects': (bytes) => repeat(`${fioStatus.trim()}\n`, bytes),
    },
    run: (text) => {
      const stream = new FioStatusStream();
      const samples = stream.push(text);
      try {
        return [samples, parseFioReport(text)];
      } catch (error) {
        return [samples, error];
      }
    },
  },
  {
    parser: 'fioVersionOf (fio --version on this computer)',
    file: `${engine}/share-bench/fio-here.ts`,
    patterns: [/fio-(\S+)/],
    inputs: {
      'a long version': (bytes) => `fio-${repeat('3.', bytes)}`,
      'many near-misses': (bytes) => repeat('fio fio- ', bytes),
    },
    run: (text) => fioVersionOf(text),
  },
  {
    parser: 'fioFailureFromText (fio’s stderr)',
    file: `${engine}/disk/parse.ts`,
    patterns: [
      /engine \S+ not loadable|failed to load engine/,
      /does not support O_DIRECT|does not support direct=1/,
      /No space left on device/,
      /Disk quota exceeded/,
      /Permission denied/,
      /Read-only file system/,
    ],
    inputs: {
      'many engine words without "not loadable"': (bytes) => repeat('engine libaio engine ', bytes),
      'near-miss complaints': (bytes) =>
        repeat('does not support O_DIREC No space left on devic Permission denie ', bytes),
    },
    run: fioFailureFromText,
  },
  {
    parser: 'parseTestFolderFacts (the test folder’s mount, free space, ZFS facts)',
    file: `${engine}/disk/file-system.ts`,
    patterns: [
      /^(\S+) (\S+) (\S+) (\S+) \d+ \d+$/,
      /^(\S+) on (.+) type (\S+) \(([^)]*)\)/,
      /^(\S+) on (.+) \(([^,()]+)((?:, [^,()]+)*)\)/,
      /\s+/,
    ],
    inputs: {
      'a Linux mount line of many " type ("': (bytes) =>
        `@@real\n/mnt/x\n@@mounts\n${stretch('t on o', ' type e (', '', bytes)}`,
      'a BSD mount line of many " (" never closed': (bytes) =>
        `@@real\n/mnt/x\n@@mounts\n${stretch('dev on /mnt/x', ' (a', ',)', bytes)}`,
      'a BSD mount line of options with a bad comma': (bytes) =>
        `@@real\n/mnt/x\n@@mounts\n${stretch('dev on /mnt/x (zfs', ', local', ',)', bytes)}`,
      'a /proc/mounts line of octal escapes and digits': (bytes) =>
        `@@real\n/mnt/x\n@@mounts\n${stretch('/dev/sda1 /mnt/', '\\040', ' ext4 rw 0 1 1', bytes)}`,
      'a free-space line of blanks': (bytes) => `@@free\n${stretch('/dev/sda1', ' \t', '1', bytes)}`,
      'many mounts': (bytes) => `@@real\n/mnt/x\n@@mounts\n${lines('/dev/sda1 /mnt/x ext4 rw,relatime 0 0', bytes)}`,
    },
    run: parseTestFolderFacts,
  },
  {
    parser: 'parseZfsProperties, parseArcStats, zfsVersionOf',
    file: `${engine}/disk/zfs-facts.ts`,
    patterns: [/\s+/, /^(\d+(?:\.\d+)?)([KMGT]?)$/i, /^\d{1,20}$/, /^zfs-/, /^v?(\d+\.\d+(?:\.\d+)?)/],
    inputs: {
      'a recordsize of digits': (bytes) => `tank\trecordsize\t${stretch('1', '2', 'X', bytes)}\tlocal`,
      'a line of blanks': (bytes) => stretch('tank', ' \t', 'recordsize 128K', bytes),
      'an arcstats value of digits': (bytes) => stretch('c_max 4 ', '1', 'x', bytes),
      'a version line of zfs- words': (bytes) => repeat('zfs-', bytes),
      'many properties': (bytes) => lines('tank/data\tprimarycache\tall\tdefault', bytes),
    },
    run: (text) => [parseZfsProperties('tank', text), parseArcStats(text), zfsVersionOf(text)],
  },
  patternAlone(
    `${engine}/disk/cache-state.ts`,
    /^compress(-force)?=/,
    {
      'a mount option of compress words': (bytes) => repeat('compress-forc', bytes),
    },
    'on mount options',
  ),
  patternAlone(
    `${engine}/disk/dd-fallback.ts`,
    /copied,\s*([\d.]+)\s*s/,
    {
      'a summary of blanks and digits': (bytes) => repeat('copied, 1.2 ', bytes),
    },
    'on dd’s summary',
  ),
  patternAlone(
    `${engine}/disk/dd-fallback.ts`,
    /No space left on device/,
    {
      'near-misses': (bytes) => repeat('No space left on devic', bytes),
    },
    'on dd’s output',
  ),
  patternAlone(
    `${engine}/disk/dd-fallback.ts`,
    /Permission denied|Read-only file system/,
    {
      'near-misses': (bytes) => repeat('Permission denie Read-only file syste', bytes),
    },
    'on dd’s output',
  ),
  {
    parser: 'readGreeting, fioComplaints, terseJob, progressRate (fio’s controller)',
    file: `${engine}/load/fio-output.ts`,
    patterns: [
      /^hostname=.*$/m,
      /\bfio=(fio-[\w.-]+)/,
      /\bos=([^,]+)/,
      /\r?\n|\r/,
      /\r?\n/,
      /\]\[((?:[rwt]=[\d.]+[kMGTP]?,?)+)\]\[/,
      /[rwt]=([\d.]+)([kMGTP]?)/g,
    ],
    inputs: {
      'a greeting of os= never closed': (bytes) => stretch('hostname=vm, ', 'os=Linux ', lineSeparator, bytes),
      'a greeting of fio= words': (bytes) => stretch('hostname=vm, ', 'fio=fio-3.3 ', '', bytes),
      'a progress line of rates never closed': (bytes) => stretch('Jobs: 1 [R(1)][60.0%]', '[r=87.9M,w=1k', '', bytes),
      'a progress line of many rates': (bytes) => stretch('Jobs: 1 [R(1)][60.0%][', 'r=87.9M,', '][eta', bytes),
      'lines of carriage returns': (bytes) => repeat(`fio: x${cr}`, bytes),
      'many terse lines of other jobs': (bytes) => lines(`3;fio-3.33;other;0;0;${repeat('1;', 200)}`, bytes),
    },
    run: (text) => [readGreeting(text), fioComplaints(text), terseJob(text, 'helper-1'), progressRate(text)],
  },
  {
    parser: 'socketFolderOf (the folder the NAS’s fio server script made)',
    file: `${engine}/load/nas-server-script.ts`,
    patterns: [/^\/[^\n\0]*\/nasbench-fio\.[A-Za-z0-9]{6}$/],
    inputs: {
      'a folder of slashes': (bytes) => `${folderLine}${repeat('/', bytes)}`,
      'a folder of near-misses': (bytes) => `${folderLine}/${repeat('nasbench-fio.a/', bytes)}`,
    },
    run: (text) => socketFolderOf(text),
  },
  patternAlone(
    `${engine}/load/helper-errors.ts`,
    /failed to connect|connection refused|no route|timed out|could not resolve|host not found|fio: connect;/i,
    {
      'near-miss complaints': (bytes) =>
        repeat('failed to connec connection refuse no rout timed ou fio: connect ', bytes),
    },
    'on fio’s complaints',
  ),
  patternAlone(
    `${engine}/load/helper-errors.ts`,
    /not a directory|no such file/i,
    {
      'near-misses': (bytes) => repeat('not a director no such fil ', bytes),
    },
    'on fio’s complaints',
  ),
  patternAlone(
    `${engine}/load/helper-errors.ts`,
    /version|incompatible|unsupported/i,
    {
      'near-misses': (bytes) => repeat('versio incompatibl unsupporte ', bytes),
    },
    'on fio’s complaints',
  ),
  patternAlone(
    `${engine}/load/nas-server.ts`,
    /^fio-/,
    { 'a version of fio- words': (bytes) => repeat('fio-', bytes) },
    'on the NAS’s fio version',
  ),
  {
    parser: 'NasViewStream: a Linux block (the NAS reader)',
    file: `${engine}/nas-view/linux.ts`,
    patterns: [/^cpu\d*$/, /^(\w+):\s+(\d+)/],
    inputs: {
      'a cpu line of digits': (bytes) => linuxBlock('/proc/stat', stretch('cpu', '1', ' 1 1 1 1', bytes)),
      'a meminfo line of blanks and digits': (bytes) =>
        linuxBlock('/proc/meminfo', stretch('MemTotal:', ' ', '1x', bytes)),
      'a process name of parentheses': (bytes) =>
        linuxBlock('processes', stretch('1 (', ') (', ') S 1 0 0 0 0 0 0 0 0 1 1', bytes)),
      'many processes': (bytes) =>
        linuxBlock('processes', lines('4242 (smbd) S 1 4242 4242 0 -1 0 0 0 0 0 100 50 0 0 20 0 1 0 1234', bytes / 2)),
      'many disks': (bytes) =>
        linuxBlock('/proc/diskstats', lines('8 0 sda 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15', bytes / 2)),
      'many header members of one array': (bytes) =>
        `@@nas-load linux hz=100 page=4096\n${lines('@@member /sys/block/md2/slaves/sda3', bytes)}@@sample\n@@end`,
      'a header of many settings': (bytes) => `@@nas-load linux ${repeat('hz=100 ', bytes)}`,
      'a limit line of a long group': (bytes) => `@@limit 1 50000 100000 ${repeat('/a b', bytes)}`,
    },
    run: readNasLoad,
  },
  {
    parser: 'NasViewStream: a FreeBSD block (the NAS reader)',
    file: `${engine}/nas-view/freebsd.ts`,
    patterns: [
      /stathz\s*=\s*(\d+)/,
      /^([\w.%-]+):\s?(.*)$/,
      /^\s*PID\s/,
      /^(\d+):(\d+(?:\.\d+)?)$/,
      /^\s*device\s/,
      /extended device statistics/,
      /^(pass|cd)\d+$/,
      /^Name\s/,
      /^lo\d*$/,
    ],
    inputs: {
      'a clock rate of stathz words': (bytes) =>
        freebsdBlock('sysctl', stretch('kern.clockrate: ', 'stathz = ', 'x', bytes)),
      'a sysctl name of dots before a break': (bytes) =>
        freebsdBlock('sysctl', stretch('kern', '.%', `:${cr}x`, bytes)),
      'a ps header of blanks': (bytes) => freebsdBlock('ps', stretch('', ' ', 'PIDx', bytes)),
      'a ps time of digits': (bytes) =>
        freebsdBlock('ps', `PID PPID TIME COMMAND\n${stretch('1 0 1:', '2', '.x smbd', bytes)}`),
      'iostat lines of blanks': (bytes) => freebsdBlock('iostat', `${stretch('', ' ', 'devic', bytes)}\n`),
      'many iostat rows': (bytes) =>
        freebsdBlock(
          'iostat',
          `device r/s w/s kr/s kw/s ms/r ms/w ms/o ms/t qlen %b\n${lines('ada0 1 2 3 4 5 6 7 8 0 50', bytes)}`,
        ),
      'many netstat rows': (bytes) =>
        freebsdBlock(
          'netstat',
          `Name Mtu Network Address Ipkts Ierrs Idrop Ibytes Opkts Oerrs Obytes Coll\n${lines('igb0 1500 <Link#1> 00:00 1 0 0 100 1 0 100 0', bytes)}`,
        ),
    },
    run: readNasLoad,
  },
  {
    parser: 'NasViewStream: samples (disk kinds, whole disks)',
    file: `${engine}/nas-view/readings.ts`,
    patterns: [
      /^(z?ram)\d+$/,
      /^((sd|hd|vd|xvd)[a-z]+\d+|(nvme\d+n\d+|mmcblk\d+|loop\d+|sata\d+|usb\d+)p\d+)$/,
      /^md\d+$/,
      /^dm-\d+$/,
    ],
    inputs: {
      'a disk name of letters and digits, never a partition': (bytes) =>
        linuxBlock('/proc/diskstats', `8 0 ${stretch('sd', 'a1', 'x', bytes)} 1 2 3 4 5 6 7 8 9 10 11`),
      'a disk name of nvme digits': (bytes) =>
        linuxBlock('/proc/diskstats', `8 0 ${stretch('nvme1n1', '1', 'p', bytes)} 1 2 3 4 5 6 7 8 9 10 11`),
    },
    run: readNasLoad,
  },
  {
    parser: 'NasViewStream: fields',
    file: `${engine}/nas-view/snapshot.ts`,
    patterns: [/\s+/],
    inputs: {
      'a line of blanks and tabs': (bytes) => linuxBlock('/proc/net/dev', stretch('eth0:', ' \t', '1', bytes)),
    },
    run: readNasLoad,
  },
  {
    parser: 'ResultsSchema (iperf3’s results over the control connection)',
    file: `${engine}/net/protocol.ts`,
    patterns: [],
    inputs: {
      'results with many extra fields': (bytes) =>
        `{"cpu_util_total":1,"cpu_util_user":1,"cpu_util_system":0,"sender_has_retransmits":0,"streams":[],"x":[${repeat('{"a":[1,2,"b"]},', bytes)}"€"]}`,
      'results of deep arrays': (bytes) => `${repeat('[', bytes / 2)}"€"${repeat(']', bytes / 2)}`,
      'a congestion name of a long string': (bytes) =>
        `{"cpu_util_total":1,"cpu_util_user":1,"cpu_util_system":0,"sender_has_retransmits":0,"congestion_used":"${repeat('\\u0063', bytes)}€","streams":[]}`,
    },
    run: (text) => ResultsSchema.safeParse(JSON.parse(text)),
  },
  {
    parser: 'parseIperfVersion',
    file: `${engine}/net/remote-server.ts`,
    patterns: [/\biperf\s+(\d+)\.(\d+)/],
    inputs: {
      'iperf words followed by blanks': (bytes) => repeat('iperf   iperf 3', bytes),
    },
    run: parseIperfVersion,
  },
  patternAlone(
    `${engine}/net/remote-server.ts`,
    /listening on/i,
    { 'near-misses': (bytes) => repeat('listening o', bytes) },
    'on iperf3’s output',
  ),
  patternAlone(
    `${engine}/net/remote-server.ts`,
    /in use/i,
    { 'near-misses': (bytes) => repeat('in us', bytes) },
    'on iperf3’s errors',
  ),
  patternAlone(
    `${engine}/net/remote-server.ts`,
    /assign requested address/i,
    { 'near-misses': (bytes) => repeat('assign requested addres', bytes) },
    'on iperf3’s errors',
  ),
  patternAlone(
    `${engine}/net/remote-server.ts`,
    /not found|No such file/i,
    { 'near-misses': (bytes) => repeat('not foun No such fil', bytes) },
    'on the shell’s errors',
  ),
  patternAlone(
    `${engine}/net/remote-server.ts`,
    /^fe[89ab]/i,
    { 'an address of fe': (bytes) => repeat('fe', bytes) },
    'on the NAS’s addresses',
  ),
  patternAlone(
    `${engine}/net/leg-planner.ts`,
    /^(lo|docker|veth|br-|virbr|tun|tap|wg|zt|tailscale)/i,
    {
      'an interface name of near-misses': (bytes) => repeat('dockeveth', bytes),
    },
    'on the NAS’s port names',
  ),
  patternAlone(
    `${engine}/net/leg-planner.ts`,
    /^\d{1,3}(\.\d{1,3}){3}$/,
    { 'an address of dotted digits': (bytes) => stretch('1', '.1', '.', bytes) },
    'on the NAS’s addresses',
  ),
  patternAlone(
    `${engine}/runs/nas-names.ts`,
    /^(lo|docker|veth|br-|virbr|tun|tap|wg|zt|tailscale|lxc|cni|flannel)/i,
    {
      'an interface name of near-misses': (bytes) => repeat('flanne', bytes),
    },
    'on the NAS’s port names',
  ),
  patternAlone(
    `${engine}/runs/nas-names.ts`,
    /^(127\.|169\.254\.|::1$|fe80:)/i,
    { 'an address of near-misses': (bytes) => repeat('169.25', bytes) },
    'on the NAS’s addresses',
  ),
  {
    parser: 'connectError (what the SSH server or library said)',
    file: `${engine}/ssh/errors.ts`,
    patterns: [
      /authentication methods failed/i,
      /encrypted private key|passphrase|Cannot parse privateKey|Unsupported key format/i,
      /timed out/i,
    ],
    inputs: {
      'near-miss messages': (bytes) => repeat('authentication methods faile encrypted private ke timed ou ', bytes),
    },
    run: (text) => connectError(new Error(text), 'nas'),
  },
  {
    parser: 'isPasswordPrompt (the SSH server’s prompts)',
    file: `${engine}/ssh/keyboard-interactive.ts`,
    patterns: [/password/i, /one[- ]?time|verification|code|token|otp|pin\b|new password|again|retype/i],
    inputs: {
      'a prompt of near-misses': (bytes) => repeat('passwor one- verificatio toke pi ', bytes),
    },
    run: isPasswordPrompt,
  },
  patternAlone(
    `${engine}/ssh/known-hosts.ts`,
    /^\[(.+)\]:(\d+)$/,
    { 'a host of brackets and ports': (bytes) => stretch('[', 'nas]:22', 'x', bytes) },
    'on known_hosts names',
  ),
  patternAlone(
    `${engine}/ssh/known-hosts.ts`,
    /\s+/,
    { 'a line of blanks': (bytes) => stretch('nas', ' \t', 'ssh-ed25519', bytes) },
    'splitting known_hosts lines',
  ),
  patternAlone(
    `${engine}/ssh/scratch.ts`,
    /^now=(\d+)$/m,
    { 'lines of now= and digits': (bytes) => lines('now=1234x', bytes) },
    'on the stale-folder listing',
  ),
  patternAlone(
    `${engine}/store/run-store.ts`,
    /^[A-Za-z0-9-]{8,64}\.json$/,
    { 'a file name of letters': (bytes) => repeat('a', bytes) },
    'on the data folder’s file names',
  ),
  patternAlone(
    `${engine}/store/run-store.ts`,
    /^[A-Za-z0-9-]{8,64}\.json\.\d+$/,
    {
      'a file name of digits': (bytes) => stretch('aaaaaaaa.json.', '1', 'x', bytes),
    },
    'on the data folder’s file names',
  ),
];
