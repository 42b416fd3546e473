/**
 * How many times what `large` costs is what `small` costs, both run in this one process: the least
 * time of several interleaved runs of each, after one warm-up run of both (other work on a shared
 * machine only ever adds time, so the least is the nearest to the work's own cost). A ratio, never a
 * wall-clock bound: the rule for parsers of outside text is 1 MB at most 20× 100 KB.
 */
export async function costRatio(small: () => unknown, large: () => unknown, rounds = 7): Promise<number> {
  await small();
  await large();
  let leastSmall = Infinity;
  let leastLarge = Infinity;
  for (let round = 0; round < rounds; round += 1) {
    let started = performance.now();
    await small();
    leastSmall = Math.min(leastSmall, performance.now() - started);
    started = performance.now();
    await large();
    leastLarge = Math.min(leastLarge, performance.now() - started);
  }
  return leastLarge / Math.max(leastSmall, 1e-3);
}

/** `bytes` of text in chunks of `chunkBytes`, with no line break anywhere. */
export function chunksOf(bytes: number, chunkBytes: number, fill = 'x'): string[] {
  const chunk = fill.repeat(chunkBytes);
  return Array.from({ length: Math.ceil(bytes / chunkBytes) }, () => chunk);
}
