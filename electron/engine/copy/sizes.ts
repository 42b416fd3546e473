/** Bytes are stored as numbers; the largest file this engine writes is far below 2^53. */
export const KiB = 1024;
export const MiB = 1024 * KiB;
export const GiB = 1024 * MiB;

/** Rounds up to a multiple of `step` (a power of two or any positive whole number). */
export function roundUp(value: number, step: number): number {
  return Math.ceil(value / step) * step;
}
