import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { domainToUnicode } from 'node:url';
import { withoutStandIns } from '../../shared/report/private-replacer';

/**
 * The leak check for anonymised reports (issue #20). A report leaks when a fragment of three or
 * more characters of a private value survives in it and is not one of its public parts.
 *
 * Public parts are defined by a twin: the same report rendered from the same run with the private
 * values never present (planted with neutral values instead, which the anonymiser replaces by the
 * same stand-ins). Whatever the twin shows is what the report says whatever the values are: the
 * app's own words ("share", "NAS disk"), figures, dates, ids, the stand-ins. So "har" in a
 * share named "Sharon" is excused because the twin says "share", while "Bob" of "Bob's:share" is
 * not, because no twin says it. Only the stand-ins the anonymiser wrote into this very report are
 * also public (its numbering can run further than the twin's when a value has more inside it to
 * find, e.g. a path inside a user name); they are cut out of both before looking, so a fragment
 * is public only where the twin shows it outside a stand-in.
 *
 * A report is read as written and as a reader's tools would read it back: HTML entities decoded,
 * JSON and Markdown escapes undone, CSV quotes, shell quoting ('\''), fio's `\:`, URL encoding and
 * Punycode (as a browser shows an `xn--` host name) undone; compared without case (host names are
 * the same in any case) after NFKC (a PDF may print "ﬁ" for "fi"; a decomposed "é" is the composed
 * one), runs of white space as one space. A PDF's text is also read with its line breaks taken
 * out, since a long word wraps anywhere.
 */

/** Texts of one report by what a reader opens: html, its embedded run, the PDF's text, md, csv, csv-samples, csv-grid, json. */
export type ReportTexts = Readonly<Record<string, string>>;

export interface Leak {
  format: string;
  value: string;
  fragment: string;
  /** Where it was found, in the reading that showed it. */
  around: string;
}

const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const codePoint = (code: number, otherwise: string) =>
  code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : otherwise;
const decodeHtml = (text: string) =>
  text.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|(amp|lt|gt|quot|apos|nbsp));/gi, (found, dec, hex, name) =>
    dec
      ? codePoint(Number(dec), found)
      : hex
        ? codePoint(parseInt(hex, 16), found)
        : (named[name.toLowerCase()] ?? found),
  );
const jsonEscapes: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};
const decodeJson = (text: string) =>
  text.replace(/\\(?:u([0-9a-f]{4})|(["\\/bfnrt]))/gi, (_, hex, char) =>
    hex ? String.fromCharCode(parseInt(hex, 16)) : (jsonEscapes[char] ?? char),
  );
const decodeMarkdown = (text: string) => text.replace(/\u2060/g, '').replace(/\\([!-/:-@[-`{-~])/g, '$1');
const decodeCsv = (text: string) => text.replaceAll('""', '"');
const decodeShell = (text: string) => text.replaceAll("'\\''", "'");
const decodeFio = (text: string) => text.replaceAll('\\:', ':');
const decodeUrl = (text: string) =>
  text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });

/** A browser shows a Punycode label in Unicode: xn--zo-nas-qva is zoë-nas (Node's own decoder, not the anonymiser's). */
const decodePunycode = (text: string) =>
  text.replace(/xn--[a-z0-9-]+/gi, (label) => domainToUnicode(label.toLowerCase()) || label);

/** How a reader's tools undo the escaping of each format, the innermost layers last (shell, fio, URL, Punycode). */
const inner = [decodeShell, decodeFio, decodeUrl, decodePunycode];
const fromHtml = [decodeHtml, decodeHtml, decodeJson, ...inner];
const fromJson = [decodeJson, ...inner];
const decodings: Record<string, ((text: string) => string)[]> = {
  html: fromHtml,
  'embedded run': fromJson,
  pdf: inner,
  md: [decodeHtml, decodeHtml, decodeMarkdown, ...inner],
  csv: [decodeCsv, decodeJson, ...inner],
  'csv-samples': [decodeCsv, ...inner],
  'csv-grid': [decodeCsv, ...inner],
  json: fromJson,
};
/** A format not named above is read every way. */
const everyWay = [fromHtml, fromJson, decodings.md ?? [], decodings.csv ?? []];

/** Comparable text: no case, compatibility forms folded, white space as one space. */
export const comparable = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ');

/** Every reading of a report, one after another with NUL between (no value holds a NUL); stand-ins cut out as NULs. */
function readings(text: string, format: string): string {
  // A PDF's lines are also read joined: a long word wraps anywhere.
  const sources = format === 'pdf' ? [text, text.replace(/[\r\n]+/g, '')] : [text];
  const chains = [[], ...(decodings[format] ? [decodings[format]] : everyWay)];
  return sources
    .flatMap((source) =>
      chains.map((chain) => {
        const decoded = chain.reduce((current, decode) => decode(current), source);
        return comparable(withoutStandIns(decoded, '\0'));
      }),
    )
    .join('\0');
}

/** Characters that split a reading into pieces compared whole against the twin's (a speed-up only). */
const splitters = ['\0', '>', '<', '{', '}', '[', ']', '|', ';', '\t', '"', ',', '='];

interface PublicReading {
  text: string;
  pieces: Map<string, Set<string>>;
}
const publicReadings = new WeakMap<ReportTexts, Map<string, PublicReading>>();

function publicReading(twin: ReportTexts, format: string): PublicReading {
  let byFormat = publicReadings.get(twin);
  if (!byFormat) publicReadings.set(twin, (byFormat = new Map()));
  let reading = byFormat.get(format);
  if (!reading) {
    const text = readings(twin[format] ?? '', format);
    byFormat.set(format, (reading = { text, pieces: new Map() }));
  }
  return reading;
}

/**
 * Every fragment (3+ characters) of a private value that a report shows and its twin does not;
 * for each place in a value, the longest one found (its shorter beginnings are then found too).
 */
export function survivingFragments(values: readonly string[], report: ReportTexts, twin: ReportTexts): Leak[] {
  const wanted = values.map(comparable).map((value) => [...value]);
  const inValues = new Set(wanted.flat());
  const splitter = splitters.filter((char) => !inValues.has(char));
  const splitKey = splitter.join('');
  const split = new RegExp(`[${splitter.map((char) => `\\u{${char.codePointAt(0)?.toString(16)}}`).join('')}]`, 'u');
  const leaks: Leak[] = [];
  for (const [format, text] of Object.entries(report)) {
    const twinReading = publicReading(twin, format);
    let twinPieces = twinReading.pieces.get(splitKey);
    if (!twinPieces) twinReading.pieces.set(splitKey, (twinPieces = new Set(twinReading.text.split(split))));
    const reading = readings(text, format);
    // A fragment inside a piece the twin also has is in the twin: look only in the other pieces.
    const changed = reading
      .split(split)
      .filter((piece) => piece.length >= 3 && !twinPieces.has(piece))
      .join('\0');
    if (changed.length < 3) continue;
    for (const [index, value] of wanted.entries()) {
      for (let start = 0; start + 3 <= value.length; start += 1) {
        let length = 3;
        if (!changed.includes(value.slice(start, start + length).join(''))) continue;
        while (start + length < value.length && changed.includes(value.slice(start, start + length + 1).join('')))
          length += 1;
        const fragment = value.slice(start, start + length).join('');
        if (twinReading.text.includes(fragment)) continue;
        const at = reading.indexOf(fragment);
        const around = reading.slice(Math.max(0, at - 40), at + fragment.length + 40).replaceAll('\0', '␀');
        leaks.push({ format, value: values[index] ?? '', fragment, around });
      }
    }
  }
  return leaks;
}

/** What Chromium prints of a report: the page's text, without its head, style sheet and embedded run. */
export function printedText(html: string): string {
  return decodeHtml(
    html
      .replace(/<head>[\s\S]*?<\/head>/i, ' ')
      .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<[^>]*>/g, ' '),
  );
}

/** The text of a PDF as poppler's pdftotext reads it. */
export function pdfText(pdf: Uint8Array): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nasbench-pdf-text-'));
  try {
    const file = path.join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
