/**
 * fio reads ':' in `directory`/`filename` as a list separator; `\:` keeps it part of the name.
 * Nothing else in the value is special to fio on its command line (no `$VAR` expansion there).
 * Pure, in shared/: the engine writes paths for fio with it, and the report's anonymiser reads
 * them back ({@link fioPathText}) to replace a private folder whatever characters it holds.
 */
export function fioPath(path: string): string {
  return path.replaceAll(':', '\\:');
}

/**
 * The path a {@link fioPath} value names. Every ':' in such a value has the one backslash fioPath
 * put before it, so taking that backslash away undoes it exactly (a backslash of the path itself,
 * even one right before a colon, stays).
 */
export function fioPathText(value: string): string {
  return value.replaceAll('\\:', ':');
}
