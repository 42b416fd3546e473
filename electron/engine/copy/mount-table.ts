import type { MountedShare } from '../../../shared/contract/copy';
import { decodeOctalEscapes } from '../../../shared/util/octal-escapes';
import type { ShareProtocol } from '../../../shared/contract/figure-quality';

export type { ShareProtocol };

/** A network share mounted on this computer, from the OS's mount table (the contract's shape). */
export type { MountedShare };

/** Any mount, network or not: what a folder's real file system is decided from. */
export interface MountPoint {
  device: string;
  mountPoint: string;
  fsType: string;
  options: string;
}

/** /proc/mounts escapes space, tab, newline and backslash as octal (\040, \011, \012, \134). */
function unescapeOctal(field: string): string {
  return decodeOctalEscapes(field);
}

/** The value of `name=value` in a comma-separated option list (cifs, nfs, gvfs folder names). */
export function mountOption(options: string, name: string): string | undefined {
  for (const option of options.split(',')) {
    const [key, ...value] = option.split('=');
    if (key?.trim() === name && value.length > 0) return value.join('=');
  }
  return undefined;
}

/** Whether a bare flag (`seal`, `sign`, `sync`) is among the options. */
export function hasMountFlag(options: string, flag: string): boolean {
  return options.split(',').some((option) => option.trim() === flag);
}

export function decodeUrlPart(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** `host:/path`, `[fe80::1]:/path`, `user@host:path` → user, host and path. */
export function splitHostPath(device: string): { user?: string; server: string; path: string } | undefined {
  const match = /^(?:([^@/:]+)@)?(\[[^\]]+\]|[^:/[\]]+):(.*)$/.exec(device);
  if (!match) return undefined;
  const [, user, server = '', path = ''] = match;
  return { ...(user ? { user } : {}), server: server.replace(/^\[(.*)\]$/, '$1'), path };
}

/** `//server/share/sub` or `\\server\share` → server and the share (with any sub-folder). */
function splitSmbDevice(device: string): { server: string; share: string } | undefined {
  const match = /^(?:\/\/|\\\\)([^/\\]+)[/\\](.+)$/.exec(device);
  if (!match?.[1] || !match[2]) return undefined;
  return { server: match[1], share: match[2].replace(/\\/g, '/') };
}

/** An sshfs mount's source, `user@host:path`, as Linux and macOS both print it. */
export function sshfsShare(source: string, localPath: string, fsType: string): MountedShare | undefined {
  const ssh = splitHostPath(source);
  return (
    ssh && {
      localPath,
      server: ssh.server,
      share: ssh.path,
      fsType,
      protocol: 'sshfs',
      ...(ssh.user ? { user: ssh.user } : {}),
    }
  );
}

function linuxShare(device: string, localPath: string, fsType: string, options: string): MountedShare | undefined {
  const address = mountOption(options, 'addr');
  const extra = address ? { address } : {};
  if (fsType === 'cifs' || fsType === 'smb3' || fsType === 'smbfs') {
    const smb = splitSmbDevice(device);
    // Newer kernels print the login as `username=`, some older ones and mount.cifs(8) as `user=`.
    const user = mountOption(options, 'username') ?? mountOption(options, 'user');
    return smb && { localPath, ...smb, fsType, protocol: 'smb', ...extra, ...(user ? { user } : {}) };
  }
  if (fsType === 'nfs' || fsType === 'nfs4') {
    const nfs = splitHostPath(device);
    return nfs && { localPath, server: nfs.server, share: nfs.path, fsType, protocol: 'nfs', ...extra };
  }
  // Old fuse versions list sshfs as type `fuse` with the device `sshfs#user@host:path`.
  const sshDevice = fsType === 'fuse.sshfs' ? device : fsType === 'fuse' ? /^sshfs#(.+)$/.exec(device)?.[1] : undefined;
  return sshDevice === undefined ? undefined : sshfsShare(sshDevice, localPath, fsType);
}

/** Every line of Linux's /proc/mounts, octal escapes undone. */
export function parseLinuxMountPoints(text: string): MountPoint[] {
  const mounts: MountPoint[] = [];
  for (const line of text.split('\n')) {
    const [device, mountPoint, fsType, options = ''] = line.trim().split(/[ \t]+/);
    if (!device || !mountPoint || !fsType) continue;
    mounts.push({ device: unescapeOctal(device), mountPoint: unescapeOctal(mountPoint), fsType, options });
  }
  return mounts;
}

/**
 * Network shares in Linux's /proc/mounts (or /etc/mtab): cifs, smb3, nfs, nfs4 and sshfs lines. The
 * shares inside a FUSE mount that holds many (gvfs, smbnetfs) are not lines of their own: see fuse-shares.ts.
 */
export function parseLinuxMounts(text: string): MountedShare[] {
  return parseLinuxMountPoints(text).flatMap((mount) => linuxShareOf(mount) ?? []);
}

/** The network share a Linux mount is, if it is one. */
export function linuxShareOf(mount: MountPoint): MountedShare | undefined {
  return linuxShare(mount.device, mount.mountPoint, mount.fsType, mount.options);
}
