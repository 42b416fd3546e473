/**
 * The one way a value becomes part of a remote command line. Every NAS shell we meet is POSIX
 * `sh` (often BusyBox ash), where single quotes keep every character literal except the quote
 * itself, which is written as '\'' — so any string (spaces, $(…), backticks, ;, newlines,
 * leading dashes, unicode) stays one argument and is never interpreted.
 */
export function shellQuote(value: string): string {
  if (value.includes('\0')) throw new Error('A NUL byte cannot be passed to a remote command.');
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** Joins a program and its arguments into one command line, each argument quoted. */
export function shellCommand(argv: readonly string[]): string {
  return argv.map(shellQuote).join(' ');
}
