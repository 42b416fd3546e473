import { RunRecord } from '../contract/runs';
import { anonymizeCommandLine } from './command-lines';
import { knownFromFields } from './private-fields';
import { findPrivateText, type PrivateKind, type PrivateMatch } from './private-patterns';
import { privateTextReplacer } from './private-replacer';

/**
 * The anonymiser behind every shareable report: host names, IPv4/IPv6 and MAC addresses, serial
 * numbers and WWNs, user names, share names, Wi-Fi names, folder paths, interfaces named after
 * their MAC, pool, array and dataset names and drives' by-id names are replaced everywhere in a
 * run (notes, labels, command lines, errors, tags), each by the same stand-in every time it
 * appears, so a report still reads ("host-1 → 192.0.2.1", "pool-1 on iface-1") and the figures
 * the run computes from its addresses (which NAS port was used) still come out the same. Numbers
 * are never touched, and the run stays one the contract takes: it can be imported again.
 *
 * A private value is known from the run's own fields (private-fields.ts) or found by its shape
 * (private-patterns.ts), and replaced in whatever form the run's text holds it, after NFC
 * normalisation: a saved command line is read back into its words and rebuilt from anonymised
 * ones (command-lines.ts); any other text is searched for every encoded form of every value
 * (encoded-forms.ts).
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
  const texts = [...stringsIn(record)].map((text) => text.normalize('NFC'));
  // A path inside a known folder keeps its tail: "/folder-1/.nasbench-…/file" still says where it wrote.
  const knownFolders = known.filter((detail) => detail.kind === 'path').map((detail) => detail.text);
  const insideKnown = (path: string) =>
    knownFolders.some((folder) => path.startsWith(folder) && /^[\\/]/.test(path.slice(folder.length)));
  const found = texts
    .flatMap((text) => findPrivateText(text))
    .filter((item) => item.kind !== 'path' || !insideKnown(item.text));
  const longEnough = (detail: PrivateMatch) => detail.text.length >= 2;
  // An address found in text joins the fields' details in the first pass, where the longest form wins: else a
  // short name there (a share called "e:") takes the start of "[e::0:0:0:0:0%25eth0]" and leaves the rest.
  const isAddress = (detail: PrivateMatch) => detail.kind === 'ipv4' || detail.kind === 'ipv6' || detail.kind === 'mac';
  const { replace, counts } = privateTextReplacer(
    [...known, ...found.filter(isAddress)].filter(longEnough),
    found.filter((detail) => !isAddress(detail)).filter(longEnough),
  );
  // A command line is rebuilt from its anonymised words (command-lines.ts); other text is searched.
  const anonymized = mapStrings(record, (text, field) =>
    field === 'commandLine' ? anonymizeCommandLine(text, replace) : replace(text),
  ) as RunRecord;
  // A stand-in can be longer than what it replaced ("/#" → "/folder-5"); a tag must stay within its 40 characters.
  anonymized.tags = anonymized.tags.map((tag) => tag.slice(0, 40));
  return { record: withinContract(anonymized, record), replaced: counts };
}

/**
 * The anonymised run as the contract takes it. A name can be a word of the contract's own
 * vocabulary (a pool named "raid10" or "mirror", a share named "read"): where replacing it broke a
 * field that holds one of those words (a RAID level, a test's direction), the field keeps its word,
 * which is the app's and says nothing of the name. A text a stand-in made too long is cut to fit.
 */
function withinContract(anonymized: RunRecord, original: RunRecord): RunRecord {
  let originalValid: boolean | undefined;
  for (let round = 0; round < 8; round += 1) {
    const parsed = RunRecord.safeParse(anonymized);
    if (parsed.success) break;
    // A word is put back only from a run the contract takes: then it is one of the contract's own.
    originalValid ??= RunRecord.safeParse(original).success;
    let changed = false;
    for (const issue of parsed.error.issues) {
      const now = valueAt(anonymized, issue.path);
      const was = valueAt(original, issue.path);
      if (typeof now !== 'string' || typeof was !== 'string' || now === was) continue;
      if (issue.code === 'too_big' && typeof issue.maximum === 'number') {
        changed = setValueAt(anonymized, issue.path, now.slice(0, Number(issue.maximum)).trim()) || changed;
      } else if (originalValid && (issue.code === 'invalid_value' || issue.code === 'invalid_union')) {
        changed = setValueAt(anonymized, issue.path, was) || changed;
      }
    }
    if (!changed) break;
  }
  return anonymized;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path) {
    if (!at || typeof at !== 'object') return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

function setValueAt(value: unknown, path: readonly PropertyKey[], text: string): boolean {
  const parent = valueAt(value, path.slice(0, -1));
  const key = path[path.length - 1];
  if (!parent || typeof parent !== 'object' || key === undefined) return false;
  (parent as Record<PropertyKey, unknown>)[key] = text;
  return true;
}
