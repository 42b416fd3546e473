import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import path from 'node:path';
import type { NasIdentity, ShareOnOffer } from '../../../shared/contract/copy';
import { sharesInsideFuseMounts, type ReadDir } from './fuse-shares';
import { linuxShareOf, parseLinuxMountPoints, type MountedShare } from './mount-table';
import { parseMacMounts } from './mount-table-mac';
import { parseUncPath, parseWindowsNetUse, uncShare } from './mount-table-windows';

/** Where the mount table comes from; passed in so each platform's path can be tested anywhere. */
export interface MountTableSource {
  platform: NodeJS.Platform;
  readFile(file: string): Promise<string>;
  /** Runs a program directly (never through a shell) and resolves to its stdout. */
  run(program: string, args: string[]): Promise<string>;
  /** Lists a folder: the shares inside gvfs and smbnetfs mounts are folders, not mount-table lines. */
  readDir?: ReadDir;
}

/** A FUSE folder that does not answer within this long offers nothing rather than holding up the list. */
const readDirTimeoutMs = 3000;

function readDirWithin(folder: string): Promise<string[]> {
  const timeout = new Promise<string[]>((resolve) => setTimeout(() => resolve([]), readDirTimeoutMs).unref());
  return Promise.race([readdir(folder), timeout]);
}

export const thisComputerMounts: MountTableSource = {
  platform: process.platform,
  readFile: (file) => readFile(file, 'utf8'),
  run: (program, args) =>
    new Promise((resolve, reject) =>
      execFile(program, args, { timeout: 5000, windowsHide: true, encoding: 'utf8' }, (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      ),
    ),
  readDir: readDirWithin,
};

/**
 * The network shares mounted on this computer; an empty list when the table cannot be read. `nas`:
 * the NAS the app is about, asked for by name inside mounts that hold many shares (smbnetfs).
 */
export async function listMountedShares(
  source: MountTableSource = thisComputerMounts,
  nas?: NasIdentity,
): Promise<MountedShare[]> {
  try {
    if (source.platform === 'darwin') return parseMacMounts(await source.run('/sbin/mount', []));
    if (source.platform === 'win32') return parseWindowsNetUse(await source.run('net', ['use']));
    const mounts = parseLinuxMountPoints(await source.readFile('/proc/mounts'));
    const askFor = nas ? [...nas.names, ...nas.addresses] : [];
    const inside = source.readDir ? await sharesInsideFuseMounts(mounts, source.readDir, askFor) : [];
    return [...mounts.flatMap((mount) => linuxShareOf(mount) ?? []), ...inside];
  } catch {
    return [];
  }
}

export type { NasIdentity };

/** fe80::1%eth0 → fe80::1; upper case → lower case. */
function normalAddress(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '');
  const scope = bare.indexOf('%');
  return (scope < 0 ? bare : bare.slice(0, scope)).toLowerCase();
}

/**
 * `DiskStation._smb._tcp.local`, `diskstation.local`, `DISKSTATION` (NetBIOS) and
 * `diskstation.home.lan` all name the same box: compare the first label, case-insensitively.
 */
function nameKey(name: string): string {
  const bare = name
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/\._[a-z0-9-]+\._(?:tcp|udp)\.local$/, '');
  return bare.split('.')[0] ?? bare;
}

/** Whether a mounted share lives on the given NAS, by address (also `addr=`) or by name. */
export function shareIsOnNas(share: MountedShare, nas: NasIdentity): boolean {
  const addresses = new Set(nas.addresses.map(normalAddress));
  const candidates = [share.server, ...(share.address ? [share.address] : [])];
  if (candidates.some((candidate) => addresses.has(normalAddress(candidate)))) return true;
  if (isIP(normalAddress(share.server)) !== 0) return false;
  const names = new Set(nas.names.filter((name) => isIP(normalAddress(name)) === 0).map(nameKey));
  return names.has(nameKey(share.server));
}

/** The shares that belong to the NAS, so the app can offer "use this share". */
export function sharesOfNas(shares: MountedShare[], nas: NasIdentity): MountedShare[] {
  return shares.filter((share) => shareIsOnNas(share, nas));
}

function comparablePath(text: string, platform: NodeJS.Platform): string {
  const slashes = platform === 'win32' ? text.replace(/\\/g, '/').toLowerCase() : text;
  return slashes.endsWith('/') ? slashes : `${slashes}/`;
}

/**
 * The share a folder lives on: the mount with the longest mount point that contains it. On
 * Windows a UNC folder (`\\nas\share\photos`) names its share itself, mapped or not.
 */
export function shareOfFolder(
  folder: string,
  shares: MountedShare[],
  platform: NodeJS.Platform = process.platform,
): MountedShare | undefined {
  const target = comparablePath(platform === 'win32' ? folder : path.posix.resolve(folder), platform);
  const containing = shares
    .filter((share) => target.startsWith(comparablePath(share.localPath, platform)))
    .sort((a, b) => b.localPath.length - a.localPath.length);
  if (containing[0]) return containing[0];
  const unc = platform === 'win32' ? parseUncPath(folder) : undefined;
  return unc && uncShare(unc.server, unc.share);
}

/** The mounted shares with those on the given NAS first and marked, for "use this share". */
export function offerShares(shares: MountedShare[], nas: NasIdentity | undefined): ShareOnOffer[] {
  const marked = shares.map((share) => ({ ...share, onNas: nas !== undefined && shareIsOnNas(share, nas) }));
  return [...marked.filter((share) => share.onNas), ...marked.filter((share) => !share.onNas)];
}
