/**
 * Disk tests on the NAS: fio jobs built from checked options (job.ts), the presets users pick
 * (presets.ts), fio's JSON read right (parse.ts, status-stream.ts), runs inside a scratch folder
 * with live samples and honest cache handling (run.ts), and dd when fio is missing (dd-fallback.ts).
 * Every figure names the caches that could have served it (cache-state.ts, zfs-facts.ts) and how
 * steady it was (figure-spread.ts).
 */
export { diskTestPlan, runNasDiskTest, type NasDiskTestOptions, type NasDiskTestResult } from './nas-disk-test';
export { runFioTests, type RunFioOptions } from './run';
export { runDdTests, type DdTestOptions } from './dd-fallback';
export { checkFioJob, fioArgv, fioPath, FioJob, jobFootprint, type FioJobInput } from './job';
export { DiskPreset, presetTests, quickDefaults, quickPreset, arsPreset, bulkPreset, type DiskTest } from './presets';
export { parseFioReport, summarizeFioReport, type FioReport, type FioSummary } from './parse';
export { FioStatusStream, type FioSample } from './status-stream';
export { directIoSupport, readTestFolderFacts, type TestFolderFacts } from './file-system';
export { inMemoryFolder, nasDiskCache } from './cache-state';
export type { DiskSample, DiskTestResult } from './result';
export { fioEngineFor, fioOption, fioToolOf, type FioTool } from './fio-tool';
export {
  runSweep,
  planSweep,
  largestCellBytes,
  sweepDefaults,
  type SweepDirection,
  type SweepOptions,
  type SweepResult,
} from './sweep';
export { SweepClock } from './sweep-time';
