import { fioPath } from '../util/fio-path';
import { shellQuote } from '../util/shell-words';
import { escapeHtml, jsonForScript } from './escape';

/**
 * How a private value can be written inside a run's text. The engine and the tools it runs
 * write names in more ways than one: a folder `/srv/Bob's:share` is `'/srv/Bob'\''s\:share'` in
 * a saved fio command line, a share `Zoë's` is `Zo%C3%AB%27s` in an smb:// URL and `Zo\u00eb's`
 * in the JSON a tool printed. Text that must be searched (notes, error messages, anything not rebuilt from its parts)
 * is searched for each of these forms, and each is replaced by the same form of the stand-in, so
 * the text stays what it was (a valid shell word, a valid URL) with only the name changed.
 */

/** Inside POSIX single quotes, as shellQuote writes them: each ' is '\''. */
const shellQuoted = (text: string) => text.replaceAll("'", `'\\''`);
/** A whole shell word, quotes and all: its stand-in needs none ("ssh 'Anna Schmidt'@nas" becomes "ssh user-1@host-1"). */
const shellWord = (text: string) => (text.includes('\0') ? text : shellQuote(text));

/** A JSON string's content, with nothing escaped but what JSON must (what JSON.stringify writes). */
const jsonEscaped = (text: string) => JSON.stringify(text).slice(1, -1);
/** As jsonForScript puts JSON in HTML: also <, >, & and the line separators as \u escapes. */
const jsonForHtml = (text: string) => jsonForScript(text).slice(1, -1);
/** As many JSON writers do (Python's json.dumps): everything past ASCII as \u escapes. */
const jsonAscii = (text: string) =>
  jsonEscaped(text).replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** HTML as this app writes it, and as most serialisers write text content (quotes left as they are). */
const htmlText = (text: string) => text.replace(/[&<>]/g, (char) => escapeHtml(char));

/** RFC 3986 strict: also ! ' ( ) *, which encodeURIComponent leaves (macOS writes smb://…/Anna%27s). */
const urlStrict = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
/** A path inside a URL keeps its slashes. */
const bySegment = (encode: (text: string) => string) => (text: string) => text.split('/').map(encode).join('/');

/** Every form, the plain text first: where two forms of a value are the same text, the first one's stand-in is used. */
export const textForms: readonly ((text: string) => string)[] = [
  (text) => text,
  shellWord,
  shellQuoted,
  fioPath,
  (text) => shellQuoted(fioPath(text)),
  jsonEscaped,
  jsonForHtml,
  jsonAscii,
  (text) => jsonEscaped(shellQuoted(fioPath(text))),
  escapeHtml,
  htmlText,
  encodeURIComponent,
  urlStrict,
  bySegment(encodeURIComponent),
  bySegment(urlStrict),
];

/** Each distinct form of `text` with the same form of `standIn`, the plain text first. */
export function formsWithStandIns(text: string, standIn: string): [form: string, standIn: string][] {
  const forms = new Map<string, string>();
  for (const encode of textForms) {
    const form = encode(text);
    if (!forms.has(form)) forms.set(form, encode(standIn));
  }
  return [...forms];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A regular expression source (for the `u` flag) matching a form exactly, with the hex digits of
 * its %XX and \uXXXX escapes in either case (writers differ), and with `anyCase` its letters too:
 * host names are the same name in any case (BigStore, bigstore.local).
 */
export function formPattern(form: string, anyCase: boolean): string {
  let source = '';
  for (const char of form) {
    const spellings = anyCase ? caseSpellings(char) : [char];
    source +=
      spellings.length === 1
        ? escapeRegExp(char)
        : spellings.every((spelling) => [...spelling].length === 1)
          ? `[${spellings.map(escapeRegExp).join('')}]`
          : `(?:${spellings.map(escapeRegExp).join('|')})`;
  }
  return source
    .replace(/%([0-9A-F]{2})/g, (_, hex: string) => `%${hexAnyCase(hex)}`)
    .replace(/\\\\u([0-9a-f]{4})/g, (_, hex: string) => `\\\\u${hexAnyCase(hex)}`);
}

/** A character in each case, where its other case can be longer (İ and i̇, ß and SS): longest first. */
const caseSpellings = (char: string) =>
  [...new Set([char, char.toLowerCase(), char.toUpperCase(), char.toUpperCase().toLowerCase()])].sort(
    (a, b) => b.length - a.length,
  );

const hexAnyCase = (hex: string) =>
  [...hex].map((digit) => (/[a-f]/i.test(digit) ? `[${digit.toLowerCase()}${digit.toUpperCase()}]` : digit)).join('');
