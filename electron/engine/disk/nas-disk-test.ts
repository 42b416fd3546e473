import type { NasFacts } from '../../../shared/contract/probe';
import type { ScratchFolder } from '../ssh';
import { runDdTests } from './dd-fallback';
import { readTestFolderFacts, type NasCommands } from './file-system';
import { fioToolOf } from './fio-tool';
import { checkFioJob, jobFootprint } from './job';
import type { FioReport } from './parse';
import { presetTests, quickDefaults, type DiskPreset, type DiskTest } from './presets';
import type { DiskSample, DiskTestResult } from './result';
import { runFioTests } from './run';

export interface NasDiskTestOptions {
  /** The folder the user chose on the NAS; tests write only in a scratch folder inside it. */
  folder: string;
  preset: DiskPreset;
  uncached: boolean;
  sizeBytes?: number;
  runtimeSeconds?: number;
  /** Only these tests of the preset, by name (a plan's shorter set); fio only, dd always writes then reads. */
  only?: readonly string[];
  /**
   * Longest that writing larger files may take when buffered I/O stands in for direct I/O (a plan's
   * budget); without it only the free space limits them.
   */
  standInBudgetSeconds?: number;
  /** From the probe: the NAS's RAM, which fio (its path) and kernel it has, and how to install fio. */
  facts: Pick<NasFacts, 'memoryBytes' | 'tools' | 'installHints'> & { os?: Pick<NasFacts['os'], 'kernel'> };
  /**
   * Opens the run's scratch folder after checking there is room for `neededBytes` (plus a margin):
   * the app passes its ConnectionManager's, the CLI openScratchFolder directly.
   */
  openScratch(neededBytes: number): Promise<ScratchFolder>;
  signal?: AbortSignal;
  onTestStart?(index: number, name: string): void;
  onSample?(sample: DiskSample): void;
  onResult?(result: DiskTestResult): void;
  onReport?(report: FioReport, index: number): void;
}

export interface NasDiskTestResult {
  engine: 'fio' | 'dd';
  dir: string;
  tests: DiskTestResult[];
  fio: { version: string } | null;
  fileSystem: string | null;
  /** How to install fio, when the dd fallback ran. */
  hints: string[];
}

/**
 * The fio tests a disk run of `preset` runs (only the `only` ones, when given), and the bytes its
 * scratch folder must hold: tests with new files remove the previous ones first, so the largest
 * test's. The step's preview and the run itself both take them from here.
 */
export function diskTestPlan(
  options: Pick<NasDiskTestOptions, 'preset' | 'uncached' | 'sizeBytes' | 'runtimeSeconds' | 'only'> & {
    freeBytes: number;
  },
): { tests: DiskTest[]; neededBytes: number } {
  const tests = presetTests(options.preset, {
    uncached: options.uncached,
    freeBytes: options.freeBytes,
    ...(options.sizeBytes !== undefined ? { sizeBytes: options.sizeBytes } : {}),
    ...(options.runtimeSeconds !== undefined ? { runtimeSeconds: options.runtimeSeconds } : {}),
  }).filter((test) => !options.only || options.only.includes(test.name));
  return { tests, neededBytes: Math.max(0, ...tests.map((test) => jobFootprint(checkFioJob(test.job)))) };
}

/**
 * A disk test on the NAS: fio with the chosen preset, or the dd fallback when the NAS has no
 * fio. The scratch folder is refused before anything is written when the tests do not fit, and
 * removed afterwards on success, failure and cancel alike.
 */
export async function runNasDiskTest(session: NasCommands, options: NasDiskTestOptions): Promise<NasDiskTestResult> {
  const folder = await readTestFolderFacts(session, options.folder);
  const common = {
    memoryBytes: options.facts.memoryBytes,
    folder,
    ...(options.standInBudgetSeconds !== undefined ? { standInBudgetSeconds: options.standInBudgetSeconds } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onTestStart ? { onTestStart: options.onTestStart } : {}),
    ...(options.onSample ? { onSample: options.onSample } : {}),
    ...(options.onResult ? { onResult: options.onResult } : {}),
  };
  const fio = fioToolOf(options.facts);
  if (fio === null) {
    const sizeBytes = options.sizeBytes ?? quickDefaults.sizeBytes;
    const tests = await inScratch(options, sizeBytes, (path) =>
      runDdTests(session, path, { ...common, sizeBytes, uncached: options.uncached }),
    );
    return {
      engine: 'dd',
      dir: options.folder,
      tests,
      fio: null,
      fileSystem: folder.fileSystem,
      hints: options.facts.installHints,
    };
  }
  const { tests, neededBytes: needed } = diskTestPlan({ ...options, freeBytes: folder.freeBytes ?? 0 });
  const results = await inScratch(options, needed, (path) =>
    runFioTests(session, path, tests, {
      ...common,
      fio,
      ...(options.onReport ? { onReport: options.onReport } : {}),
    }),
  );
  return {
    engine: 'fio',
    dir: options.folder,
    tests: results,
    fio: { version: results[0]?.fioVersion ?? options.facts.tools.fio?.version ?? 'unknown' },
    fileSystem: folder.fileSystem,
    hints: [],
  };
}

async function inScratch<T>(
  options: NasDiskTestOptions,
  neededBytes: number,
  work: (path: string) => Promise<T>,
): Promise<T> {
  const scratch = await options.openScratch(neededBytes);
  let result: T;
  try {
    result = await work(scratch.path);
  } catch (error) {
    // The test's own error is the one to report; a failed cleanup after it must not hide it.
    await scratch.remove().catch(() => undefined);
    throw error;
  }
  await scratch.remove();
  return result;
}
