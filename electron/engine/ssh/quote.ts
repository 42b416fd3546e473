/**
 * The one way a value becomes part of a remote command line. Every command runs under POSIX
 * `sh` (login-shell.ts sees to that, whatever the user's login shell is), where single quotes keep
 * every character literal except the quote itself, which is written as '\'' — so any string
 * (spaces, $(…), backticks, ;, newlines, leading dashes, unicode) stays one argument and is never
 * interpreted. Words made only of characters sh never treats specially (`/usr/bin/fio`,
 * `--rw=randread`) are left bare, so the command lines shown to people read as they would type them.
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
