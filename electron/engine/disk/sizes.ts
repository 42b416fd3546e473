import { NasbenchError } from '../../../shared/errors';

const multipliers: Record<string, number> = { '': 1, k: 2 ** 10, m: 2 ** 20, g: 2 ** 30, t: 2 ** 40 };

/**
 * Reads a size as the CLI contract writes them: plain bytes, or a number with a k/M/G/T suffix in
 * powers of two ("4k" = 4096, "64M", "1.5G"); "MiB"/"MB"/"m" all mean 2^20 here, as in fio.
 */
export function parseByteSize(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(?:i?b)?\s*$/i.exec(text);
  const value = match ? Number(match[1]) * (multipliers[(match[2] ?? '').toLowerCase()] ?? Number.NaN) : Number.NaN;
  if (!Number.isFinite(value) || value < 1 || value > 2 ** 50) {
    throw new NasbenchError(
      'INVALID_INPUT',
      `"${text}" is not a size.`,
      'Give bytes, or a number with k, M, G or T (powers of two), e.g. 64M or 1G.',
    );
  }
  return Math.floor(value);
}
