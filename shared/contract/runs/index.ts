/** The run model: a saved run's shape, its migration from older shapes, and its history summary. */
export * from './record';
export * from './results';
export { parseRunFile, parseRunRecord } from './migrate';
export { decimateSamples, maxStoredPointsPerSeries } from './samples';
