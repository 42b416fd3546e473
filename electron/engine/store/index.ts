/**
 * What NASBench keeps in its data folder: small JSON files, each schema-versioned and written
 * atomically (json-file.ts), and the saved runs, one such file per run (run-store.ts).
 */
export { JsonFile, versionedFormat, type JsonFormat } from './json-file';
export { RunStore } from './run-store';
export { historyHandlers } from './handlers';
