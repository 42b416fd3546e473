import { mean } from './spread';

/**
 * Whether a run of per-second readings kept one level: the straight line through them (least
 * squares) moves, from the first reading to the last, by at most `floor` of their median's size
 * (`level`), or by no more than the slope's own uncertainty allows at 99% (Student's t, n − 2 degrees
 * of freedom). Readings that scatter in bursts around a level that does not move keep it; a rate
 * that sags from 2.4 to 1.4 GB/s over nine seconds does not. Needs at least three readings (fewer: false).
 */
export function keepsLevel(readings: readonly number[], level: number, floor: number): boolean {
  const n = readings.length;
  if (n < 3) return false;
  const centreX = (n - 1) / 2;
  const centreY = mean(readings);
  const sxx = readings.reduce((sum, _, x) => sum + (x - centreX) ** 2, 0);
  const slope = readings.reduce((sum, y, x) => sum + (x - centreX) * (y - centreY), 0) / sxx;
  const residuals = readings.reduce((sum, y, x) => sum + (y - centreY - slope * (x - centreX)) ** 2, 0);
  const slopeError = Math.sqrt(residuals / (n - 2) / sxx);
  const change = Math.abs(slope) * (n - 1);
  return change <= Math.max(floor * level, studentT99(n - 2) * slopeError * (n - 1));
}

/** Student's t at 99% two-sided, for these degrees of freedom (from a table; 2.58 past 30). */
function studentT99(freedom: number): number {
  const table = [63.66, 9.92, 5.84, 4.6, 4.03, 3.71, 3.5, 3.36, 3.25, 3.17, 3.11, 3.05, 3.01, 2.98, 2.95];
  return table[freedom - 1] ?? (freedom <= 20 ? 2.85 : freedom <= 30 ? 2.75 : 2.58);
}
