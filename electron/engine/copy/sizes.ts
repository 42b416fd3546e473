/** Suffixes are powers of two, as the CLI contract says: 4k = 4096, 64M = 64 MiB, 1G = 1 GiB. */
const multipliers: Record<string, number> = { '': 1, k: 2 ** 10, m: 2 ** 20, g: 2 ** 30, t: 2 ** 40 };

/**
 * Reads a byte size like `64M`, `1G`, `4k`, `512KiB` or plain `1048576`. Returns undefined for
 * anything else (fractions, negatives, unknown suffixes) so the caller can say what it expected.
 */
export function parseByteSize(text: string): number | undefined {
  const match = /^\s*(\d+)\s*([kmgt]?)(?:i?b)?\s*$/i.exec(text);
  if (!match) return undefined;
  const [, digits = '', suffix = ''] = match;
  const multiplier = multipliers[suffix.toLowerCase()];
  if (multiplier === undefined) return undefined;
  const bytes = Number(digits) * multiplier;
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

/** Bytes are stored as numbers; the largest file this engine writes is far below 2^53. */
export const KiB = 1024;
export const MiB = 1024 * KiB;
export const GiB = 1024 * MiB;

/** Rounds up to a multiple of `step` (a power of two or any positive whole number). */
export function roundUp(value: number, step: number): number {
  return Math.ceil(value / step) * step;
}
