/**
 * What a private detail looks like in free text (notes, error messages, command lines, tags):
 * addresses, MACs, serial numbers and WWNs, drives by their by-id names, interfaces named after
 * their MAC, local host names and folder paths. The anonymiser also takes the names it knows from
 * the run's own fields (private-fields.ts); these patterns catch the ones typed or printed anywhere
 * else. Pure: regular expressions and a small IPv6 check.
 *
 * Every pattern here reads text from outside (a NAS, a tool, an imported file), so each one is
 * linear in its input: a repeat that can run long is bounded, or its lookbehind refuses to start
 * inside a run of what it consumes, so no stretch of text is scanned from more than one start.
 */

export type PrivateKind =
  | 'ipv4'
  | 'ipv6'
  | 'mac'
  | 'serial'
  | 'host'
  | 'user'
  | 'path'
  | 'share'
  | 'wifi'
  | 'iface'
  | 'pool'
  | 'array'
  | 'volume-group'
  | 'dataset'
  | 'drive';

export interface PrivateMatch {
  kind: PrivateKind;
  text: string;
}

/** The kinds whose stand-in is a word and a number ("iface-1", "pool-2"), by that word. */
const standInWords: Partial<Record<PrivateKind, string>> = {
  host: 'host',
  user: 'user',
  share: 'share',
  wifi: 'wifi',
  iface: 'iface',
  pool: 'pool',
  array: 'array',
  'volume-group': 'vg',
  dataset: 'dataset',
  drive: 'drive',
  serial: 'SERIAL',
};

/** The word of a kind's stand-in ("iface" of "iface-1"); none for addresses and folders. */
export const standInWord = (kind: PrivateKind): string | undefined => standInWords[kind];
/** Every stand-in word, for what recognises a stand-in (private-replacer.ts withoutStandIns). */
export const allStandInWords: readonly string[] = Object.values(standInWords);

const octet = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
/** Four octets, not part of a longer dotted number (a 5-part version string is left alone). */
const ipv4 = new RegExp(`(?<![\\d.])(?:${octet}\\.){3}${octet}(?!\\.?\\d)`, 'g');
/** aa:bb:cc:dd:ee:ff, aa-bb-…, and Cisco's aabb.ccdd.eeff. */
const mac =
  /(?<![0-9A-Fa-f:-])(?:[0-9A-Fa-f]{2}([:-])(?:[0-9A-Fa-f]{2}\1){4}[0-9A-Fa-f]{2}|[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4})(?![0-9A-Fa-f:-])/g;
/** Groups of hex digits and colons, ending in a group or an IPv4 tail, with a zone; isIpv6 decides. */
const ipv6Candidate =
  /(?<![0-9A-Za-z:.%])(?:[0-9A-Fa-f]{0,4}:){2,8}(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9A-Fa-f]{0,4})(?:%[\w.-]+)?/g;
/**
 * Serial numbers are upper-case letters and digits, 10 to 20 long (Synology "2030PDN123456", QNAP
 * "Q194I12345", a bare MAC "001132ABCDEF"), or anything after a "serial"/"S/N" label. The
 * lookaheads look no further than the 20 characters a serial can have.
 */
const serial = /(?<![A-Za-z0-9])(?=[A-Z0-9]{0,19}\d)(?=[A-Z0-9]{0,19}[A-Z])[A-Z0-9]{10,20}(?![A-Za-z0-9])/g;
/**
 * After the label, a token with a digit in it: "serial port" names no serial number. The white
 * space around the label's colon is bounded (smartctl aligns its values with a few spaces).
 */
const labelledSerial =
  /\b(?:serial(?:\s{0,40}(?:number|no\.?))?|s\/n|sn)\s{0,40}(?:[:=#]\s{0,40})?((?=[A-Za-z-]{0,39}\d)[A-Za-z0-9-]{4,40})(?![A-Za-z0-9-])/gi;
/**
 * A drive's World Wide Name: Linux's by-id `wwn-0x…`, SCSI's `naa.…` and `eui.…`, or a bare NAA
 * type 5 (`0x5…`, what most SATA and SAS drives carry): 16 hex digits, or 32.
 */
const wwn = /(?<![\p{L}\p{N}_.:-])(?:wwn-0x|naa\.|eui\.|0x(?=5))[0-9A-Fa-f]{16}(?:[0-9A-Fa-f]{16})?(?![\p{L}\p{N}_])/gu;
/** smartctl's "LU WWN Device Id: 5 000cca 264c3ba8e": the same number, grouped. */
const labelledWwn = /\bWWN(?: Device Id)?:[ \t]{0,40}([0-9A-Fa-f] [0-9A-Fa-f]{6} [0-9A-Fa-f]{9})(?![0-9A-Fa-f])/g;
/**
 * A drive by its /dev/disk/by-id name, which is bus, model and serial (`ata-WDC_WD120EFBX-68B0EN0_5QG1ABCD`,
 * `nvme-Samsung_SSD_980_1TB_S64ANS0T123456`, `usb-WD_Elements_25A2_5758…-0:0`), as `zpool status`
 * names members when it is run without -L. The underscore tells it from words like "usb-ethernet".
 */
const driveById = /(?<![\w.:-])(?:ata|nvme|scsi|usb|mmc|sas)-[\w.:-]*_[\w.:-]+/g;
/** A partition of a by-id name ("…-part1") is that drive; a full stop after it ends the sentence. */
const partitionSuffix = /-part\d{1,4}$/;
function driveName(found: string): string {
  let end = found.length;
  while (end > 0 && '.:-'.includes(found[end - 1] ?? '')) end -= 1;
  return found.slice(0, end).replace(partitionSuffix, '');
}
/**
 * An interface named after its MAC address, as udev names USB Ethernet adapters (`enx00e04c680123`),
 * Wi-Fi dongles (`wlx…`) and mobile broadband (`wwx…`): the MAC is in the name.
 */
const macInterface = /(?<![\p{L}\p{N}])(?:en|wl|ww)x[0-9A-Fa-f]{12}(?![\p{L}\p{N}])/gu;
/** Names only a home network resolves, in any script (mDNS names are UTF-8: "zoë-nas.local"). */
const localHost =
  /(?<![\p{L}\p{N}_.-])[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,62})(?:\.[\p{L}\p{N}-]{1,63})*\.(?:local|lan|home|internal|localdomain|home\.arpa|fritz\.box|router)(?![\p{L}\p{N}_-])/giu;
/** An e-mail address or an SSH login ("admin@192.168.1.2"): the part before the @ is someone. */
const login = /(?<![\w.+-])[\w.+-]+@[\w-]+(?:[.:][\w-]+)+/g;
/** A home folder says whose it is. */
const homeFolder = /(?:\/home\/|\/Users\/|\/var\/services\/homes\/|[A-Za-z]:\\Users\\)([^/\\\s"'<>|]+)/g;
/**
 * An absolute path at the start of a value or after a space, "=", ":" or a quote: POSIX, Windows
 * drive or UNC. System folders say nothing about the user and stay.
 */
const posixPath = /(?<=^|[\s=:'"(,])\/(?!\/)[^\s'"<>|,;)]*[^\s'"<>|,;).]/g;
const windowsPath = /(?<=^|[\s=:'"(,])(?:[A-Za-z]:\\|\\\\)[^\s'"<>|,;)]*[^\s'"<>|,;).]/g;
const systemFolders = /^\/(?:dev|proc|sys|usr|bin|sbin|lib|lib64|etc)(?:\/|$)/;

/** Whether `text` is a whole IPv6 address (with an optional zone), by the RFC 4291 text forms. */
export function isIpv6(text: string): boolean {
  const address = text.split('%')[0] ?? '';
  if (!address.includes(':')) return false;
  let groups = address.split(':');
  const last = groups[groups.length - 1] ?? '';
  if (last.includes('.')) {
    if (!new RegExp(`^(?:${octet}\\.){3}${octet}$`).test(last)) return false;
    groups = groups.slice(0, -1).concat(['0', '0']);
  }
  const joined = groups.join(':');
  const halves = joined.split('::');
  if (halves.length > 2) return false;
  const hex = /^[0-9A-Fa-f]{1,4}$/;
  const parts = (half: string | undefined) => (half ? half.split(':') : []);
  const head = parts(halves[0]);
  const rest = parts(halves[1]);
  if (![...head, ...rest].every((group) => hex.test(group))) return false;
  const count = head.length + rest.length;
  return halves.length === 2 ? count <= 7 : count === 8;
}

/**
 * What says nothing about anyone: loopback and unspecified addresses, system folders, and the
 * documentation ranges the anonymiser itself puts in (so anonymising twice changes nothing).
 */
export function isHarmless(kind: PrivateKind, text: string): boolean {
  if (kind === 'ipv4')
    return /^(?:127\.|0\.0\.0\.0$|255\.255\.255\.255$|192\.0\.2\.|198\.51\.100\.|203\.0\.113\.)/.test(text);
  if (kind === 'ipv6') return /^(?:::1?$|0:0:0:0:0:0:0:[01]$|2001:db8:)/i.test(text.split('%')[0] ?? '');
  if (kind === 'mac') return /^02:00:00:00:00:[0-9a-f]{2}$/.test(text);
  const word = standInWord(kind);
  if (word) return text.startsWith(`${word}-`) && /^\d+$/.test(text.slice(word.length + 1));
  if (kind === 'path')
    return systemFolders.test(text) || text === '/' || /^(?:\/|[A-Z]:\\)folder-\d+(?:[\\/]|$)/.test(text);
  return false;
}

function* matchesOf(pattern: RegExp, text: string, group = 0): Generator<string> {
  for (const match of text.matchAll(pattern)) {
    const found = match[group];
    if (found) yield found;
  }
}

/** Every private-looking piece of one string, in the order the anonymiser should name them. */
export function findPrivateText(text: string): PrivateMatch[] {
  const found: PrivateMatch[] = [];
  const add = (kind: PrivateKind, value: string) => {
    if (!isHarmless(kind, value)) found.push({ kind, text: value });
  };
  for (const value of matchesOf(mac, text)) add('mac', value);
  for (const value of matchesOf(ipv6Candidate, text)) if (isIpv6(value)) add('ipv6', value);
  for (const value of matchesOf(ipv4, text)) add('ipv4', value);
  for (const value of matchesOf(macInterface, text)) add('iface', value);
  for (const value of matchesOf(driveById, text)) addDrive(add, driveName(value));
  for (const value of matchesOf(wwn, text)) add('serial', value);
  for (const value of matchesOf(labelledWwn, text, 1)) add('serial', value);
  for (const value of matchesOf(labelledSerial, text, 1)) add('serial', value);
  for (const value of matchesOf(serial, text)) add('serial', value);
  for (const value of matchesOf(localHost, text)) add('host', value);
  for (const value of matchesOf(login, text)) add('user', value);
  for (const value of matchesOf(homeFolder, text, 1)) add('user', value);
  for (const value of matchesOf(posixPath, text)) add('path', value);
  for (const value of matchesOf(windowsPath, text)) add('path', value);
  return found;
}

/**
 * A drive's by-id name, and the serial at its end (after the last underscore), which a note may
 * also name on its own ("S/N 5QG1ABCD"). A WWN name (`wwn-0x…`) is a serial as it is.
 */
export function addDrive(add: (kind: PrivateKind, value: string) => void, name: string): void {
  add('drive', name);
  const serialPart = name.slice(name.lastIndexOf('_') + 1);
  if (serialPart !== name && serialPart.length >= 4) add('serial', serialPart);
}
