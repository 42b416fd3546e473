/**
 * The share benchmark from this computer: CrystalDiskMark's tests (sequential and 4K random, at
 * queue depth 1 and more, read and write) on a mounted share or a local folder, with real I/Os in
 * flight through NASBench's own I/O threads, or through fio on this computer as the yardstick.
 */
export { runShareBench, type ShareBenchOptions } from './share-bench';
export { openIoPool, maxOutstanding, type IoPool, type PassSpec, type PassOutcome } from './io-pool';
export { findLocalFio, fioPassArgs, runFioPass, type LocalFio } from './fio-here';
export { latencyBucket, latencyPercentile, latencyBuckets, latencySubBuckets } from './latency';
export { builtinRunner, fioRunner, layOutTestFile, outstandingOf, type Runner } from './runners';
