import type { ShareSession } from '../../../../shared/contract/figure-quality';

export type { ShareSession };

/** SMB dialects from oldest to newest, as the contract writes them. */
export const smbDialects = ['1', '2.0.2', '2.1', '3.0', '3.0.2', '3.1.1'] as const;

/**
 * Every way the tools spell a dialect, in lower case: DebugData's `0x311`, smbstatus's and Samba's
 * `SMB3_11` (and its `SMB2`/`SMB3`, which Samba reads as SMB2_10 and SMB3_11), smbutil's `SMB_3.1.1`
 * and older `SMB_3.02`, Windows' `3.1.1` (`1.5` for SMB 1), mount.cifs's `vers=3.11` and `vers=1.0`.
 */
const dialectSpellings: Record<string, (typeof smbDialects)[number]> = {
  '0x202': '2.0.2',
  '0x210': '2.1',
  '0x300': '3.0',
  '0x302': '3.0.2',
  '0x311': '3.1.1',
  nt1: '1',
  lanman1: '1',
  lanman2: '1',
  core: '1',
  coreplus: '1',
  smb2_02: '2.0.2',
  smb2_10: '2.1',
  smb2: '2.1',
  smb3_00: '3.0',
  smb3_02: '3.0.2',
  smb3_11: '3.1.1',
  smb3: '3.1.1',
  smb_1: '1',
  'smb_2.002': '2.0.2',
  'smb_2.1': '2.1',
  'smb_3.0': '3.0',
  'smb_3.02': '3.0.2',
  'smb_3.0.2': '3.0.2',
  'smb_3.1.1': '3.1.1',
  '1': '1',
  '1.0': '1',
  '1.5': '1',
  '2.0': '2.0.2',
  '2.002': '2.0.2',
  '2.0.2': '2.0.2',
  '2.1': '2.1',
  '3.0': '3.0',
  '3.02': '3.0.2',
  '3.0.2': '3.0.2',
  '3.11': '3.1.1',
  '3.1.1': '3.1.1',
};

/** "3.1.1" for any spelling of a known SMB dialect; null for "default", "3" (a range) or anything unknown. */
export function smbDialect(text: string | undefined): string | null {
  if (text === undefined) return null;
  return dialectSpellings[text.trim().toLowerCase()] ?? null;
}

/** A session nothing has been said about yet, for the parsers to fill in. */
export function unknownSession(protocol: ShareSession['protocol'], source: ShareSession['source']): ShareSession {
  return {
    protocol,
    version: null,
    signing: 'unknown',
    signingRequired: null,
    encryption: 'unknown',
    rsize: null,
    wsize: null,
    source,
  };
}

/** Encrypted messages carry their own integrity check: an encrypted session is a signed one too. */
export function withEncryptionSigning(session: ShareSession): ShareSession {
  return session.encryption === 'on' ? { ...session, signing: 'on' } : session;
}

/**
 * The first source's terms, with what it left unknown taken from the next one (the NAS's config
 * fills in what its smbstatus did not say; mount options add the transfer sizes). The first
 * source stays the one named.
 */
export function fillUnknowns(first: ShareSession, next: ShareSession | null | undefined): ShareSession {
  if (!next || next.protocol !== first.protocol) return first;
  const pick = <T>(a: T, b: T, unknown: T) => (a === unknown ? b : a);
  const filled: ShareSession = {
    ...first,
    version: first.version ?? next.version,
    signing: pick(first.signing, next.signing, 'unknown'),
    signingRequired: first.signingRequired ?? next.signingRequired,
    encryption: pick(first.encryption, next.encryption, 'unknown'),
    rsize: first.rsize ?? next.rsize,
    wsize: first.wsize ?? next.wsize,
  };
  const versionAtMost = first.versionAtMost ?? next.versionAtMost;
  const syncWrites = first.syncWrites ?? next.syncWrites;
  return withEncryptionSigning({
    ...filled,
    ...(versionAtMost === undefined ? {} : { versionAtMost }),
    ...(syncWrites === undefined ? {} : { syncWrites }),
  });
}

/** A positive whole number of bytes from a mount option, or null. */
export function byteCount(text: string | undefined): number | null {
  if (text === undefined || !/^\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}
