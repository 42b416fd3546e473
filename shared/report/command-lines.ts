import { fioPath, fioPathText } from '../util/fio-path';
import { shellQuote, shellWords } from '../util/shell-words';

/**
 * A saved command line, anonymised from its words rather than as text. The engine writes every
 * command line it keeps (DiskTestResult.commandLine, an error's details.commandLine) with
 * shellCommand, which quotes each argument in one unambiguous way, so the words read back exactly
 * (shellWords): the run keeps its arguments, and no contract field is needed to keep them again.
 * Each word is then anonymised as the plain value it is, with fio's own escape undone first for
 * fio's path options, and quoted again as the engine would quote it: `'--directory=/srv/Bob'\''s\:x/.nasbench-…'`
 * becomes `--directory=/folder-1/.nasbench-…`, not `/folder-1'\''s\:x/…`.
 */

/** fio options whose value is a path written with fioPath. */
const fioPathOption = /^(--(?:directory|filename)=)([\s\S]*)$/;

export function anonymizeCommandLine(commandLine: string, replace: (text: string) => string): string {
  const tokens = shellWords(commandLine);
  // Not written by shellCommand (hand-edited, or a tool's own output): searched as text, every form.
  if (!tokens) return replace(commandLine);
  let rebuilt = '';
  let copiedUpTo = 0;
  let program: string | null = null;
  for (const token of tokens) {
    if (token.kind === 'and') {
      program = null;
      continue;
    }
    let changed: string;
    if (program === null) {
      program = token.value.split('/').pop() ?? '';
      changed = replace(token.value);
    } else {
      changed = anonymizeArgument(token.value, program, replace);
    }
    // Unchanged words keep their own quoting (older runs quoted every word).
    if (changed === token.value) continue;
    rebuilt += commandLine.slice(copiedUpTo, token.start) + shellQuote(changed);
    copiedUpTo = token.end;
  }
  return rebuilt + commandLine.slice(copiedUpTo);
}

function anonymizeArgument(argument: string, program: string, replace: (text: string) => string): string {
  const option = program === 'fio' ? fioPathOption.exec(argument) : null;
  if (option) return `${option[1]}${fioPath(replace(fioPathText(option[2] ?? '')))}`;
  return replace(argument);
}
