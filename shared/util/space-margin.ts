/**
 * Room a test on the NAS leaves free beyond what it writes, so a benchmark never fills someone's
 * NAS: 5% of the test size, and at least 32 MiB. Pure, so the sweep form's preview can say which
 * cells will not fit before the engine refuses them.
 */
export function spaceMargin(neededBytes: number): number {
  return Math.max(32 * 1024 * 1024, Math.ceil(neededBytes * 0.05));
}
