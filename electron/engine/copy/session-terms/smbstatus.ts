import { readSessionRow, readShareRow } from './smbstatus-rows';
import { smbDialect, unknownSession, withEncryptionSigning, type ShareSession } from './terms';

/**
 * Samba's `smbstatus`: a table of sessions (PID, user, group, machine, protocol version and, since
 * Samba 4.11, encryption and signing), then a table of connected shares (service, PID, machine,
 * connected at and, since 4.11, encryption and signing). `partial(…)` means some of the session's
 * messages were protected and some not: Samba counts both kinds (smbXsrv_is_partially_encrypted).
 */

export interface SmbstatusSession {
  pid: string;
  /** The client's address (`ipv4:198.19.77.1:33260` → `198.19.77.1`), or the machine name. */
  machine: string;
  protocol: string;
  encryption: string | null;
  signing: string | null;
}

export interface SmbstatusShare {
  service: string;
  pid: string;
  machine: string;
  encryption: string | null;
  signing: string | null;
}

export interface Smbstatus {
  sessions: SmbstatusSession[];
  shares: SmbstatusShare[];
}

/** `198.19.77.1 (ipv4:198.19.77.1:33260)` → 198.19.77.1; `[fd00::1]:445`-style ports come off too. */
function clientAddress(machine: string): string {
  const inner = addressInParentheses(machine);
  if (inner === undefined) return machine.trim();
  return inner.replace(/^\[(.*)\]:\d+$/, '$1').replace(/^([^:]+):\d+$/, '$1');
}

/**
 * What `/\(ipv[46]:(.+)\)/` found, by index: from the first `(ipv4:` to the last `)` of the same
 * line (that expression, tried at every `(ipv4:` of a long run, scanned to the end from each).
 */
function addressInParentheses(machine: string): string | undefined {
  for (const part of machine.split(/[\n\r\u2028\u2029]/)) {
    const start = part.search(/\(ipv[46]:/) + '(ipv4:'.length;
    const end = part.lastIndexOf(')');
    if (start >= '(ipv4:'.length && end > start) return part.slice(start, end);
  }
  return undefined;
}

export function parseSmbstatus(text: string): Smbstatus {
  const status: Smbstatus = { sessions: [], shares: [] };
  let table: 'sessions' | 'shares' | undefined;
  let withCrypto = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^PID\s+Username\s+Group\s+Machine\s+Protocol Version/.test(line)) {
      [table, withCrypto] = ['sessions', /Encryption\s+Signing/.test(line)];
      continue;
    }
    if (/^Service\s+pid\s+Machine\s+Connected at/.test(line)) {
      [table, withCrypto] = ['shares', /Encryption\s+Signing/.test(line)];
      continue;
    }
    if (line.trim() === '' || /^-{10,}/.test(line)) continue;
    if (table === 'sessions') {
      const row = readSessionRow(line, withCrypto);
      if (row) status.sessions.push({ ...row, machine: clientAddress(row.machine) });
    } else if (table === 'shares') {
      const row = readShareRow(line, withCrypto);
      if (row) status.shares.push({ ...row, service: row.service.trim() });
    } else if (/^(No locked files|Samba version)/.test(line)) {
      table = undefined;
    }
  }
  return status;
}

type Degree = 'none' | 'partial' | 'full' | 'unknown';

/** `-` → none, `partial(AES-128-GMAC)` → partial, `AES-128-GMAC` → full; an old table without the column → unknown. */
function degreeOf(cell: string | null): Degree {
  if (cell === null) return 'unknown';
  if (cell === '-') return 'none';
  return cell.startsWith('partial(') ? 'partial' : 'full';
}

/**
 * One connection's terms. The share's own row is exact for what it requires; the session's row
 * tells the rest. A session that signs only partly signed its setup and nothing after (SMB 2 and
 * 3 sign every message only when one end requires it); a partly encrypted session cannot tell
 * which share's messages were encrypted, so on its own it leaves encryption unknown.
 */
function termsOf(session: SmbstatusSession, share: SmbstatusShare | undefined): ShareSession {
  const sessionSigning = degreeOf(session.signing);
  const sessionEncryption = degreeOf(session.encryption);
  const shareEncrypted = share !== undefined && degreeOf(share.encryption) === 'full';
  const shareSigned = share !== undefined && degreeOf(share.signing) === 'full';
  const encryption: ShareSession['encryption'] =
    shareEncrypted || sessionEncryption === 'full' ? 'on' : sessionEncryption === 'none' ? 'off' : 'unknown';
  const signing: ShareSession['signing'] =
    sessionSigning === 'full' || shareSigned ? 'on' : sessionSigning === 'unknown' ? 'unknown' : 'off';
  return withEncryptionSigning({
    ...unknownSession('smb', 'nas'),
    version: smbDialect(session.protocol),
    signing,
    signingRequired: sessionSigning === 'full' ? true : sessionSigning === 'partial' ? false : null,
    encryption,
  });
}

/** Terms every connection agrees on; where they differ, unknown. */
function agreed(all: readonly ShareSession[]): ShareSession | null {
  const [first, ...rest] = all;
  if (!first) return null;
  const same = <K extends keyof ShareSession>(key: K) => rest.every((other) => other[key] === first[key]);
  return {
    ...first,
    version: same('version') ? first.version : null,
    signing: same('signing') ? first.signing : 'unknown',
    signingRequired: same('signingRequired') ? first.signingRequired : null,
    encryption: same('encryption') ? first.encryption : 'unknown',
  };
}

/**
 * The terms of this computer's connections to one share, from the NAS's smbstatus: the share's
 * rows (from `clientAddress` when known), each with its session. Null when smbstatus lists none.
 */
export function sessionFromSmbstatus(text: string, share: string, clientAddress?: string | null): ShareSession | null {
  const status = parseSmbstatus(text);
  const name = share.split('/')[0]?.toLowerCase();
  const fromHere = (machine: string) => !clientAddress || machine === clientAddress;
  const rows = status.shares.filter((row) => row.service.toLowerCase() === name && fromHere(row.machine));
  const terms = rows.flatMap((row) => {
    const session = status.sessions.find((candidate) => candidate.pid === row.pid);
    return session ? [termsOf(session, row)] : [];
  });
  return agreed(terms);
}
