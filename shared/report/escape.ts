/**
 * Escaping for each output format. Run data is untrusted (a tag, a share name or an error message
 * can hold anything), and a report is opened by other people: text must stay text in every format.
 */

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** For HTML and SVG text and attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEntities[char] ?? char);
}

/** U+2060, invisible and no line-break opportunity, as an entity so the source shows it is there. */
const wordJoiner = '&#8288;';

/**
 * Run data inside Markdown (a table cell or a sentence, never at a line's start): the characters
 * that open a link, an image, emphasis, code or a new table column are backslash-escaped (so
 * `[x](javascript:…)` is no link and `|` no new column), HTML is written as entities (forums that
 * allow raw HTML show it as text), and line breaks become spaces (a table row is one line).
 *
 * Text shaped like an address must not become a live link either, neither in GitHub's autolinks
 * nor in markdown-it's linkify, so only the characters that make it one are broken up:
 * - the second `/` of `//` (`http://x`, `//x`): both find a URL by `://` or `//` in the source;
 * - a `.` before a letter (`evil.com`, a top-level domain always starts with one) or after `www`
 *   (`www.123`): markdown-it looks for domains only within one run of text, which an escape ends;
 * - an `@` between two non-spaces gets an invisible word joiner after it, as an entity: GitHub
 *   looks for e-mails after joining escaped text back together, so only a real character in the
 *   way stops it, and the entity (unlike the bare character) also ends markdown-it's run of text.
 * A `:` needs nothing: no link starts at a colon without `//` or an `@` after it.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/[\\`*_[\]|~]|(?<=\/)\/|\.(?=\p{L})|(?<=www)\./giu, (char) => `\\${char}`)
    .replace(/[&<>"]/g, (char) => htmlEntities[char] ?? char)
    .replace(/(?<=\S)@(?=\S)/g, `@${wordJoiner}`);
}

/**
 * A CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a text starting with
 * = + - @ or a tab is prefixed with ' so a spreadsheet shows it instead of running it as a formula.
 */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * JSON inside a <script type="application/json">: `<` (and `>`, `&`, the two JavaScript line
 * separators) as \u escapes, so no "</script>" or "<!--" in the data can end the element early.
 * JSON.parse reads the escapes back as the same characters.
 */
export function jsonForScript(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
