import { SECTION_MARKER } from '../../../electron/engine/probe/nas-script';

/**
 * One parser of outside text (what a NAS, a share, the LAN, this computer's tools or an imported
 * file hand NASBench) and the adversarial inputs that would hurt its patterns most. The linear-cost
 * test feeds each input at 100 KB and at 1 MB and holds the cost to grow no faster than the text.
 */
export interface OutsideTextParser {
  /** The function fed, as the code names it (or the pattern's use, for a pattern tried on its own). */
  parser: string;
  /** The source file (from the repository root) whose patterns the inputs aim at. */
  file: string;
  /**
   * Those patterns, written as in `file` (a pattern built at run time by the name of the constant
   * holding it). Every pattern of a file in the table must be named by one of its entries.
   */
  patterns: readonly (RegExp | string)[];
  /** Each input by what it is, built to about `bytes` characters. */
  inputs: Record<string, (bytes: number) => string>;
  /** Feeds the parser one input. */
  run(text: string): unknown;
  /**
   * Set for a parser that refuses more than this many characters before it parses: then it is
   * also measured below its cap, at a tenth of the cap and at the cap (as at 100 KB and 1 MB).
   */
  cap?: number;
}

/** A file whose patterns are not measured here, and why (they never see outside text, or another test's do). */
export interface UnmeasuredFile {
  file: string;
  why: string;
}

/** `unit` repeated to about `bytes` characters (at least once). */
export function repeat(unit: string, bytes: number): string {
  return unit.repeat(Math.max(1, Math.ceil(bytes / unit.length)));
}

/** `head`, then `unit` repeated to about `bytes`, then `tail`: one long line that never completes. */
export function stretch(head: string, unit: string, tail: string, bytes: number): string {
  return `${head}${repeat(unit, bytes - head.length - tail.length)}${tail}`;
}

/** Lines joined by newlines, `line` repeated to about `bytes`. */
export function lines(line: string, bytes: number): string {
  return repeat(`${line}\n`, bytes);
}

/** The probe's output with one section holding `body` (the probe script ends every line). */
export function probeSection(name: string, body: string): string {
  return `${SECTION_MARKER} ${name}\n${body}\n`;
}

/** Characters that end a line for `.` and `$` but that no line reader splits on. */
export const lineBreaks = { cr: '\r', lineSeparator: '\u2028' } as const;

/**
 * A pattern tried on its own, where the function around it needs more than text to run (a socket,
 * a file system): the pattern as written in `file`, searched through the text as the code does.
 */
export function patternAlone(
  file: string,
  pattern: RegExp,
  inputs: OutsideTextParser['inputs'],
  use = 'searched',
): OutsideTextParser {
  return {
    parser: `${pattern} ${use} on its own`,
    file,
    patterns: [pattern],
    inputs,
    run: (text) => (pattern.global ? countMatches(pattern, text) : pattern.exec(text)),
  };
}

/** How often a global pattern matches, one match at a time (as replace and split go through them). */
function countMatches(pattern: RegExp, text: string): number {
  let count = 0;
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    count += 1;
    if (match[0] === '') pattern.lastIndex += 1;
  }
  return count;
}
