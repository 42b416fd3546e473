import { NasbenchError } from '../contract/errors';
import { jsonForScript } from './escape';

/** The element of an HTML report that carries its run, so the report can be imported again. */
export const embeddedRunElementId = 'nasbench-run';

export function embeddedRunScript(record: unknown): string {
  return `<script type="application/json" id="${embeddedRunElementId}">${jsonForScript(record)}</script>`;
}

/**
 * The run file text inside what someone sent: a run's JSON as it is, or the run embedded in an
 * HTML report. Anything else is handed on unchanged for the run parser to refuse in its words.
 */
export function runFileTextOf(text: string): string {
  let start = 0;
  while (start < text.length && /\s/.test(text[start] ?? '')) start += 1;
  if (text[start] !== '<') return text;
  const content = embeddedRunIn(text);
  if (!content) {
    throw new NasbenchError(
      'PARSE_ERROR',
      'This HTML file has no NASBench run in it.',
      'Open an HTML report exported by NASBench, or the run’s JSON file.',
    );
  }
  return content;
}

const scriptOpen = /<script(?![A-Za-z0-9_])/gi;
const scriptClose = /<\/script/gi;
const idAttribute = /id=/gi;
const runId = new RegExp(`["']?${embeddedRunElementId}`, 'iy');
const wordCharacter = /[A-Za-z0-9_]/;

/**
 * What the first `<script … id=nasbench-run …>` element holds, up to its `</script>`, found in
 * one pass over the text: imports can be 64 MiB, and a pattern that tries every `<script` against
 * the rest of the text costs the square of it when the closing tag never comes. Each stretch is
 * read once: an opening tag that is not the run's ends at its first `>`, and any `<script` inside
 * it would end at the same `>`, so the search goes on after it; the run's tag with no closing tag
 * after it means no later one has one either. Matches what
 * `/<script\b[^>]*\bid=["']?nasbench-run["']?[^>]*>([\s\S]*?)<\/script\s*>/i` matched before.
 */
function embeddedRunIn(text: string): string | null {
  scriptOpen.lastIndex = 0;
  for (let open = scriptOpen.exec(text); open; open = scriptOpen.exec(text)) {
    const attributesStart = open.index + open[0].length;
    const tagEnd = text.indexOf('>', attributesStart);
    if (tagEnd < 0) return null;
    if (!namesTheRun(text, attributesStart, tagEnd)) {
      scriptOpen.lastIndex = tagEnd + 1;
      continue;
    }
    return contentUpToClose(text, tagEnd + 1);
  }
  return null;
}

/**
 * Whether the attributes between `from` and `to` hold `id=nasbench-run` (quoted or not) after a
 * non-word character. Searched in a copy of those attributes alone, so the search ends at the tag's end.
 */
function namesTheRun(text: string, from: number, to: number): boolean {
  const attributes = text.slice(from, to);
  idAttribute.lastIndex = 0;
  for (let id = idAttribute.exec(attributes); id; id = idAttribute.exec(attributes)) {
    const before = id.index > 0 ? attributes[id.index - 1] : text[from - 1];
    if (wordCharacter.test(before ?? '')) continue;
    runId.lastIndex = id.index + 3;
    if (runId.test(attributes)) return true;
  }
  return false;
}

/** The text from `from` to the first `</script` followed by white space and `>`; null when none follows. */
function contentUpToClose(text: string, from: number): string | null {
  scriptClose.lastIndex = from;
  for (let close = scriptClose.exec(text); close; close = scriptClose.exec(text)) {
    let at = close.index + close[0].length;
    while (at < text.length && /\s/.test(text[at] ?? '')) at += 1;
    if (text[at] === '>') return text.slice(from, close.index);
    scriptClose.lastIndex = at;
  }
  return null;
}
