import { parseGvfsFolderName, shareBelowFuseMount } from '../../../electron/engine/copy/fuse-shares';
import { parseLinuxMounts, parseLinuxMountPoints } from '../../../electron/engine/copy/mount-table';
import { parseMacMounts } from '../../../electron/engine/copy/mount-table-mac';
import { parseSmbConnections, parseWindowsNetUse } from '../../../electron/engine/copy/mount-table-windows';
import { shareIsOnNas } from '../../../electron/engine/copy/mounted-shares';
import { parseLinuxRouteGet, parseMacRouteGet, splitScope } from '../../../electron/engine/copy/route-lookup';
import {
  sessionFromSmbConnectionList,
  sessionFromStatsharesText,
} from '../../../electron/engine/copy/session-terms/client-smb';
import { sessionFromCifsDebugData } from '../../../electron/engine/copy/session-terms/linux-cifs';
import {
  parseSambaConfig,
  pidsOf,
  sessionFromSambaConfig,
  smbdConfigFile,
  smbPorts,
} from '../../../electron/engine/copy/session-terms/samba-config';
import { sessionFromSmbstatus } from '../../../electron/engine/copy/session-terms/smbstatus';
import { byteCount, smbDialect } from '../../../electron/engine/copy/session-terms/terms';
import { lineBreaks, lines, repeat, stretch, type OutsideTextParser } from './entries';

const { cr, lineSeparator } = lineBreaks;
const copy = 'electron/engine/copy';
const session = `${copy}/session-terms`;
const smbstatusSessions =
  'PID     Username     Group        Machine                                   Protocol Version  Encryption           Signing\n----------------------------------------------------------------------------\n';
const smbstatusShares =
  '\nService      pid     Machine       Connected at                     Encryption   Signing\n---------------------------------------------------------------------------\n';

/** This computer's mount tables and the SMB sessions its OS and the NAS describe. */
export const shareParsers: OutsideTextParser[] = [
  {
    parser: 'parseLinuxMounts (/proc/mounts)',
    file: `${copy}/mount-table.ts`,
    patterns: [
      /^(?:([^@/:]+)@)?(\[[^\]]+\]|[^:/[\]]+):(.*)$/,
      /^\[(.*)\]$/,
      /^(?:\/\/|\\\\)([^/\\]+)[/\\](.+)$/,
      /\\/g,
      /^sshfs#(.+)$/,
      /[ \t]+/,
    ],
    inputs: {
      'an nfs source of brackets': (bytes) => stretch('[', '[fe80::1]', ':/x nfs4 rw 0 0', bytes),
      'an nfs source without a colon': (bytes) => stretch('user@', 'nas', ' /mnt nfs rw 0 0', bytes),
      'a cifs source of backslashes': (bytes) => stretch('\\\\nas\\', '\\', ' /mnt cifs rw 0 0', bytes),
      'a line of blanks and tabs': (bytes) => stretch('//nas/share', ' \t', '/mnt cifs rw', bytes),
      'an sshfs source of hashes': (bytes) => stretch('sshfs#', 'sshfs#', ' /mnt fuse rw 0 0', bytes),
      'options of many addr=': (bytes) => stretch('//nas/s /mnt cifs ', 'addr=1,', ' 0 0', bytes),
      'many mounts': (bytes) => lines('//nas/share /mnt/share cifs rw,vers=3.1.1,addr=10.0.0.2,username=me 0 0', bytes),
    },
    run: parseLinuxMounts,
  },
  {
    parser: 'parseMacMounts (mount on macOS)',
    file: `${copy}/mount-table-mac.ts`,
    patterns: [
      /^\/\/(?:([^@/]*)@)?([^/]+)\/(.+)$/,
      /^.*;/,
      /^https?:\/\/([^/:]+)(?::\d+)?(\/.*)?$/,
      /^([^,()]+)(?:,([^()]*))?$/,
    ],
    inputs: {
      'a source of many " on /"': (bytes) => stretch('//me@nas/share', ' on /', ' (smbfs, nodev)x', bytes),
      'a login of colons': (bytes) => stretch('//D;me', ':', `@nas/share on /Volumes/s (smbfs, nodev)`, bytes),
      'a login of semicolons before a break': (bytes) => stretch('//', ';', `%0D@nas/s on /Volumes/s (smbfs)`, bytes),
      'a webdav source of colons': (bytes) => stretch('http://nas', ':1', '/ on /Volumes/d (webdav)', bytes),
      'options never closed': (bytes) => stretch('//nas/s on /Volumes/s (smbfs', ', nodev', `${cr})`, bytes),
      'many mounts': (bytes) =>
        lines('//me@nas._smb._tcp.local/share on /Volumes/share (smbfs, nodev, nosuid, mounted by me)', bytes),
    },
    run: parseMacMounts,
  },
  {
    parser: 'parseWindowsNetUse (net use, Get-SmbMapping)',
    file: `${copy}/mount-table-windows.ts`,
    patterns: [
      /^\\\\([^\\/?]+)\\([^\\/]+)(?:\\.*)?$/,
      /\r?\n/,
      /(?:^|\s)([A-Za-z]:)\s*$/,
      /\s(Microsoft Windows Network|Web Client Network|NFS Network)\s*$/i,
      /\s{2,}/,
      /(\.\.\.|…)$/,
      /web\s*client/i,
    ],
    inputs: {
      'a drive column of letters and colons': (bytes) =>
        stretch('OK ', 'Z: ', '\\\\nas\\share  Microsoft Windows Network', bytes),
      'a server of @': (bytes) => stretch('OK Z: \\\\nas', '@', `${lineSeparator}\\share  Web Client Network`, bytes),
      'a remote name of dots': (bytes) => stretch('OK Z: \\\\nas\\', '.', '.x  NFS Network', bytes),
      'a provider of blanks': (bytes) => stretch('OK Z: \\\\nas\\share ', ' ', 'Microsoft Windows Networ', bytes),
      'a provider of near-miss words': (bytes) => stretch('OK Z: \\\\nas\\share ', 'web web client', '', bytes),
      'many connections': (bytes) =>
        lines('OK           Z:        \\\\nas\\share                Microsoft Windows Network', bytes),
    },
    run: parseWindowsNetUse,
  },
  {
    parser: 'parseSmbConnections (Get-SmbConnection)',
    file: `${copy}/mount-table-windows.ts`,
    patterns: [/^-+(\s+-+)*\s*$/, /-+/g, /^(\w+)\s*:\s?(.*)$/, /^\s/, /^[^\S\n\r\u2028\u2029]*-{4,}/m],
    inputs: {
      'a text of empty lines': (bytes) => repeat('\n', bytes),
      'a text of blank lines': (bytes) => repeat(' \t\n', bytes),
      'a dashed line of dashes and blanks, then a word': (bytes) =>
        `ServerName ShareName\n${stretch('', '- ', 'x', bytes)}`,
      'a table of many columns': (bytes) =>
        `ServerName ShareName\n${repeat('---- ', bytes / 2)}\n${repeat('nas  ', bytes / 2)}`,
      'a list value of blanks': (bytes) => stretch('ServerName', ' ', `:${cr}x`, bytes),
      'a list value continued over many lines': (bytes) =>
        `ShareName : share\nServerName : nas\n${lines('  more', bytes)}`,
    },
    run: parseSmbConnections,
  },
  {
    parser: 'shareIsOnNas',
    file: `${copy}/mounted-shares.ts`,
    patterns: [/^\[|\]$/g, /\.$/, /\._[a-z0-9-]+\._(?:tcp|udp)\.local$/, /\\/g],
    inputs: {
      'an address of percent signs': (bytes) => stretch('[fe80::1', '%', `${cr}]`, bytes),
      'a name of service labels': (bytes) => stretch('nas', '._smb._tcp', '.local.', bytes),
      'a name of dots': (bytes) => repeat('.', bytes),
    },
    run: (text) =>
      shareIsOnNas(
        { localPath: '/mnt', server: text, share: 's', fsType: 'cifs', protocol: 'smb', address: text },
        { addresses: ['10.0.0.2'], names: [text.slice(0, 255)] },
      ),
  },
  {
    parser: 'shareBelowFuseMount (gvfs, smbnetfs)',
    file: `${copy}/fuse-shares.ts`,
    patterns: [/^([^:]+):(\d{1,5})$/],
    inputs: {
      'a server folder of digits after a colon': (bytes) => stretch('/mnt/smb/nas:', '4', '/share', bytes),
      'a server folder of colons': (bytes) => stretch('/mnt/smb/nas', ':1', '/share', bytes),
    },
    run: (text) =>
      shareBelowFuseMount({ device: 'smbnetfs', mountPoint: '/mnt/smb', fsType: 'fuse.smbnetfs', options: '' }, text),
  },
  {
    parser: 'parseGvfsFolderName',
    file: `${copy}/fuse-shares.ts`,
    patterns: [],
    inputs: {
      'a folder name of many options': (bytes) => stretch('smb-share:server=nas,share=s', ',user=me', '', bytes),
    },
    run: (text) => parseGvfsFolderName(text, '/run/user/1000/gvfs'),
  },
  {
    parser: 'parseLinuxRouteGet, parseMacRouteGet, splitScope',
    file: `${copy}/route-lookup.ts`,
    patterns: [/\s+/, /^\s*interface:\s*(\S+)\s*$/, /^\[|\]$/g],
    inputs: {
      'a route of blanks': (bytes) => stretch('10.0.0.2 ', ' \t', 'dev', bytes),
      'an interface line of blanks before a break': (bytes) => stretch('interface:', ' ', `en0 ${cr}x`, bytes),
      'an address of brackets': (bytes) => repeat('[]', bytes),
    },
    run: (text) => [parseLinuxRouteGet(text), parseMacRouteGet(text), splitScope(text)],
  },
  {
    parser: 'sessionFromStatsharesText (smbutil statshares)',
    file: `${session}/client-smb.ts`,
    patterns: [
      /[\n\r\u2028\u2029]/,
      /\r?\n/,
      /^[=-]{10,}/,
      /^SHARE\s+ATTRIBUTE TYPE\s+VALUE/,
      /^\s/,
      /^\s+([A-Z0-9_]+)(?=\s)/i,
    ],
    inputs: {
      'a value of blanks, then a break': (bytes) => `share\n${stretch('  SMB_VERSION x', ' \t', `${cr}x`, bytes)}`,
      'an attribute name without a value': (bytes) => `share\n${stretch('  ', 'SMB_VERSION', '', bytes)}`,
      'one attribute repeated': (bytes) => `share\n${lines('  SMB_NEGOTIATE   SMBV_NEG_SMB2_ENABLED', bytes)}`,
      'a title of blanks': (bytes) => stretch('SHARE', ' ', 'ATTRIBUTE TYP', bytes),
      'many shares': (bytes) => lines('share\n  SMB_VERSION   SMB_3.1.1\n--------------------------------', bytes),
    },
    run: (text) => sessionFromStatsharesText(text, 'share'),
  },
  {
    parser: 'sessionFromSmbConnectionList (Get-SmbConnection | Format-List)',
    file: `${session}/client-smb.ts`,
    patterns: [],
    inputs: {
      'many records': (bytes) => lines('ServerName : nas\nShareName : share\nDialect : 3.1.1\nSigned : True\n', bytes),
    },
    run: (text) => sessionFromSmbConnectionList(text, 'nas', 'share'),
  },
  {
    parser: 'sessionFromCifsDebugData (/proc/fs/cifs/DebugData)',
    file: `${session}/linux-cifs.ts`,
    patterns: [
      /^[^\S\n\r\u2028\u2029]*\d+\) ConnectionId:/m,
      /^(?=[^\S\n\r\u2028\u2029]*\d+\) ConnectionId:)/m,
      /^(?=Number of credits:)/m,
      /^[^\S\n\r\u2028\u2029]*\d+\) (?:IPC: )?(\\\\\S+) Mounts:/gm,
      /Dialect 0x([0-9a-f]+)( signed)?/i,
      /SecMode: 0x([0-9a-f]+)/i,
      /Security type:/,
      /^[^\S\n\r\u2028\u2029]*\d+\) Address:/m,
      /^(?=[^\S\n\r\u2028\u2029]*\d+\) Address:)/m,
      /SessionId: 0x[0-9a-f]+([^\n]*)/i,
      /^\\\\([^\\]+)\\([^\\]+)/,
      /\bencrypted\b/,
      /\bsigned\b/,
    ],
    inputs: {
      'a text of empty lines': (bytes) => repeat('\n', bytes),
      'blank lines before each connection': (bytes) => lines('\n\t \n1) ConnectionId: 0x1 Hostname: nas', bytes),
      'lines of blanks and digits': (bytes) => repeat('\t 12\n', bytes),
      'a dialect of hex digits': (bytes) => stretch('Number of credits: 1 Dialect 0x', 'f', ' signe', bytes),
      'a session line never ended': (bytes) =>
        stretch('1) ConnectionId: 0x1\n1) Address: x\nSessionId: 0x', '1', ' encrypte', bytes),
      'many shares': (bytes) =>
        `1) ConnectionId: 0x1 Hostname: nas\nDialect 0x311 signed\nSecurity type: x\n1) Address: x\nSessionId: 0x2 encrypted\n${lines('1) \\\\nas\\share Mounts: 1 encrypted', bytes)}`,
      'a share name of backslashes': (bytes) =>
        `Number of credits: 1\n${stretch('1) \\\\', '\\', ' Mounts: 1', bytes)}`,
    },
    run: (text) => sessionFromCifsDebugData(text, 'nas', 'share', '3.1.1'),
  },
  {
    parser: 'sessionFromSmbstatus (the NAS’s smbstatus)',
    file: `${session}/smbstatus.ts`,
    patterns: [
      /^\[(.*)\]:\d+$/,
      /^([^:]+):\d+$/,
      /[\n\r\u2028\u2029]/,
      /\(ipv[46]:/,
      /\r?\n/,
      /^PID\s+Username\s+Group\s+Machine\s+Protocol Version/,
      /Encryption\s+Signing/,
      /^Service\s+pid\s+Machine\s+Connected at/,
      /^-{10,}/,
      /^(No locked files|Samba version)/,
    ],
    inputs: {
      'a machine of "(ipv4:" never closed': (bytes) =>
        `${smbstatusSessions}${stretch('1 me me ', '(ipv4:', ' SMB3_11 - -', bytes)}`,
      'a machine of an address and many ports': (bytes) =>
        `${smbstatusSessions}${stretch('1 me me ([ipv6:fe80::1', ']:1', ') SMB3_11 - -', bytes)}`,
      'a title of blanks': (bytes) => stretch('PID', ' ', 'Username', bytes),
      'a dashed line never long enough': (bytes) => lines('---------', bytes),
    },
    run: (text) => sessionFromSmbstatus(text, 'share', '10.0.0.2'),
  },
  {
    parser: 'sessionFromSmbstatus: table rows',
    file: `${session}/smbstatus-rows.ts`,
    patterns: [/[\n\r\u2028\u2029]/, /^\d+$/, /\S+/g, /[\n\r\u2028\u2029]/g],
    inputs: {
      'a session row of tabs': (bytes) => `${smbstatusSessions}${stretch('0\t0\t0\t', '\t', '\t0\t0', bytes)}`,
      'a session row of tabs, no crypto columns': (bytes) =>
        `PID Username Group Machine Protocol Version\n---------------\n${stretch('0\t0\t0\t', '\t', `\t0${cr}x`, bytes)}`,
      'a share row of tabs and digits': (bytes) => `${smbstatusShares}${stretch('0', '\t', '\t\t\n0\t0', bytes)}`,
      'a share row of many pid-like words': (bytes) =>
        `${smbstatusShares}${stretch('share', ' 1 a', `${lineSeparator} x`, bytes)}`,
      'a share row of many pid-like words, no crypto columns': (bytes) =>
        `Service pid Machine Connected at\n---------------\n${stretch('share', ' 1', '', bytes)}`,
      'many rows': (bytes) =>
        `${smbstatusSessions}${lines('4242  me  users  10.0.0.3 (ipv4:10.0.0.3:50000)  SMB3_11  -  AES-128-GMAC', bytes / 2)}${smbstatusShares}${lines('share  4242  10.0.0.3  Mon Jan  1 00:00:00 2026 UTC  -  AES-128-GMAC', bytes / 2)}`,
    },
    run: (text) => sessionFromSmbstatus(text, 'share', '10.0.0.3'),
  },
  {
    parser: 'parseSambaConfig (smb.conf, testparm)',
    file: `${session}/samba-config.ts`,
    patterns: [/[\s_]+/g, /\\\r?\n/g, /\r?\n/, /^\[(.+)\]$/, /[\0\s]+/, /^-s./, /\s+/, /^\d+$/, /[\s,]+/],
    inputs: {
      'a key of blanks and underscores': (bytes) => stretch('server', ' _', '= x', bytes),
      'a line continued many times': (bytes) => repeat('a \\\n', bytes),
      'a section name of brackets': (bytes) => stretch('[', '[]', '', bytes),
      'many shares': (bytes) => lines('[share]\n  path = /srv/share\n  smb encrypt = required', bytes),
      'a command line of blanks and NULs': (bytes) => stretch('smbd', ' \0', '-D', bytes),
      'a pidof line of digits and blanks': (bytes) => stretch('1', ' 2', 'x', bytes),
      'ports of commas and blanks': (bytes) => `[global]\n  smb ports = ${stretch('445', ', ', '139', bytes)}`,
    },
    run: (text) => {
      const config = parseSambaConfig(text);
      return [sessionFromSambaConfig(config, 'share'), smbdConfigFile(text), pidsOf(text), smbPorts(config)];
    },
  },
  {
    parser: 'smbDialect, byteCount',
    file: `${session}/terms.ts`,
    patterns: [/^\d+$/],
    inputs: {
      'digits then a letter': (bytes) => stretch('', '1', 'x', bytes),
    },
    run: (text) => [smbDialect(text), byteCount(text), parseLinuxMountPoints(text)],
  },
];
