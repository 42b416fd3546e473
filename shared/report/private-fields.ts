import type { RunRecord } from '../contract/runs';
import { descriptorOf } from '../kinds';
import type { PrivateField } from '../kinds/descriptor';
import { addDrive, findPrivateText, isIpv6, type PrivateKind, type PrivateMatch } from './private-patterns';

/**
 * The run's own fields that name something of the user's, whatever it looks like: a host, a user,
 * a share or a folder, and what the probe learns about the NAS — its pools and arrays, the shares
 * it offers, its drives by their by-id names. Each is a private value the anonymiser then finds in
 * every text of the run, in every form (private-replacer.ts).
 *
 * To make a new field private, add a line to `fieldsOf` below under its part of the run: the kind
 * (which names its stand-in: pool-1, share-2, …) and where it is. The fourth wave's `nas.state`
 * (shared/cli-contract.md) belongs under "the NAS, as the probe saw it": `arrays[].name` by its
 * `kind` (a zfs pool's name as 'pool'; a btrfs volume's mount path as 'path'; md's as 'array', where
 * genericNames leaves md2 alone), and `drives[].name` through `drive`. LVM volume groups (Synology's
 * vg1000, QNAP's vg1, or one the user named) are not read by the probe yet: as 'volume-group' there.
 */
type Field = PrivateField;

function* fieldsOf(record: RunRecord): Generator<Field> {
  const { environment } = record;
  const nas = environment.nas;
  // Where the run was aimed and who it reached.
  if (!/\s/.test(environment.target)) yield ['host', environment.target];
  yield ['host', nas?.hostname];
  // The NAS's host-key fingerprint names that one box as surely as its serial number.
  yield ['serial', environment.nasIdentity?.fingerprint];
  yield ['wifi', environment.client?.route.wifi?.ssid];

  // The NAS, as the probe saw it.
  for (const volume of nas?.volumes ?? []) yield ['path', volume.mount];
  // The NAS's shares and home folders: a share's folder and its name, a home folder's owner.
  for (const folder of nas?.folders ?? []) {
    yield ['path', folder.path];
    if (folder.kind === 'share') yield ['share', folder.path.split('/').pop()];
  }
  // Pools first: a ZFS pool is also listed as an array, and is one detail with one stand-in.
  const pools = (nas?.pools ?? []).map((pool) => pool.name);
  for (const pool of pools) yield ['pool', pool];
  // A dataset is mounted where its name says (TrueNAS: /mnt/tank/media is tank/media): named whole, as `zfs get` prints it.
  for (const volume of nas?.volumes ?? [])
    if (volume.fsType === 'zfs') yield ['dataset', datasetOf(volume.mount, pools)];
  for (const array of nas?.disks?.arrays ?? []) {
    yield [zfsLevels.has(array.level) ? 'pool' : 'array', array.name];
    for (const member of array.members) yield* drive(member);
  }

  // What each test names: its folders, the share's server and user, the other computers (each kind says).
  for (const result of record.results) yield* descriptorOf(result).privateFields(result);

  // What the run was asked, by the parameter's name: "folder", "nasFolder", "dir", "localPath"; "host", "user".
  for (const [key, value] of Object.entries(environment.parameters)) {
    if (typeof value !== 'string') continue;
    if (/(?:folder|^dir|path)$/i.test(key)) yield ['path', value];
    else if (/^(?:host|target|server)$/i.test(key)) yield ['host', value];
    else if (/^user(?:name)?$/i.test(key)) yield ['user', value];
  }
}

const zfsLevels = new Set(['mirror', 'raidz1', 'raidz2', 'raidz3', 'stripe']);

/** The dataset mounted at a folder: the folder's path from its pool's name on, when it has more than the pool. */
function datasetOf(mount: string, pools: readonly string[]): string | null {
  const parts = mount.split('/');
  const at = parts.findIndex((part) => pools.includes(part) && !bootPools.test(part));
  return at >= 0 && at < parts.length - 1 ? parts.slice(at).join('/') : null;
}
/** A boot pool's datasets are the system's own (boot-pool/ROOT/24.04). */
const bootPools = /^(?:boot-pool|freenas-boot|bpool)$/;

/** A drive as the kernel names it (sda, nvme0n1p2, ada0, md2) says nothing; a by-id name holds its serial. */
const kernelDriveName =
  /^(?:sd[a-z]{1,3}|hd[a-z]{1,3}|x?vd[a-z]{1,3}|nvme\d{1,3}n\d{1,3}|mmcblk\d{1,3}|ada\d{1,3}|da\d{1,3}|nvd\d{1,3}|md\d{1,4})(?:p?\d{1,4})?$/;
function* drive(name: string): Generator<Field> {
  const whole = name.replace(/-part\d{1,4}$/, '');
  if (kernelDriveName.test(whole) || !/\p{L}/u.test(whole)) return;
  const found: Field[] = [];
  addDrive((kind, value) => found.push([kind, value]), whole);
  yield* found;
}

/**
 * Names a firmware or an installer gives, which say nothing about whose NAS this is, as md2 does
 * not: TrueNAS's boot pool, Proxmox's and Ubuntu's rpool and bpool, FreeBSD's zroot, the ZFS
 * handbook's tank, Unraid's cache pool, QuTS hero's zpool1; the shares DSM, QTS and Unraid make
 * themselves; and everyday words (data, media, backup). Left as they are, so a report keeps its
 * ordinary words ("the cache", "the data bypasses…").
 */
const everyday = 'data|storage|media|backups?|nas|vol(?:ume)?\\d{0,3}|disk\\d{0,3}';
const genericNames: Partial<Record<PrivateKind, RegExp>> = {
  pool: new RegExp(`^(?:boot-pool|freenas-boot|rpool|bpool|zroot|tank|cache|z?pool\\d{0,3}|${everyday})$`, 'i'),
  array: /^(?:md\d{1,4}|md_d\d{1,4}|\/dev\/md\d{1,4})$/,
  'volume-group': /^(?:vg\d{1,4}|cachedev\d{1,3}|pve|ubuntu-vg)$/,
  share: new RegExp(
    `^(?:shares?|public|homes?|web|photo|music|video|multimedia|download|recordings|container|appdata|domains|isos|system|docker|surveillance|${everyday})$`,
    'i',
  ),
};

/** Whether a name is one a firmware, an installer or everyday words give (genericNames): not private. */
export const isGenericName = (kind: PrivateKind, name: string): boolean => genericNames[kind]?.test(name) ?? false;

/** One-letter names would replace ordinary words; patterns still catch addresses of any length. */
const tooShort = (value: string) => value.length < 2;

/** The run's own fields that name something private, as PrivateMatch values (NFC). */
export function knownFromFields(record: RunRecord): PrivateMatch[] {
  const known: PrivateMatch[] = [];
  for (const [kind, text] of fieldsOf(record)) {
    const written = text?.normalize('NFC');
    const value = written?.trim();
    if (!written || !value || tooShort(value) || value === 'This computer' || value === 'localhost') continue;
    if (isGenericName(kind, value)) continue;
    // An address is named by its own kind (192.0.2.x, 2001:db8::x), wherever it was found.
    if (isIpv6(value) || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(value)) {
      known.push(...findPrivateText(value).filter((found) => found.text === value));
      continue;
    }
    known.push({ kind, text: value });
    // As written too, spaces and all: quoted or URL-encoded, " Anna" is not "Anna" with something before it.
    if (written !== value) known.push({ kind, text: written });
  }
  return known;
}
