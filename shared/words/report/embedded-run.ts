import { NasbenchError } from '../../contract/errors';
import { jsonForScript } from './escape';

/** The element of an HTML report that carries its run, so the report can be imported again. */
export const embeddedRunElementId = 'nasbench-run';

export function embeddedRunScript(record: unknown): string {
  return `<script type="application/json" id="${embeddedRunElementId}">${jsonForScript(record)}</script>`;
}

const embeddedRun = new RegExp(
  `<script\\b[^>]*\\bid=["']?${embeddedRunElementId}["']?[^>]*>([\\s\\S]*?)</script\\s*>`,
  'i',
);

/**
 * The run file text inside what someone sent: a run's JSON as it is, or the run embedded in an
 * HTML report. Anything else is handed on unchanged for the run parser to refuse in its words.
 */
export function runFileTextOf(text: string): string {
  if (!/^\s*</.test(text)) return text;
  const match = embeddedRun.exec(text);
  if (!match?.[1]) {
    throw new NasbenchError(
      'PARSE_ERROR',
      'This HTML file has no NASBench run in it.',
      'Open an HTML report exported by NASBench, or the run’s JSON file.',
    );
  }
  return match[1];
}
