import { splitMountLine } from '../../../shared/util/mount-line';
import { decodeUrlPart, splitHostPath, sshfsShare, type MountPoint, type MountedShare } from './mount-table';

/** `//DOMAIN;user@server/share` as macOS prints smbfs and afpfs sources (URL-encoded). */
function macUrlShare(device: string): { user?: string; server: string; share: string } | undefined {
  const match = /^\/\/(?:([^@/]*)@)?([^/]+)\/(.+)$/.exec(device);
  if (!match?.[2] || !match[3]) return undefined;
  // smb URLs spell the login `DOMAIN;user:password`; keep the user only (cut at a colon by index:
  // `/:.*$/` tries every colon of a long run to the end).
  const login = match[1] ? decodeUrlPart(match[1]).replace(/^.*;/, '') : '';
  const colon = login.indexOf(':');
  const user = colon < 0 ? login : login.slice(0, colon);
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
    const parts = splitMountLine(line.trim());
    const fields = parts && /^([^,()]+)(?:,([^()]*))?$/.exec(parts.options);
    if (!parts || !fields?.[1]) continue;
    const { source: device, mountPoint } = parts;
    mounts.push({ device, mountPoint, fsType: fields[1].trim(), options: fields[2]?.trim() ?? '' });
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
