import { NasbenchError } from '../../../shared/errors';
import { parseByteSize as readByteSize } from '../../../shared/units';

/** A size for a disk test (see shared/units.ts for the forms it takes): at least one byte, at most 1 PiB. */
export function parseByteSize(text: string): number {
  const value = readByteSize(text);
  if (value === undefined || value < 1 || value > 2 ** 50) {
    throw new NasbenchError(
      'INVALID_INPUT',
      `"${text}" is not a size.`,
      'Give bytes, or a number with k, M, G or T (powers of two), e.g. 64M or 1G.',
    );
  }
  return value;
}
