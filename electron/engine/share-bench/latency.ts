/**
 * Latency as a log-scale histogram the I/O threads fill with Atomics.add: each power of two of
 * nanoseconds is cut into `latencySubBuckets` steps (about 4.4% wide), as HdrHistogram does, so
 * 32 threads can count millions of I/Os in a few kilobytes of shared memory with no locks. The
 * worker's source computes the same bucket (io-pool.ts); the constants are passed to it.
 */
export const latencySubBuckets = 16;
/** 2^40 ns is 18 minutes: no single I/O of a test takes longer. */
export const latencyBuckets = 40 * latencySubBuckets;

/** The bucket of one I/O's latency in nanoseconds. */
export function latencyBucket(ns: number): number {
  if (!(ns >= 1)) return 0;
  return Math.min(latencyBuckets - 1, Math.floor(Math.log2(ns) * latencySubBuckets));
}

/** The middle of a bucket on the log scale, in nanoseconds. */
function bucketMiddle(bucket: number): number {
  return 2 ** ((bucket + 0.5) / latencySubBuckets);
}

/** The latency below which `fraction` of the I/Os finished, from the histogram; 0 when it is empty. */
export function latencyPercentile(histogram: ArrayLike<number>, fraction: number): number {
  let total = 0;
  for (let bucket = 0; bucket < histogram.length; bucket++) total += histogram[bucket] ?? 0;
  if (total === 0) return 0;
  const wanted = Math.max(1, Math.ceil(total * fraction));
  let seen = 0;
  for (let bucket = 0; bucket < histogram.length; bucket++) {
    seen += histogram[bucket] ?? 0;
    if (seen >= wanted) return bucketMiddle(bucket);
  }
  return bucketMiddle(histogram.length - 1);
}
