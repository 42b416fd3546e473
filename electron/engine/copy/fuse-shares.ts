import path from 'node:path';
import { decodeUrlPart, mountOption, type MountPoint, type MountedShare, type ShareProtocol } from './mount-table';

/**
 * Shares that live inside one FUSE mount holding many: GNOME's gvfs (`gvfsd-fuse` on
 * /run/user/UID/gvfs, one folder per share it has mounted) and smbnetfs (the whole network under
 * one folder, `MOUNT/<server>/<share>`). The mount table lists only the FUSE mount itself, so the
 * share is read from the folder's path below it.
 */

const gvfsType = 'fuse.gvfsd-fuse';
const smbnetfsType = 'fuse.smbnetfs';

/** gvfs's backends by the prefix of their folder names, and the protocol each speaks. */
const gvfsBackends: Record<string, ShareProtocol> = {
  'smb-share': 'smb',
  sftp: 'sshfs',
  dav: 'webdav',
  davs: 'webdav',
  'afp-volume': 'afp',
  nfs: 'nfs',
};

/**
 * A gvfs folder name: `smb-share:server=nas,share=photos,user=anna`, `sftp:host=nas,user=anna`,
 * `dav:host=nas,ssl=true,prefix=%2Fwebdav`, `afp-volume:host=nas,volume=home`,
 * `nfs:host=nas,prefix=%2Fexport`. Values are URL-escaped. Undefined for anything else (a phone, a camera).
 */
export function parseGvfsFolderName(name: string, gvfsRoot: string): MountedShare | undefined {
  const colon = name.indexOf(':');
  const protocol = gvfsBackends[name.slice(0, colon)];
  if (colon < 0 || protocol === undefined) return undefined;
  const spec = name.slice(colon + 1);
  const value = (key: string) => {
    const raw = mountOption(spec, key);
    return raw === undefined ? undefined : decodeUrlPart(raw);
  };
  const server = value('server') ?? value('host');
  if (!server) return undefined;
  const share = value('share') ?? value('volume') ?? value('prefix') ?? '';
  if (protocol === 'smb' && !share) return undefined;
  const user = value('user');
  const localPath = path.posix.join(gvfsRoot, name);
  return { localPath, server, share, fsType: gvfsType, protocol, ...(user ? { user } : {}) };
}

/**
 * An smbnetfs path's share: the first two folders below the mount point are the server and the
 * share; the server's folder may name a port too (`nas:4455`, as libsmbclient's smb:// addresses do).
 */
function smbnetfsShare(mountPoint: string, parts: readonly string[]): MountedShare | undefined {
  const [serverFolder, share] = parts;
  if (!serverFolder || !share) return undefined;
  const withPort = /^([^:]+):(\d{1,5})$/.exec(serverFolder);
  const port = withPort ? Number(withPort[2]) : undefined;
  return {
    localPath: path.posix.join(mountPoint, serverFolder, share),
    server: withPort?.[1] ?? serverFolder,
    share,
    fsType: smbnetfsType,
    protocol: 'smb',
    ...(port !== undefined && port >= 1 && port <= 65_535 ? { port } : {}),
  };
}

/** Whether a mount holds many shares below it rather than being one. */
export function holdsManyShares(mount: Pick<MountPoint, 'fsType'>): boolean {
  return mount.fsType === gvfsType || mount.fsType === smbnetfsType;
}

/** The share a folder inside a gvfs or smbnetfs mount is on; undefined above the share or in other mounts. */
export function shareBelowFuseMount(mount: MountPoint, folder: string): MountedShare | undefined {
  if (!holdsManyShares(mount)) return undefined;
  const relative = path.posix.relative(mount.mountPoint, folder);
  if (relative === '' || relative.startsWith('..') || path.posix.isAbsolute(relative)) return undefined;
  const parts = relative.split('/');
  if (mount.fsType === smbnetfsType) return smbnetfsShare(mount.mountPoint, parts);
  return parts[0] === undefined ? undefined : parseGvfsFolderName(parts[0], mount.mountPoint);
}

/** Lists a folder; rejects or resolves to [] when it cannot. Passed in: reading FUSE folders is I/O. */
export type ReadDir = (folder: string) => Promise<string[]>;

/** smbnetfs lists every computer it knows: only this many are asked for their shares, so offering stays quick. */
const smbnetfsServersAsked = 16;

/**
 * The shares inside gvfs and smbnetfs mounts, for "use this share". gvfs folders are the shares it
 * has mounted; smbnetfs's two levels are servers and their shares (listing a server's folder asks
 * that server, so a few are asked at most). smbnetfs's top lists only the servers it has met (by
 * NetBIOS browsing, which most home networks lack, or once a folder of theirs was opened), so the
 * NAS the app is about (`askFor`: its names and addresses) is asked for by name too, as a user
 * opening `~/smb/diskstation` would. A folder that cannot be listed adds nothing.
 */
export async function sharesInsideFuseMounts(
  mounts: readonly MountPoint[],
  readDir: ReadDir,
  askFor: readonly string[] = [],
): Promise<MountedShare[]> {
  const list = (folder: string) => readDir(folder).catch((): string[] => []);
  const found: MountedShare[] = [];
  for (const mount of mounts.filter(holdsManyShares)) {
    const names = await list(mount.mountPoint);
    if (mount.fsType === gvfsType) {
      found.push(...names.flatMap((name) => parseGvfsFolderName(name, mount.mountPoint) ?? []));
      continue;
    }
    const listed = new Set(names.map((name) => name.toLowerCase()));
    // An IPv6 address cannot be an smbnetfs folder: its colons read as a port. A name is one folder, never
    // "." or ".." (a NAS's host name comes from the NAS: ".." would list the folder above the mount).
    const named = askFor.filter(
      (name) =>
        !name.includes(':') &&
        !name.includes('/') &&
        !['', '.', '..'].includes(name) &&
        !listed.has(name.toLowerCase()),
    );
    const servers = [...new Set([...names, ...named])].slice(0, smbnetfsServersAsked);
    // Asked at once: a name that resolves nowhere costs its timeout once, not once per server.
    const sharesOf = await Promise.all(servers.map((server) => list(path.posix.join(mount.mountPoint, server))));
    servers.forEach((server, index) => {
      // IPC$ is the server's own pipe, not a folder anyone copies to.
      const folders = (sharesOf[index] ?? []).filter((share) => share.toUpperCase() !== 'IPC$');
      found.push(...folders.flatMap((share) => smbnetfsShare(mount.mountPoint, [server, share]) ?? []));
    });
  }
  return found;
}
