import type { ShareSession } from '../../contract/figure-quality';
import { formatBytes } from '../../util/units';

/**
 * A share's session in a home user's words ("SMB 3.1.1, signed, not encrypted"), and what on it is
 * known to cost speed, each with the setting that changes it and what changing it gives up.
 * NASBench never changes a setting itself: it names it, and the user decides.
 */

const protocolNames: Record<ShareSession['protocol'], string> = {
  smb: 'SMB',
  nfs: 'NFS',
  sshfs: 'SFTP over SSH (sshfs)',
  afp: 'AFP',
  webdav: 'WebDAV',
};

/** The older SMB dialects: 1 and 2.0.2 move at most 64 KiB per request, and none has SMB 3's AES signing or multichannel. */
const olderSmbDialects = new Set(['1', '2.0.2', '2.1']);

/** "SMB 3.1.1", "SMB 2.1 or older" (only the NAS's ceiling known), "NFS 4.2", "SMB". */
export function describeProtocol(session: ShareSession): string {
  const name = protocolNames[session.protocol];
  if (session.version) return `${name} ${session.version}`;
  if (session.versionAtMost && olderSmbDialects.has(session.versionAtMost)) {
    return `${name} ${session.versionAtMost} or older`;
  }
  return name;
}

const signingWords = { on: 'signed', off: 'not signed', unknown: 'signing unknown' } as const;
const encryptionWords = { on: 'encrypted', off: 'not encrypted', unknown: 'encryption unknown' } as const;

/** "SMB 3.1.1, signed, not encrypted". */
export function describeSession(session: ShareSession): string {
  return `${describeProtocol(session)}, ${signingWords[session.signing]}, ${encryptionWords[session.encryption]}`;
}

/** "reads 4 MiB and writes 1 MiB per request"; null when the client did not say. */
export function describeTransferSizes(session: ShareSession): string | null {
  const { rsize, wsize } = session;
  if (rsize === null && wsize === null) return null;
  if (rsize === wsize && rsize !== null) return `reads and writes ${formatBytes(rsize)} per request`;
  const parts = [
    rsize === null ? null : `reads ${formatBytes(rsize)}`,
    wsize === null ? null : `writes ${formatBytes(wsize)}`,
  ];
  return `${parts.filter((part) => part !== null).join(' and ')} per request`;
}

export type SessionCostId = 'signing' | 'encryption' | 'old-dialect' | 'small-transfers' | 'sync-writes';

export interface SessionCost {
  id: SessionCostId;
  /** What on this session costs speed, in one sentence. */
  cost: string;
  /** The setting that changes it, and where it is. */
  setting: string;
  /** What changing it gives up. */
  tradeOff: string;
}

/** This computer's system, when known: names only the client setting that applies to it. */
export type ClientSystem = 'win32' | 'darwin' | 'linux';

/** Below this, a request carries less than a modern client asks for (Linux's cifs and nfs clients ask for 1 MiB or more). */
export const smallTransferBytes = 1024 * 1024;

const smbSigningOnClient: Record<ClientSystem, string> = {
  win32: 'this PC: `Set-SmbClientConfiguration -RequireSecuritySignature $false` (Windows 11 requires it by default)',
  darwin: 'this Mac: `signing_required=no` in /etc/nsmb.conf',
  linux: 'this computer: mount without the `sign` option',
};

function signingCost(session: ShareSession, client: ClientSystem | undefined): SessionCost {
  const clients = client ? [smbSigningOnClient[client]] : Object.values(smbSigningOnClient);
  const setting =
    session.protocol === 'nfs'
      ? 'Mount with `sec=sys` instead of `sec=krb5i` (the NAS’s export must allow it).'
      : `Samba’s \`server signing\` on the NAS (\`auto\` instead of \`mandatory\`), or on ${clients.join('; or ')}.`;
  return {
    id: 'signing',
    cost: 'Every message is signed: both ends compute a check over all data, which a low-power NAS CPU feels.',
    setting,
    tradeOff:
      'Without signing, someone on your network could alter files in transit or relay your login: keep it where others share the network.',
  };
}

function encryptionCost(session: ShareSession): SessionCost {
  const settings: Record<ShareSession['protocol'], string> = {
    smb: 'Samba’s `smb encrypt` for this share on the NAS (`desired` or `off` instead of `required`; also `server smb encrypt` in [global]); on Linux, mount without `seal`.',
    nfs: 'Mount with `sec=krb5i` (signed, not encrypted) or `sec=sys` instead of `sec=krb5p`, or without `xprtsec=tls`.',
    sshfs:
      'sshfs always encrypts: mount the share over SMB or NFS instead, or pick a cheaper cipher (`-o Ciphers=aes128-gcm@openssh.com`).',
    afp: 'AFP encryption is the server’s setting on the NAS.',
    webdav: 'Use http instead of https for the WebDAV address.',
  };
  return {
    id: 'encryption',
    cost: 'Every byte is encrypted and decrypted at both ends, which costs most on a NAS without AES acceleration.',
    setting: settings[session.protocol],
    tradeOff:
      'Without encryption, anyone who can see the traffic can read the files as they pass: fine on a home network you trust, not on shared Wi-Fi or across the internet.',
  };
}

function oldDialectCost(session: ShareSession): SessionCost {
  const dialect = session.version ?? `${session.versionAtMost ?? ''} or older`;
  return {
    id: 'old-dialect',
    cost: `SMB ${dialect} is an old dialect: SMB 1 and 2.0.2 move at most 64 KiB per request, and none before SMB 3 has its faster signing or multichannel.`,
    setting:
      'Samba’s `server max protocol = SMB3` and `server min protocol = SMB2_10` on the NAS (Synology: Maximum and Minimum SMB protocol in the SMB settings).',
    tradeOff:
      'Nothing is given up but very old devices (printers, media players, Windows XP) that speak only SMB 1 or 2; SMB 3 is also the safer dialect.',
  };
}

function smallTransfersCost(session: ShareSession): SessionCost {
  const sizes = describeTransferSizes(session) ?? '';
  const option = session.protocol === 'nfs' ? '`rsize=1048576,wsize=1048576`' : '`rsize=4194304,wsize=4194304`';
  return {
    id: 'small-transfers',
    cost: `This mount ${sizes}: small requests mean many round trips for each megabyte.`,
    setting: `Mount with ${option} on this computer (what current Linux clients choose unless told otherwise).`,
    tradeOff: 'Nothing for security; larger requests only take a little more memory.',
  };
}

function syncWritesCost(): SessionCost {
  return {
    id: 'sync-writes',
    cost: 'Every write waits until it is on the NAS’s disks before the next one is sent.',
    setting: 'Samba’s `sync always = no` on the NAS (its default), or mount without `sync` on this computer.',
    tradeOff:
      'Writes still in the NAS’s memory can be lost if it loses power mid-copy: a UPS, or copies you can repeat, cover that.',
  };
}

/**
 * What on this session is known to cost speed, most costly first: encryption (which also signs),
 * signing, an old SMB dialect, small transfers, writes that wait for the disk. Only what a source
 * said is counted: unknown terms add nothing.
 */
export function sessionCosts(session: ShareSession, client?: ClientSystem): SessionCost[] {
  const costs: SessionCost[] = [];
  if (session.encryption === 'on') costs.push(encryptionCost(session));
  else if (session.signing === 'on') costs.push(signingCost(session, client));
  const oldDialect =
    session.protocol === 'smb' &&
    (olderSmbDialects.has(session.version ?? '') ||
      (session.version === null && olderSmbDialects.has(session.versionAtMost ?? '')));
  if (oldDialect) costs.push(oldDialectCost(session));
  const sizes = [session.rsize, session.wsize].filter((size): size is number => size !== null);
  if (sizes.some((size) => size < smallTransferBytes)) costs.push(smallTransfersCost(session));
  if (session.syncWrites === true) costs.push(syncWritesCost());
  return costs;
}

/** A cost as three lines: what costs, the setting that changes it, what changing it gives up. */
export function describeCost(cost: SessionCost): string[] {
  return [cost.cost, `To change it: ${cost.setting}`, `What it gives up: ${cost.tradeOff}`];
}
