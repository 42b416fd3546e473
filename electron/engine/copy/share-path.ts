import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { SharePath } from '../../../shared/contract/figure-quality';
import { fileSystemOf, memoryFileSystems, thisPlatformIo } from './cache-bypass';
import { shareBelowFuseMount } from './fuse-shares';
import { linuxShareOf, parseLinuxMountPoints, type MountPoint, type MountedShare } from './mount-table';
import { macShareOf, parseMacMountPoints } from './mount-table-mac';
import { parseUncPath, parseWindowsNetUse, uncShare } from './mount-table-windows';
import { thisComputerMounts, type MountTableSource } from './mounted-shares';
import {
  addressOfServer,
  localAddressFor,
  resolveName,
  routeToServer,
  type RouteSources,
  type RouteToServer,
} from './route-lookup';

export type { SharePath };

/** File systems on a disk of this computer (Linux, macOS and Windows names): a folder there is no share. */
const localDiskFileSystems = new Set([
  'ext2',
  'ext3',
  'ext4',
  'xfs',
  'btrfs',
  'zfs',
  'f2fs',
  'jfs',
  'reiserfs',
  'bcachefs',
  'nilfs2',
  'vfat',
  'msdos',
  'exfat',
  'ntfs',
  'ntfs3',
  // ntfs-3g and other FUSE drivers of a local block device.
  'fuseblk',
  'hfs',
  'hfsplus',
  'apfs',
  'udf',
  'iso9660',
  'ufs',
  // A container's root: its files are on this computer's disk, under the overlay.
  'overlay',
]);

/** What a mount's file system type says about the folder, when it is not a share NASBench can parse. */
export function kindOfFileSystem(fsType: string | undefined): SharePath['kind'] {
  if (fsType === undefined) return 'unknown';
  if (memoryFileSystems.has(fsType)) return 'memory';
  if (localDiskFileSystems.has(fsType)) return 'local-disk';
  return 'unknown';
}

/** Where the path comes from: the mount table, the folder's own file system, the routing table. */
export interface SharePathSources extends MountTableSource, RouteSources {
  realpath(folder: string): Promise<string>;
  /** Linux's name for the folder's file system (statfs), when known. */
  fileSystemOf(folder: string): Promise<string | undefined>;
}

export const thisComputerPaths: SharePathSources = {
  ...thisComputerMounts,
  realpath: (folder) => realpath(folder),
  fileSystemOf: (folder) => fileSystemOf(folder, thisPlatformIo),
  resolve: resolveName,
  localAddressFor,
};

const within = (folder: string, mountPoint: string) =>
  folder === mountPoint || folder.startsWith(mountPoint.endsWith('/') ? mountPoint : `${mountPoint}/`);

/** The mount holding a folder: the longest mount point that contains it (a later mount over the same point wins). */
export function mountOfFolder(folder: string, mounts: readonly MountPoint[]): MountPoint | undefined {
  let best: MountPoint | undefined;
  for (const mount of mounts)
    if (within(folder, mount.mountPoint) && mount.mountPoint.length >= (best?.mountPoint.length ?? 0)) best = mount;
  return best;
}

interface FolderMount {
  share: MountedShare | undefined;
  fsType: string | undefined;
  /** macOS marks every mount of its own disks `local`. */
  local: boolean;
}

async function unixFolderMount(folder: string, sources: SharePathSources): Promise<FolderMount> {
  const mac = sources.platform === 'darwin';
  const table = await (mac ? sources.run('/sbin/mount', []) : sources.readFile('/proc/mounts')).catch(() => '');
  const mount = mountOfFolder(folder, mac ? parseMacMountPoints(table) : parseLinuxMountPoints(table));
  // gvfs and smbnetfs hold many shares in one mount: the folder's path below it names the share.
  const share = mount && (mac ? macShareOf(mount) : (linuxShareOf(mount) ?? shareBelowFuseMount(mount, folder)));
  // statfs knows a FUSE mount only as "fuse": the mount table's type is the more precise one.
  const fsType = mount?.fsType ?? (await sources.fileSystemOf(folder).catch(() => undefined));
  const local = mac && mount !== undefined && mount.options.split(',').some((option) => option.trim() === 'local');
  return { share, fsType, local };
}

async function windowsFolderMount(folder: string, sources: SharePathSources): Promise<FolderMount> {
  const unc = parseUncPath(folder.replace(/\//g, '\\'));
  if (unc) return { share: { ...uncShare(unc.server, unc.share), localPath: folder }, fsType: 'smb', local: false };
  const drive = /^([A-Za-z]:)/.exec(folder)?.[1]?.toUpperCase();
  const mapped = await sources
    .run('net', ['use'])
    .then(parseWindowsNetUse)
    .catch(() => []);
  const share = mapped.find((entry) => entry.localPath.toUpperCase() === drive);
  // A drive letter that `net use` does not list is one of this computer's own drives.
  return { share, fsType: share?.fsType, local: share === undefined && drive !== undefined };
}

/** The server's address, then the route to it: the interface and local address the share's traffic takes. */
async function routeOfShare(share: MountedShare, sources: SharePathSources) {
  const serverAddress = share.address ?? (await addressOfServer(share.server, sources));
  const route: RouteToServer = serverAddress
    ? await routeToServer(serverAddress, sources)
    : { interface: null, localAddress: null };
  return { serverAddress, ...route };
}

/** The network share a folder is on, as the mount table (or the folder's UNC path) says; undefined for any other folder. */
export async function findFolderShare(
  folder: string,
  sources: SharePathSources = thisComputerPaths,
): Promise<MountedShare | undefined> {
  return (await folderMountOf(folder, sources).catch(() => undefined))?.share;
}

/** The mount a folder is on; on Linux and macOS through symbolic links to its real path. */
async function folderMountOf(folder: string, sources: SharePathSources): Promise<FolderMount> {
  if (sources.platform === 'win32') return windowsFolderMount(folder, sources);
  const real = await sources.realpath(path.resolve(folder)).catch(() => path.resolve(folder));
  return unixFolderMount(real, sources);
}

/**
 * What a copy folder really is and which way its traffic goes: mount table → server and protocol →
 * the server's address (resolved when the mount names a host) → route → local interface and
 * address. Never throws: what cannot be found is null, and a folder nothing is known of is `unknown`.
 */
export async function findSharePath(folder: string, sources: SharePathSources = thisComputerPaths): Promise<SharePath> {
  const unknown: SharePath = { kind: 'unknown', server: null, protocol: null, interface: null, localAddress: null };
  try {
    const mount = await folderMountOf(folder, sources);
    if (mount.share) {
      const route = await routeOfShare(mount.share, sources);
      return {
        kind: 'network-share',
        server: mount.share.server,
        protocol: mount.share.protocol,
        interface: route.interface,
        localAddress: route.localAddress,
        serverAddress: route.serverAddress,
      };
    }
    const kind = kindOfFileSystem(mount.fsType);
    return { ...unknown, kind: kind === 'unknown' && mount.local ? 'local-disk' : kind };
  } catch {
    return unknown;
  }
}
