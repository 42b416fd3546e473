import type { TestResult } from '../../contract/runs';

/**
 * The results a test through the disks measured as its parts (the network alone, then the disks
 * alone): its own view sets their figures beside its own, so they are not drawn again on their own.
 */
export function throughDiskParts(results: readonly TestResult[]): Set<TestResult> {
  const through = results.findIndex((result) => result.kind === 'disk-through-network' && result.alone);
  if (through < 0) return new Set();
  return new Set(results.slice(0, through).filter((result) => result.kind === 'network' || result.kind === 'disk'));
}
