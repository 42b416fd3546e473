import { smbDialect, unknownSession, withEncryptionSigning, type ShareSession } from './terms';

/**
 * Linux's cifs client tells its sessions in /proc/fs/cifs/DebugData (readable by every user). Its
 * layout changed over the years; these are the forms read here, all from real captures
 * (tests/fixtures/shares/README.md):
 * - CIFS 2.11 and 2.23 (kernels 4.9 to 5.4): `Number of credits: 512 Dialect 0x302` before
 *   `1) Name: 192.168.86.40 …`, `SecMode: 0x1`, then `1) \\server\share Mounts: …`;
 * - CIFS 2.41 and later: `1) ConnectionId: 0x4 Hostname: …`, then `… Dialect 0x311 signed`,
 *   `Sessions:` with `SessionId: 0x… encrypted`, and each share's line ending ` encrypted` when sealed.
 */

/** One mounted share as DebugData lists it, with the terms of the connection and session it uses. */
export interface CifsShareTerms {
  server: string;
  share: string;
  /** "3.1.1"; null for SMB 1, where DebugData prints no dialect. */
  version: string | null;
  /** The connection's ` signed` mark (newer layouts only). */
  connectionSigned: boolean;
  /** The server's security mode: bit 0x2 is "signing required" for SMB 2 and 3. */
  secMode: number | null;
  sessionEncrypted: boolean;
  sessionSigned: boolean;
  shareEncrypted: boolean;
  /** Whether this layout marks signing and encryption at all (it has `Security type:` lines). */
  marksSecurity: boolean;
}

/**
 * Splits the list of servers: on `N) ConnectionId:` in newer layouts, on `Number of credits:` in
 * older ones. Line heads are matched with blanks that stay on their line: `^\s*` under /m runs over
 * all the blank lines below every line start, quadratic on a text of empty lines.
 */
function serverBlocks(text: string): string[] {
  const starts = /^[^\S\n\r\u2028\u2029]*\d+\) ConnectionId:/m.test(text)
    ? /^(?=[^\S\n\r\u2028\u2029]*\d+\) ConnectionId:)/m
    : /^(?=Number of credits:)/m;
  return text.split(starts).slice(1);
}

/** The shares one session (or, in older layouts, one server) lists: `N) \\server\share Mounts:` up to the next. */
function sharesIn(section: string): { unc: string; text: string }[] {
  const heads = [...section.matchAll(/^[^\S\n\r\u2028\u2029]*\d+\) (?:IPC: )?(\\\\\S+) Mounts:/gm)];
  return heads.map((head, index) => ({
    unc: head[1] ?? '',
    text: section.slice(head.index, heads[index + 1]?.index ?? section.length),
  }));
}

/** Every share DebugData lists (IPC$ left out), each with its connection's and session's terms. */
export function parseCifsDebugData(text: string): CifsShareTerms[] {
  const found: CifsShareTerms[] = [];
  for (const block of serverBlocks(text)) {
    // Extra channels repeat `Number of credits … Dialect`: the first one is the primary channel's.
    const dialect = /Dialect 0x([0-9a-f]+)( signed)?/i.exec(block);
    const secMode = /SecMode: 0x([0-9a-f]+)/i.exec(block)?.[1];
    const marksSecurity = /Security type:/.test(block);
    // Newer layouts list sessions (`N) Address:`), each with its shares; older ones list shares under the server.
    const sessions = /^[^\S\n\r\u2028\u2029]*\d+\) Address:/m.test(block)
      ? block.split(/^(?=[^\S\n\r\u2028\u2029]*\d+\) Address:)/m).slice(1)
      : [block];
    for (const session of sessions) {
      const sessionLine = /SessionId: 0x[0-9a-f]+([^\n]*)/i.exec(session)?.[1] ?? '';
      for (const { unc, text: shareText } of sharesIn(session)) {
        const [, server = '', share = ''] = /^\\\\([^\\]+)\\([^\\]+)/.exec(unc) ?? [];
        if (!server || !share || share.toUpperCase() === 'IPC$') continue;
        found.push({
          server,
          share,
          version: smbDialect(dialect?.[1] ? `0x${dialect[1]}` : undefined),
          connectionSigned: dialect?.[2] !== undefined,
          secMode: secMode === undefined ? null : parseInt(secMode, 16),
          sessionEncrypted: /\bencrypted\b/.test(sessionLine),
          sessionSigned: /\bsigned\b/.test(sessionLine),
          // A long line may wrap (mail archives do): the mark counts anywhere in the share's lines.
          shareEncrypted: /\bencrypted\b/.test(shareText),
          marksSecurity,
        });
      }
    }
  }
  return found;
}

/** The session terms DebugData gives for one share; signing required by the client (`sign`) comes from the mount. */
export function cifsSessionTerms(terms: CifsShareTerms): ShareSession {
  const smb2 = terms.version !== null && terms.version !== '1';
  const serverRequires = smb2 && terms.secMode !== null ? (terms.secMode & 0x2) !== 0 : null;
  const encrypted = terms.sessionEncrypted || terms.shareEncrypted;
  // SMB 2 and 3 sign every message exactly when either end requires it; Linux does not unless told (`sign`).
  const signed = terms.connectionSigned || terms.sessionSigned || serverRequires === true;
  const knowsOff = terms.marksSecurity;
  return withEncryptionSigning({
    ...unknownSession('smb', 'client'),
    version: terms.version,
    signing: signed ? 'on' : knowsOff ? 'off' : 'unknown',
    signingRequired: serverRequires,
    encryption: encrypted ? 'on' : knowsOff ? 'off' : 'unknown',
  });
}

/**
 * The DebugData terms of the share mounted as //server/share (names compared without case). The
 * same share mounted twice with different `vers=` is two connections: `mountVersion` (the mount's
 * own dialect) picks the one this mount uses.
 */
export function sessionFromCifsDebugData(
  text: string,
  server: string,
  share: string,
  mountVersion?: string | null,
): ShareSession | null {
  const shareName = share.split('/')[0]?.toLowerCase();
  const matches = parseCifsDebugData(text).filter(
    (terms) => terms.server.toLowerCase() === server.toLowerCase() && terms.share.toLowerCase() === shareName,
  );
  const match = matches.find((terms) => mountVersion && terms.version === mountVersion) ?? matches[0];
  return match ? cifsSessionTerms(match) : null;
}
