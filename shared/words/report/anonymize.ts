import type { RunRecord } from '../../contract/runs';
import { findPrivateText, isHarmless, isIpv6, type PrivateKind, type PrivateMatch } from './private-patterns';

/**
 * The anonymiser behind every shareable report: host names, IPv4/IPv6 and MAC addresses, serial
 * numbers, user names, share names, Wi-Fi names and folder paths are replaced everywhere in a run
 * (notes, labels, command lines, errors, tags), each by the same stand-in every time it appears,
 * so a report still reads ("host-1 → 192.0.2.1") and the figures the run computes from its
 * addresses (which NAS port was used) still come out the same. Numbers are never touched.
 */

export interface AnonymizeOptions {
  /** Names the caller knows are private (this computer's name, the SSH login, the OS user). */
  alsoPrivate?: readonly PrivateMatch[];
}

export interface AnonymizedRun {
  record: RunRecord;
  /** How many distinct details of each kind were replaced (never the details themselves). */
  replaced: Partial<Record<PrivateKind, number>>;
}

/** Stand-ins from the documentation ranges (RFC 5737, RFC 3849) and a locally administered MAC. */
const ipv4Blocks = ['192.0.2.', '198.51.100.', '203.0.113.'];
function standIn(kind: PrivateKind, n: number, original: string): string {
  switch (kind) {
    case 'ipv4':
      return `${ipv4Blocks[Math.floor((n - 1) / 254) % ipv4Blocks.length]}${((n - 1) % 254) + 1}`;
    case 'ipv6':
      return `2001:db8::${n.toString(16)}`;
    case 'mac':
      return `02:00:00:00:00:${(n % 256).toString(16).padStart(2, '0')}`;
    case 'serial':
      return `SERIAL-${n}`;
    case 'path':
      return /^[A-Za-z]:\\/.test(original)
        ? `C:\\folder-${n}`
        : original.startsWith('\\\\')
          ? `\\\\folder-${n}`
          : `/folder-${n}`;
    case 'host':
      return `host-${n}`;
    case 'user':
      return `user-${n}`;
    case 'share':
      return `share-${n}`;
    case 'wifi':
      return `wifi-${n}`;
  }
}

/** The run's own fields that name a host, a user, a share or a folder, whatever they look like. */
function knownFromFields(record: RunRecord): PrivateMatch[] {
  const known: PrivateMatch[] = [];
  const add = (kind: PrivateKind, text: string | null | undefined) => {
    const value = text?.trim();
    // One-letter names would replace ordinary words; patterns still catch addresses of any length.
    if (!value || value.length < 2 || value === 'This computer' || value === 'localhost') return;
    // An address is named by its own kind (192.0.2.x, 2001:db8::x), wherever it was found.
    if (isIpv6(value) || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(value)) {
      known.push(...findPrivateText(value).filter((found) => found.text === value));
      return;
    }
    known.push({ kind, text: value });
  };
  const { environment } = record;
  if (!/\s/.test(environment.target)) add('host', environment.target);
  add('host', environment.nas?.hostname);
  for (const volume of environment.nas?.volumes ?? []) add('path', volume.mount);
  add('wifi', environment.client?.route.wifi?.ssid);
  // The NAS's host-key fingerprint names that one box as surely as its serial number.
  add('serial', environment.nasIdentity?.fingerprint);
  for (const result of record.results) {
    if (result.kind === 'disk') add('path', result.folder);
    if (result.kind === 'copy') {
      add('path', result.dir);
      add('host', result.share?.server);
      add('user', result.share?.user);
      add(result.share?.share.startsWith('/') ? 'path' : 'share', result.share?.share);
      add('path', result.share?.localPath);
    }
    if (result.kind === 'network') for (const leg of result.legs) add('host', leg.target);
    // The other computers of a load test, and where each sees the share.
    if (result.kind === 'load')
      for (const client of result.clients) {
        add('host', client.host);
        add('path', client.dir);
      }
  }
  for (const [key, value] of Object.entries(environment.parameters)) {
    if (typeof value !== 'string') continue;
    // By the parameter's name: "folder", "nasFolder", "shareFolder", "dir", "localPath"; "host", "user".
    if (/(?:folder|^dir|path)$/i.test(key)) add('path', value);
    else if (/^(?:host|target|server)$/i.test(key)) add('host', value);
    else if (/^user(?:name)?$/i.test(key)) add('user', value);
  }
  return known;
}

function* stringsIn(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* stringsIn(item);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) yield* stringsIn(item);
}

function mapStrings(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, change));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, change)]));
  }
  return value;
}

/** Kinds that are words (or word-like tokens), which could also be part of an ordinary longer word. */
const nameKinds = new Set<PrivateKind>(['host', 'user', 'share', 'wifi', 'serial']);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Builds the replacement for a set of private details: one pass over a string, longest detail
 * first, never touching what it put in.
 */
export function privateTextReplacer(details: readonly PrivateMatch[]): {
  replace: (text: string) => string;
  counts: Partial<Record<PrivateKind, number>>;
} {
  const standIns = new Map<string, string>();
  const next: Partial<Record<PrivateKind, number>> = {};
  const originals = new Set(details.map((detail) => detail.text));
  const counts: Partial<Record<PrivateKind, number>> = {};
  const names = new Set<string>();
  for (const { kind, text } of details) {
    if (standIns.has(text) || isHarmless(kind, text)) continue;
    if (nameKinds.has(kind)) names.add(text);
    let stand: string;
    do {
      next[kind] = (next[kind] ?? 0) + 1;
      stand = standIn(kind, next[kind], text);
    } while (originals.has(stand));
    standIns.set(text, stand);
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  if (standIns.size === 0) return { replace: (text) => text, counts };
  // Names only as whole words ("bob" stays in "bobcat"); addresses, serials and paths wherever they are.
  const isName = (text: string) => names.has(text);
  const longestFirst = (texts: string[]) =>
    texts
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|');
  const found = [...standIns.keys()];
  const others = longestFirst(found.filter((text) => !isName(text)));
  const words = longestFirst(found.filter(isName));
  const alternatives = [others, words ? `(?<![A-Za-z0-9_])(?:${words})(?![A-Za-z0-9_])` : ''].filter(Boolean);
  const pattern = new RegExp(alternatives.join('|'), 'g');
  return { replace: (text) => text.replace(pattern, (found) => standIns.get(found) ?? found), counts };
}

/** The run with every private detail replaced; its figures, tests and structure unchanged. */
export function anonymizeRun(record: RunRecord, options: AnonymizeOptions = {}): AnonymizedRun {
  const details = [...knownFromFields(record), ...(options.alsoPrivate ?? [])];
  // A path inside a known folder keeps its tail: "/folder-1/.nasbench-…/file" still says where it wrote.
  const knownFolders = details.filter((detail) => detail.kind === 'path').map((detail) => detail.text);
  const insideKnown = (path: string) =>
    knownFolders.some((folder) => path.startsWith(folder) && /^[\\/]/.test(path.slice(folder.length)));
  for (const text of stringsIn(record)) {
    details.push(...findPrivateText(text).filter((found) => found.kind !== 'path' || !insideKnown(found.text)));
  }
  const { replace, counts } = privateTextReplacer(details.filter((detail) => detail.text.length >= 2));
  const anonymized = mapStrings(record, replace) as RunRecord;
  // A stand-in can be longer than what it replaced ("/#" → "/folder-5"); a tag must stay within its 40 characters.
  anonymized.tags = anonymized.tags.map((tag) => tag.slice(0, 40));
  return { record: anonymized, replaced: counts };
}
