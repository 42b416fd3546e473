import { outsideTextParsers, type OutsideTextParser } from './index';

const kb = 1024;
/** 100 KB, a step on the way (where a parser far from linear is stopped) and 1 MB. */
export const sizes = [100 * kb, 316 * kb, 1024 * kb] as const;
/** Growth allowed from 100 KB to the midway size (linear: 3.2×; quadratic: 10×). */
export const stepLimit = 8;
/** Growth allowed from 100 KB to 1 MB (linear: 10×; quadratic: 100×). */
export const limit = 20;

/** One input of one parser, and the sizes it is built at. */
export interface OutsideTextCase {
  name: string;
  entry: OutsideTextParser;
  build: (bytes: number) => string;
  sizes: readonly number[];
}

/** What measure-child.ts found for one case. */
export interface Measured {
  name: string;
  /** The texts' lengths, in `sizes` order. */
  lengths: number[];
  /** Cost at the midway size ÷ cost at 100 KB. */
  midway?: number;
  /** Cost at 1 MB ÷ cost at 100 KB (not measured when the midway step grew too much). */
  growth?: number;
  /** What the parser threw, if it threw (an entry's run must not: its input is wrong). */
  error?: string;
}

const oneMb = sizes[2];

/** The sizes an entry is fed: `sizes`, or the same steps up to its cap. */
function sizesOf(entry: OutsideTextParser): readonly number[] {
  const { cap } = entry;
  return cap === undefined ? sizes : sizes.map((bytes) => Math.floor((bytes * cap) / oneMb));
}

export const outsideTextCases: OutsideTextCase[] = outsideTextParsers.flatMap((entry) =>
  Object.entries(entry.inputs).map(([input, build]) => ({
    name: `${entry.parser} (${entry.file}): ${input}`,
    entry,
    build,
    sizes: sizesOf(entry),
  })),
);
