import type { RunRecord } from '../../contract/runs';
import { anonymizeCommandLine } from './command-lines';
import { findPrivateText, isIpv6, type PrivateKind, type PrivateMatch } from './private-patterns';
import { privateTextReplacer } from './private-replacer';

/**
 * The anonymiser behind every shareable report: host names, IPv4/IPv6 and MAC addresses, serial
 * numbers, user names, share names, Wi-Fi names and folder paths are replaced everywhere in a run
 * (notes, labels, command lines, errors, tags), each by the same stand-in every time it appears,
 * so a report still reads ("host-1 → 192.0.2.1") and the figures the run computes from its
 * addresses (which NAS port was used) still come out the same. Numbers are never touched.
 *
 * A private value is known from the run's own fields (knownFromFields) or found by its shape
 * (private-patterns.ts), and replaced in whatever form the run's text holds it: a saved command
 * line is read back into its words and rebuilt from anonymised ones (command-lines.ts); any other
 * text is searched for every encoded form of every value (encoded-forms.ts).
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
    // As written too, spaces and all: quoted or URL-encoded, " Anna" is not "Anna" with something before it.
    if (text && text !== value) known.push({ kind, text });
  };
  const { environment } = record;
  if (!/\s/.test(environment.target)) add('host', environment.target);
  add('host', environment.nas?.hostname);
  for (const volume of environment.nas?.volumes ?? []) add('path', volume.mount);
  // The NAS's shares and home folders: a share's name, a home folder's owner.
  for (const folder of environment.nas?.folders ?? []) add('path', folder.path);
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
      add('host', result.path?.server);
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

/** Every string of a value changed, each with the name of the field it is in. */
function mapStrings(value: unknown, change: (text: string, field: string) => string, field = ''): unknown {
  if (typeof value === 'string') return change(value, field);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, change, field));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, change, key)]));
  }
  return value;
}

/** The run with every private detail replaced; its figures, tests and structure unchanged. */
export function anonymizeRun(record: RunRecord, options: AnonymizeOptions = {}): AnonymizedRun {
  const known = [...knownFromFields(record), ...(options.alsoPrivate ?? [])];
  // A path inside a known folder keeps its tail: "/folder-1/.nasbench-…/file" still says where it wrote.
  const knownFolders = known.filter((detail) => detail.kind === 'path').map((detail) => detail.text);
  const insideKnown = (path: string) =>
    knownFolders.some((folder) => path.startsWith(folder) && /^[\\/]/.test(path.slice(folder.length)));
  const found = [...stringsIn(record)]
    .flatMap((text) => findPrivateText(text))
    .filter((item) => item.kind !== 'path' || !insideKnown(item.text));
  const longEnough = (detail: PrivateMatch) => detail.text.length >= 2;
  const { replace, counts } = privateTextReplacer(known.filter(longEnough), found.filter(longEnough));
  // A command line is rebuilt from its anonymised words (command-lines.ts); other text is searched.
  const anonymized = mapStrings(record, (text, field) =>
    field === 'commandLine' ? anonymizeCommandLine(text, replace) : replace(text),
  ) as RunRecord;
  // A stand-in can be longer than what it replaced ("/#" → "/folder-5"); a tag must stay within its 40 characters.
  anonymized.tags = anonymized.tags.map((tag) => tag.slice(0, 40));
  return { record: anonymized, replaced: counts };
}
