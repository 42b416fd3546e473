import { formPattern, formsWithStandIns } from './encoded-forms';
import { isHarmless, type PrivateKind, type PrivateMatch } from './private-patterns';

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

/** Kinds that are words (or word-like tokens), which could also be part of an ordinary longer word. */
const nameKinds = new Set<PrivateKind>(['host', 'user', 'share', 'wifi', 'serial']);

/** A letter or digit in any script, or _: what a whole name must not be glued to. */
const wordCharacter = /[\p{L}\p{N}_]/u;

const characterBefore = (text: string, at: number) => [...text.slice(Math.max(0, at - 2), at)].pop() ?? '';
const characterAt = (text: string, at: number) => {
  const code = text.codePointAt(at);
  return code === undefined ? '' : String.fromCodePoint(code);
};
/** `%20bob`, `\u00e9bob`: the character before is an escape's last, which stands for a character of its own. */
const afterEscape = (text: string, at: number) => /(?:%[0-9A-Fa-f]{2}|\\u[0-9A-Fa-f]{4})$/.test(text.slice(0, at));

/** What the anonymiser writes: a name's stand-in, a folder's, an address's or a MAC's. */
const standInShape =
  /(?:host|user|share|wifi|SERIAL)-\d+(?!\p{N})|(?:[A-Z]:\\|\\\\|\/)folder-\d+(?!\p{N})|(?:192\.0\.2|198\.51\.100|203\.0\.113)\.\d+(?!\p{N})|2001:db8::[0-9a-f]+(?![0-9a-f])|02:00:00:00:00:[0-9a-f]{2}(?![0-9a-f])/gu;

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
function standsAlone(kind: PrivateKind, text: string, start: number, end: number): boolean {
  const before = characterBefore(text, start);
  const after = characterAt(text, end);
  const glued = (characters: RegExp) => characters.test(before) && !afterEscape(text, start);
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
  // One stand-in for a name however it was spelt: with spaces around it or without, a host name in any case.
  const key = (kind: PrivateKind, text: string) => (kind === 'host' ? text.trim().toLowerCase() : text.trim());
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
      if (nameKinds.has(kind) && kind !== 'serial' && !/\p{L}/u.test(text)) continue;
      let stand: string;
      do {
        next[kind] = (next[kind] ?? 0) + 1;
        stand = standIn(kind, next[kind], text);
      } while (originals.has(stand));
      const detail = { kind, texts: [text], standIn: stand };
      named.push(detail);
      seen.set(key(kind, text), detail);
      counts[kind] = (counts[kind] ?? 0) + 1;
    }
    return named;
  };
  const passes = [name(known), name(found)].map(replacerOf);
  // The second pass looks only between the first one's stand-ins: "host" found in a home folder must not make "host-1" "user-2-1".
  const replace = (text: string) =>
    passes
      .reduce<Piece[]>(
        (pieces, pass) => pieces.flatMap((piece) => (piece.standIn ? [piece] : pass(piece.text))),
        [{ text, standIn: false }],
      )
      .map((piece) => piece.text)
      .join('');
  return { replace, counts };
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
    // Matched without case; upper and lower case also as whole texts, for their encoded forms (%C4%B0 is İ, i%CC%87 is i̇).
    const spellings = kind === 'host' ? texts.flatMap((text) => [text, text.toLowerCase(), text.toUpperCase()]) : texts;
    const forms = new Map<string, string>();
    for (const [form, formStandIn] of spellings.flatMap((spelling) => formsWithStandIns(spelling, stand)))
      if (!forms.has(form)) forms.set(form, formStandIn);
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
  return (text) => {
    const pieces: Piece[] = [];
    let copiedUpTo = 0;
    anyForm.lastIndex = 0;
    for (let found = anyForm.exec(text); found; found = anyForm.exec(text)) {
      const start = found.index;
      let end = -1;
      const standing = eachForm.find(({ kind, here }) => {
        here.lastIndex = start;
        end = here.exec(text) ? here.lastIndex : -1;
        return end >= 0 && standsAlone(kind, text, start, end);
      });
      if (!standing) {
        anyForm.lastIndex = start + characterAt(text, start).length;
        continue;
      }
      pieces.push({ text: text.slice(copiedUpTo, start), standIn: false }, { text: standing.standIn, standIn: true });
      copiedUpTo = anyForm.lastIndex = end;
    }
    pieces.push({ text: text.slice(copiedUpTo), standIn: false });
    return pieces;
  };
}
