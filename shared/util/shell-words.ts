/**
 * The one way a value becomes part of a remote command line. Every command runs under POSIX
 * `sh` (login-shell.ts sees to that, whatever the user's login shell is), where single quotes keep
 * every character literal except the quote itself, which is written as '\'' — so any string
 * (spaces, $(…), backticks, ;, newlines, leading dashes, unicode) stays one argument and is never
 * interpreted. Words made only of characters sh never treats specially (`/usr/bin/fio`,
 * `--rw=randread`) are left bare, so the command lines shown to people read as they would type them.
 *
 * Pure, in shared/: the engine quotes with it, and the report's anonymiser reads a saved command
 * line back into its arguments with {@link shellWords} to rebuild it from anonymised ones.
 */
export function shellQuote(value: string): string {
  if (value.includes('\0')) throw new Error('A NUL byte cannot be passed to a remote command.');
  if (isPlainWord(value)) return value;
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** Joins a program and its arguments into one command line, each argument quoted where it needs it. */
export function shellCommand(argv: readonly string[]): string {
  return argv.map(shellQuote).join(' ');
}

/**
 * Letters, digits and `_ % + : , . / @ = -` only, and not `NAME=…` (which sh would read as a
 * variable assignment in the first word). No `~` (home expansion), no glob or quote characters.
 */
function isPlainWord(value: string): boolean {
  return /^[A-Za-z0-9_%+:,./@=-]+$/.test(value) && !/^[A-Za-z_][A-Za-z0-9_]*=/.test(value);
}

/** One word of a command line (an argument, its quotes undone) or the `&&` between two commands. */
export type ShellToken =
  { kind: 'word'; value: string; start: number; end: number } | { kind: 'and'; start: number; end: number };

/** A bare run, a quoted run (nothing but the closing quote ends it), or the `\'` of '\''. */
const piece = /[A-Za-z0-9_%+:,./@=-]+|'([^']*)'|\\'/y;

/**
 * The words of a command line as {@link shellCommand} writes it (older runs quoted every word,
 * which reads back the same), and the `&&` that chains the dd fallback's commands; each with where
 * it sits, so one word can be replaced and the rest left as they were. Anything else a shell would
 * interpret (`$`, `;`, a backslash outside '\'', a quote left open) is null: not written by
 * shellCommand, so not safely read as words.
 */
export function shellWords(commandLine: string): ShellToken[] | null {
  const tokens: ShellToken[] = [];
  let at = 0;
  while (at < commandLine.length) {
    if (commandLine[at] === ' ') {
      at += 1;
      continue;
    }
    if (commandLine.startsWith('&& ', at) || (commandLine.startsWith('&&', at) && at + 2 === commandLine.length)) {
      tokens.push({ kind: 'and', start: at, end: at + 2 });
      at += 2;
      continue;
    }
    const start = at;
    let value = '';
    while (at < commandLine.length && commandLine[at] !== ' ') {
      piece.lastIndex = at;
      const found = piece.exec(commandLine);
      if (!found) return null;
      value += found[0] === "\\'" ? "'" : (found[1] ?? found[0]);
      at = piece.lastIndex;
    }
    tokens.push({ kind: 'word', value, start, end: at });
  }
  return tokens;
}
