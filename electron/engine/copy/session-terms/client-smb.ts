import { parsePowerShellList } from '../mount-table-windows';
import { smbDialect, unknownSession, withEncryptionSigning, type ShareSession } from './terms';

/**
 * What macOS and Windows say about their own SMB sessions: `smbutil statshares` and
 * `Get-SmbConnection | Format-List *`. Both name attributes in English whatever the system's language.
 */

const lineBreak = /[\n\r\u2028\u2029]/;

/** One share in `smbutil statshares -a` (or `-m MOUNTPOINT`): its name and every `ATTRIBUTE VALUE` line below it. */
export interface StatsharesShare {
  share: string;
  attributes: Map<string, string[]>;
}

/**
 * `smbutil statshares`: a title block, then per share its name at the start of a line and its
 * attributes indented below (`%-30s%-30s%s` in Apple's smbutil source); an attribute may repeat
 * (SMB_NEGOTIATE) and each share ends with a dashed line.
 */
export function parseStatshares(text: string): StatsharesShare[] {
  const shares: StatsharesShare[] = [];
  let current: StatsharesShare | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || /^[=-]{10,}/.test(line) || /^SHARE\s+ATTRIBUTE TYPE\s+VALUE/.test(line)) continue;
    if (!/^\s/.test(line)) {
      current = { share: line.trim(), attributes: new Map() };
      shares.push(current);
      continue;
    }
    // The value is the rest of the line, trimmed by hand: a lazy `(.*?)\s*$` tries the blanks to
    // the end again after each character. A value holding a line break (\r, U+2028) is no value.
    const attribute = /^\s+([A-Z0-9_]+)(?=\s)/i.exec(line);
    const value = line.slice(attribute?.[0].length).trim();
    if (!current || !attribute?.[1] || lineBreak.test(value)) continue;
    const values = current.attributes.get(attribute[1]) ?? [];
    values.push(value);
    current.attributes.set(attribute[1], values);
  }
  return shares;
}

/**
 * A share's terms from smbutil. Apple's smbutil prints `SIGNING_ON TRUE` only while messages are
 * signed, `SIGNING_REQUIRED` (the server's demand) and `CLIENT_REQUIRES_SIGNING` (this Mac's) only
 * when true, and since macOS 11 the encryption cipher in use (`OFF` when none). Without that line
 * (older macOS) encryption is known only when the share demands it (`ENCRYPTION_REQUIRED`).
 */
export function sessionFromStatshares(share: StatsharesShare): ShareSession {
  const value = (name: string) => share.attributes.get(name)?.[0];
  const isTrue = (name: string) => value(name)?.toUpperCase() === 'TRUE';
  const cipher = value('SMB_CURR_ENCRYPT_ALGORITHM');
  const encryption: ShareSession['encryption'] = isTrue('ENCRYPTION_REQUIRED')
    ? 'on'
    : cipher === undefined
      ? 'unknown'
      : cipher.toUpperCase() === 'OFF'
        ? 'off'
        : 'on';
  const required = isTrue('SIGNING_REQUIRED') || isTrue('CLIENT_REQUIRES_SIGNING');
  return withEncryptionSigning({
    ...unknownSession('smb', 'client'),
    version: smbDialect(value('SMB_VERSION')),
    signing: isTrue('SIGNING_ON') || required ? 'on' : 'off',
    signingRequired: required,
    encryption,
  });
}

/** The share's terms in `smbutil statshares` output: the only share listed (`-m`), else the one of that name. */
export function sessionFromStatsharesText(text: string, shareName: string): ShareSession | null {
  const shares = parseStatshares(text);
  const wanted = shareName.split('/')[0]?.toLowerCase();
  const share = shares.length === 1 ? shares[0] : shares.find((entry) => entry.share.toLowerCase() === wanted);
  return share ? sessionFromStatshares(share) : null;
}

/**
 * A connection's terms from `Get-SmbConnection | Format-List *`: `Dialect`, `Signed`, `Encrypted`.
 * Whether either end requires signing is not among them (Get-SmbClientConfiguration and the
 * server would tell), so it stays unknown.
 */
export function sessionFromSmbConnection(record: Record<string, string>): ShareSession {
  const flag = (name: string): 'on' | 'off' | 'unknown' => {
    const text = record[name]?.toLowerCase();
    return text === 'true' ? 'on' : text === 'false' ? 'off' : 'unknown';
  };
  return withEncryptionSigning({
    ...unknownSession('smb', 'client'),
    version: smbDialect(record.Dialect),
    signing: flag('Signed'),
    encryption: flag('Encrypted'),
  });
}

/** The terms of the connection to \\server\share in `Get-SmbConnection | Format-List *` output. */
export function sessionFromSmbConnectionList(text: string, server: string, share: string): ShareSession | null {
  const same = (a: string | undefined, b: string) => a !== undefined && a.toLowerCase() === b.toLowerCase();
  const record = parsePowerShellList(text).find((row) => same(row.ServerName, server) && same(row.ShareName, share));
  return record ? sessionFromSmbConnection(record) : null;
}
