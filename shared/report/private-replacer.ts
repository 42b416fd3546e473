import { formPattern, formsWithStandIns } from './encoded-forms';
import { hostKey, otherHostSpellings } from './host-spellings';
import { allStandInWords, isHarmless, standInWord, type PrivateKind, type PrivateMatch } from './private-patterns';

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
    case 'path':
      return /^[A-Za-z]:\\/.test(original)
        ? `C:\\folder-${n}`
        : original.startsWith('\\\\')
          ? `\\\\folder-${n}`
          : `/folder-${n}`;
    default:
      return `${standInWord(kind) ?? kind}-${n}`;
  }
}

/** Kinds that are words (or word-like tokens), which could also be part of an ordinary longer word. */
const isName = (kind: PrivateKind) => standInWord(kind) !== undefined;

/** A letter or digit in any script, or _: what a whole name must not be glued to. */
const wordCharacter = /[\p{L}\p{N}_]/u;

const characterBefore = (text: string, at: number) => [...text.slice(Math.max(0, at - 2), at)].pop() ?? '';
const characterAt = (text: string, at: number) => {
  const code = text.codePointAt(at);
  return code === undefined ? '' : String.fromCodePoint(code);
};
/**
 * `%20bob`, `\u00e9bob`: the character before is an escape's last, which stands for a character of
 * its own. Only the six characters before are read: an escape is no longer, and reading more for
 * every place a name may start would make a long text cost the square of its length.
 */
const afterEscape = (text: string, at: number) =>
  /(?:%[0-9A-Fa-f]{2}|\\u[0-9A-Fa-f]{4})$/.test(text.slice(Math.max(0, at - 6), at));

/** What the anonymiser writes: a name's stand-in, a folder's, an address's or a MAC's. */
const standInShape = new RegExp(
  `(?:${allStandInWords.join('|')})-\\d+(?!\\p{N})|(?:[A-Z]:\\\\|\\\\\\\\|\\/)folder-\\d+(?!\\p{N})|(?:192\\.0\\.2|198\\.51\\.100|203\\.0\\.113)\\.\\d+(?!\\p{N})|2001:db8::[0-9a-f]+(?![0-9a-f])|02:00:00:00:00:[0-9a-f]{2}(?![0-9a-f])`,
  'gu',
);

/**
 * A text with every stand-in the anonymiser writes put as `mark` (also one right after an escape,
 * as in `%20share-1`; not "myhost-1", which no stand-in is): what a reader, or a leak check, may
 * take for public, since it says nothing about what it replaced.
 */
export function withoutStandIns(text: string, mark = ''): string {
  return text.replace(standInShape, (found: string, at: number) =>
    /^[a-zA-Z]/.test(found) && /^[\p{L}\p{N}_]$/u.test(characterBefore(text, at)) && !afterEscape(text, at)
      ? found
      : mark,
  );
}

/**
 * Whether a detail found from `start` to `end` stands on its own, so nothing is replaced inside
 * something longer, which would change that and leave part of it: names only as whole words
 * ("bob" stays in "bobcat"); a path not as the start of a longer name ("/srv/aa" stays in
 * "/srv/aaron"); an address not inside a longer number ("1.2.3.4" stays in "11.2.3.45": a figure
 * is never touched).
 */
function standsAlone(kind: PrivateKind, text: string, start: number, end: number, startsInsideOne = false): boolean {
  const before = characterBefore(text, start);
  const after = characterAt(text, end);
  const glued = (characters: RegExp) => !startsInsideOne && characters.test(before) && !afterEscape(text, start);
  switch (kind) {
    case 'path':
      return !wordCharacter.test(after) && !(after === '.' && wordCharacter.test(characterAt(text, end + 1)));
    case 'ipv4':
      return (
        !glued(/[\p{N}.]/u) && !/\p{N}/u.test(after) && !(after === '.' && /\p{N}/u.test(characterAt(text, end + 1)))
      );
    case 'ipv6':
    case 'mac':
      return !glued(/[0-9A-Fa-f:-]/) && !/[0-9A-Fa-f:-]/.test(after);
    case 'iface':
      // As the pattern finds it: `nbh-enx…`, `enx….100` (a VLAN on it) are that interface.
      return !glued(/[\p{L}\p{N}]/u) && !/[\p{L}\p{N}]/u.test(after);
    default:
      return !glued(wordCharacter) && !wordCharacter.test(after);
  }
}

/** One detail with its stand-in, and each spelling it was seen in. */
interface Named {
  kind: PrivateKind;
  texts: string[];
  standIn: string;
}

/**
 * Builds the replacement for a set of private details. Each detail is found in every form it can
 * be written in (encoded-forms.ts: plain, shell-quoted, escaped for fio, JSON, HTML, URL; a host
 * name in any case) and each form is replaced by the same form of its stand-in, longest first,
 * never touching what was put in. What the run's own fields name (`known`) goes first, in a pass
 * of its own: a pattern's find can overlap a known value ("bob@nas.x" of "bob@nas.xé"), and must
 * not take a piece of it and leave the rest.
 */
export function privateTextReplacer(
  known: readonly PrivateMatch[],
  found: readonly PrivateMatch[] = [],
): {
  replace: (text: string) => string;
  counts: Partial<Record<PrivateKind, number>>;
} {
  const next: Partial<Record<PrivateKind, number>> = {};
  const originals = new Set([...known, ...found].map((detail) => detail.text));
  const counts: Partial<Record<PrivateKind, number>> = {};
  // One stand-in for a name however it was spelt: with spaces around it or without, composed or
  // decomposed (NFC, NFD), a host name in any case and in Unicode or Punycode.
  const key = (kind: PrivateKind, text: string) =>
    kind === 'host' ? hostKey(text.trim()) : text.trim().normalize('NFC');
  const seen = new Map<string, Named>();
  const name = (details: readonly PrivateMatch[]): Named[] => {
    const named: Named[] = [];
    for (const { kind, text } of details) {
      const same = seen.get(key(kind, text));
      if (same) {
        if (!same.texts.includes(text)) same.texts.push(text);
        continue;
      }
      if (isHarmless(kind, text)) continue;
      // A name with no letter ("1000") cannot be told from a figure: numbers are never touched.
      if (isName(kind) && kind !== 'serial' && !/\p{L}/u.test(text)) continue;
      let stand: string;
      do {
        next[kind] = (next[kind] ?? 0) + 1;
        stand = standIn(kind, next[kind], text);
      } while (originals.has(stand));
      const detail = { kind, texts: kind === 'host' ? [text, ...otherHostSpellings(text)] : [text], standIn: stand };
      named.push(detail);
      seen.set(key(kind, text), detail);
      counts[kind] = (counts[kind] ?? 0) + 1;
    }
    return named;
  };
  const passes = [name(known), name(found)].map(replacerOf);
  // The second pass looks only between the first one's stand-ins: "host" found in a home folder must not make "host-1" "user-2-1".
  // Matched after NFC normalisation: "Café" is found however the text composes its é.
  const replace = (text: string) =>
    passes
      .reduce<Piece[]>(
        (pieces, pass) => pieces.flatMap((piece) => (piece.standIn ? [piece] : pass(piece.text))),
        [{ text: text.normalize('NFC'), standIn: false }],
      )
      .map((piece) => piece.text)
      .join('');
  return { replace, counts };
}

/**
 * Every spelling a detail's forms are made from: as seen, composed (NFC) and decomposed (NFD), for
 * the escapes a tool writes of each (a macOS path is NFD: `Cafe%CC%81`); a host name also in upper
 * and lower case as whole texts, matched without case, for their encoded forms (%C4%B0 is İ, i%CC%87 is i̇).
 */
function spellingsOf(kind: PrivateKind, texts: readonly string[]): string[] {
  const composed = texts.flatMap((text) => [text.normalize('NFC'), text, text.normalize('NFD')]);
  const cased = kind === 'host' ? composed.flatMap((text) => [text, text.toLowerCase(), text.toUpperCase()]) : composed;
  return [...new Set(cased)];
}

/** A piece of a text: as it was, or a stand-in put in. */
interface Piece {
  text: string;
  standIn: boolean;
}

/**
 * One pass: one regular expression finds where any form of any detail may start; there the forms
 * are tried longest first and the first that stands on its own (standsAlone) is replaced. Checking
 * that in code, not in the expression, keeps it quick to build, which matters with a few hundred
 * forms in every anonymised run.
 */
function replacerOf(named: readonly Named[]): (text: string) => Piece[] {
  if (named.length === 0) return (text) => [{ text, standIn: false }];
  const alternatives: { kind: PrivateKind; length: number; source: string; standIn: string }[] = [];
  for (const { kind, texts, standIn: stand } of named) {
    const forms = new Map<string, string>();
    for (const spelling of spellingsOf(kind, texts))
      for (const [form, formStandIn] of formsWithStandIns(spelling, stand)) {
        // The text is searched in NFC: a spelling's other forms count only as escapes (%CC%81, \u0301), in ASCII.
        const searchable = spelling === spelling.normalize('NFC') || /^[\x20-\x7e]*$/.test(form);
        if (searchable && !forms.has(form)) forms.set(form, formStandIn);
      }
    for (const [form, formStandIn] of forms)
      alternatives.push({
        kind,
        length: form.length,
        source: formPattern(form, kind === 'host'),
        standIn: formStandIn,
      });
  }
  // Longest first, so a folder wins over a shorter name inside it; the sort is stable, so of two
  // details written the same way, the first named keeps it.
  alternatives.sort((a, b) => b.length - a.length);
  const anyForm = new RegExp(alternatives.map((alternative) => alternative.source).join('|'), 'gu');
  const eachForm = alternatives.map((alternative) => ({ ...alternative, here: new RegExp(alternative.source, 'uy') }));
  /** The longest form that stands on its own at `start`, and where it ends. */
  const formAt = (text: string, start: number, startsInsideOne = false) => {
    for (const { kind, here, standIn: stand } of eachForm) {
      here.lastIndex = start;
      if (here.exec(text) && standsAlone(kind, text, start, here.lastIndex, startsInsideOne))
        return { end: here.lastIndex, standIn: stand };
    }
    return undefined;
  };
  /**
   * Where two details overlap (a folder's last part `"m` before the Wi-Fi name `m'aaa`, in
   * `"ssid":"m'aaa"`), the first found would leave the rest of the other (`'aaa`): the span is
   * taken on to the end of every form that starts inside it and reaches past it, and each one's
   * stand-in written.
   */
  const overlapping = (text: string, start: number, first: { end: number; standIn: string }) => {
    let end = first.end;
    let standIns = first.standIn;
    for (let at = start + characterAt(text, start).length; at < end;) {
      anyForm.lastIndex = at;
      const next = anyForm.exec(text);
      if (!next || next.index >= end) break;
      const over = formAt(text, next.index, true);
      if (over && over.end > end) {
        end = over.end;
        standIns += over.standIn;
      }
      at = next.index + characterAt(text, next.index).length;
    }
    return { end, standIn: standIns };
  };
  return (text) => {
    const pieces: Piece[] = [];
    let copiedUpTo = 0;
    anyForm.lastIndex = 0;
    for (let found = anyForm.exec(text); found; found = anyForm.exec(text)) {
      const start = found.index;
      const standing = formAt(text, start);
      if (!standing) {
        anyForm.lastIndex = start + characterAt(text, start).length;
        continue;
      }
      const { end, standIn: stand } = overlapping(text, start, standing);
      pieces.push({ text: text.slice(copiedUpTo, start), standIn: false }, { text: stand, standIn: true });
      copiedUpTo = anyForm.lastIndex = end;
    }
    pieces.push({ text: text.slice(copiedUpTo), standIn: false });
    return pieces;
  };
}
