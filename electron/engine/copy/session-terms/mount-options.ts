import { hasMountFlag, mountOption } from '../mount-table';
import { byteCount, smbDialect, unknownSession, withEncryptionSigning, type ShareSession } from './terms';

/**
 * What a share's mount options (Linux /proc/mounts) say of its session. The kernel prints the
 * terms the client asked for or negotiated: cifs's `vers=`, `sign`, `seal`, `rsize=`/`wsize=`
 * (mount.cifs(8)); nfs's `vers=`, `sec=`, `xprtsec=`, `rsize=`/`wsize=` (nfs(5)).
 */

/**
 * A cifs or smb3 mount. `sign` and `seal` are the client's own demands; without them the server
 * may still require signing or encryption, so their absence leaves those terms unknown.
 */
export function sessionFromCifsOptions(options: string): ShareSession {
  const sign = hasMountFlag(options, 'sign');
  const seal = hasMountFlag(options, 'seal');
  return withEncryptionSigning({
    ...unknownSession('smb', 'mount-options'),
    version: smbDialect(mountOption(options, 'vers')),
    signing: sign ? 'on' : 'unknown',
    signingRequired: sign ? true : null,
    encryption: seal ? 'on' : 'unknown',
    rsize: byteCount(mountOption(options, 'rsize')),
    wsize: byteCount(mountOption(options, 'wsize')),
    ...(hasMountFlag(options, 'sync') ? { syncWrites: true } : {}),
  });
}

/** nfs(5)'s security flavours: krb5i adds an integrity check to every message, krb5p encrypts them too. */
const nfsSecurity: Record<string, { signing: ShareSession['signing']; encryption: ShareSession['encryption'] }> = {
  sys: { signing: 'off', encryption: 'off' },
  none: { signing: 'off', encryption: 'off' },
  krb5: { signing: 'off', encryption: 'off' },
  krb5i: { signing: 'on', encryption: 'off' },
  krb5p: { signing: 'on', encryption: 'on' },
};

/** An nfs or nfs4 mount: the version and security flavour the kernel negotiated, and its transfer sizes. */
export function sessionFromNfsOptions(options: string): ShareSession {
  const security = nfsSecurity[mountOption(options, 'sec') ?? ''];
  // RPC-with-TLS (xprtsec=tls or mtls) encrypts the whole connection whatever the flavour.
  const tls = ['tls', 'mtls'].includes(mountOption(options, 'xprtsec') ?? '');
  return withEncryptionSigning({
    ...unknownSession('nfs', 'mount-options'),
    version: mountOption(options, 'vers') ?? mountOption(options, 'nfsvers') ?? null,
    signing: security?.signing ?? 'unknown',
    encryption: tls ? 'on' : (security?.encryption ?? 'unknown'),
    rsize: byteCount(mountOption(options, 'rsize')),
    wsize: byteCount(mountOption(options, 'wsize')),
    ...(hasMountFlag(options, 'sync') ? { syncWrites: true } : {}),
  });
}

/** sshfs speaks SFTP inside SSH, which encrypts and authenticates every packet: there is no other way to run it. */
export function sshfsSession(options = ''): ShareSession {
  return {
    ...unknownSession('sshfs', 'mount-options'),
    signing: 'on',
    signingRequired: true,
    encryption: 'on',
    ...(hasMountFlag(options, 'sync') ? { syncWrites: true } : {}),
  };
}
