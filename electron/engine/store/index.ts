/** Saved runs: one atomically written, schema-versioned JSON file per run in the data folder. */
export { RunStore, type RunHistory } from './run-store';
