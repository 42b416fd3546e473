/** How a network share reaches this computer. */
export type ShareProtocol = 'smb' | 'nfs' | 'sshfs' | 'afp' | 'webdav';

/** A network share mounted on this computer, from the OS's mount table. */
export interface MountedShare {
  /** Where it is mounted: a folder (Linux, macOS), a drive letter `Z:` or the UNC path itself (Windows). */
  localPath: string;
  /** The server as mounted: a host name, a Bonjour name or an address. */
  server: string;
  /** The share name or exported path on the server. */
  share: string;
  /** The file system type as the OS names it: cifs, smb3, nfs4, fuse.sshfs, smbfs, … */
  fsType: string;
  protocol: ShareProtocol;
  /** The server's address when the mount options give it (`addr=` for cifs and nfs). */
  address?: string;
  user?: string;
}

/** /proc/mounts escapes space, tab, newline and backslash as octal (\040, \011, \012, \134). */
function unescapeOctal(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_match, octal: string) => String.fromCharCode(parseInt(octal, 8)));
}

function mountOption(options: string, name: string): string | undefined {
  for (const option of options.split(',')) {
    const [key, ...value] = option.split('=');
    if (key === name && value.length > 0) return value.join('=');
  }
  return undefined;
}

/** `host:/path`, `[fe80::1]:/path`, `user@host:path` → user, host and path. */
function splitHostPath(device: string): { user?: string; server: string; path: string } | undefined {
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

function linuxShare(device: string, localPath: string, fsType: string, options: string): MountedShare | undefined {
  const address = mountOption(options, 'addr');
  const extra = address ? { address } : {};
  if (fsType === 'cifs' || fsType === 'smb3' || fsType === 'smbfs') {
    const smb = splitSmbDevice(device);
    const user = mountOption(options, 'username');
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

/** An sshfs mount's source, `user@host:path`, as Linux and macOS both print it. */
function sshfsShare(source: string, localPath: string, fsType: string): MountedShare | undefined {
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

/** Any mount, network or not: what a folder's real file system is decided from. */
export interface MountPoint {
  device: string;
  mountPoint: string;
  fsType: string;
  options: string;
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

/** Network shares in Linux's /proc/mounts (or /etc/mtab): cifs, smb3, nfs, nfs4 and sshfs lines. */
export function parseLinuxMounts(text: string): MountedShare[] {
  return parseLinuxMountPoints(text).flatMap((mount) => linuxShareOf(mount) ?? []);
}

/** The network share a Linux mount is, if it is one. */
export function linuxShareOf(mount: MountPoint): MountedShare | undefined {
  return linuxShare(mount.device, mount.mountPoint, mount.fsType, mount.options);
}

function decodeUrlPart(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** `//DOMAIN;user@server/share` as macOS prints smbfs and afpfs sources (URL-encoded). */
function macUrlShare(device: string): { user?: string; server: string; share: string } | undefined {
  const match = /^\/\/(?:([^@/]*)@)?([^/]+)\/(.+)$/.exec(device);
  if (!match?.[2] || !match[3]) return undefined;
  // smb URLs spell the login `DOMAIN;user:password`; keep the user only.
  const user = match[1] ? decodeUrlPart(match[1]).replace(/^.*;/, '').replace(/:.*$/, '') : undefined;
  return { ...(user ? { user } : {}), server: decodeUrlPart(match[2]), share: decodeUrlPart(match[3]) };
}

function macShare(device: string, localPath: string, fsType: string): MountedShare | undefined {
  if (fsType === 'smbfs' || fsType === 'afpfs') {
    const url = macUrlShare(device);
    return url && { localPath, ...url, fsType, protocol: fsType === 'smbfs' ? 'smb' : 'afp' };
  }
  if (fsType === 'nfs') {
    const nfs = splitHostPath(device);
    return nfs && { localPath, server: nfs.server, share: nfs.path, fsType, protocol: 'nfs' };
  }
  if (fsType === 'webdav') {
    const url = /^https?:\/\/([^/:]+)(?::\d+)?(\/.*)?$/.exec(device);
    return url?.[1] ? { localPath, server: url[1], share: url[2] ?? '/', fsType, protocol: 'webdav' } : undefined;
  }
  // sshfs runs on macFUSE (older: osxfuse, whose mounts say `osxfusefs`); the source is `user@host:path`.
  if (['macfuse', 'osxfuse', 'osxfusefs', 'fusefs'].includes(fsType)) return sshfsShare(device, localPath, fsType);
  return undefined;
}

/** Every line of macOS's `mount`: `SOURCE on /MOUNT/POINT (type, options…)`. */
export function parseMacMountPoints(text: string): MountPoint[] {
  const mounts: MountPoint[] = [];
  for (const line of text.split('\n')) {
    const match = /^(.+?) on (\/.*) \(([^,()]+)(?:,([^()]*))?\)\s*$/.exec(line.trim());
    if (!match?.[1] || !match[2] || !match[3]) continue;
    mounts.push({ device: match[1], mountPoint: match[2], fsType: match[3].trim(), options: match[4]?.trim() ?? '' });
  }
  return mounts;
}

/** Network shares in the output of macOS's `mount`. */
export function parseMacMounts(text: string): MountedShare[] {
  return parseMacMountPoints(text).flatMap((mount) => macShareOf(mount) ?? []);
}

/** The network share a macOS mount is, if it is one. */
export function macShareOf(mount: MountPoint): MountedShare | undefined {
  return macShare(mount.device, mount.mountPoint, mount.fsType);
}

/** `\\server\share\folder` → server and share; undefined for anything else. */
export function parseUncPath(path: string): { server: string; share: string } | undefined {
  const match = /^\\\\([^\\/?]+)\\([^\\/]+)(?:\\.*)?$/.exec(path.trim());
  if (!match?.[1] || !match[2]) return undefined;
  return { server: match[1], share: match[2] };
}

/**
 * Mapped drives and UNC connections in Windows' `net use` output. The column titles and
 * status words are translated on non-English Windows, so lines are read by their shape: an
 * optional status, an optional drive letter, the UNC path, then two or more spaces.
 */
export function parseWindowsNetUse(text: string): MountedShare[] {
  const shares: MountedShare[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    const start = line.indexOf('\\\\');
    if (start < 0) return;
    const drive = /(?:^|\s)([A-Za-z]:)\s*$/.exec(line.slice(0, start))?.[1];
    // A long remote name pushes the provider column onto the next line.
    const nextLine = lines[index + 1] ?? '';
    const wrapped = nextLine.includes('\\\\') ? '' : nextLine.trim();
    // A remote name that fills its column is followed by one space only: take known providers off first.
    const rest = line.slice(start).replace(/\s(Microsoft Windows Network|Web Client Network|NFS Network)\s*$/i, '  $1');
    const [remote = '', network = wrapped] = rest.split(/\s{2,}/);
    // WebDAV connections look like \\nas@SSL@5006\DavWWWRoot.
    const unc = parseUncPath(remote.trim());
    if (!unc || unc.share.toUpperCase() === 'IPC$') return;
    const webdav = /web\s*client/i.test(network) || unc.server.includes('@');
    // WebDAV names carry @SSL@port after the host; a name that is nothing but that names no server.
    const server = unc.server.replace(/@.*$/, '');
    if (server === '') return;
    shares.push({
      localPath: drive ? drive.toUpperCase() : remote.trim(),
      server,
      share: unc.share,
      fsType: webdav ? 'webdav' : 'smb',
      protocol: webdav ? 'webdav' : 'smb',
    });
  });
  return shares;
}
