import type { LeftBehind } from '../contract/run-events';

/**
 * What to say of a test folder NASBench made and could not remove: where it is, that it holds only
 * NASBench's test files, and that it goes by itself (a later test in that folder removes it once it
 * is a day old: its marker file proves NASBench made it).
 */
export function leftBehindWords(folder: LeftBehind): string {
  const where = folder.where === 'nas' ? 'on the NAS' : 'on the share';
  return (
    `NASBench could not remove its test folder ${folder.path} ${where}. It holds only NASBench's test files: ` +
    'remove it yourself, or leave it — NASBench removes it after a day, the next time it tests in that folder.'
  );
}
