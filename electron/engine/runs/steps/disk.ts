import type { DiskRunDetails, DiskTestResult } from '../../../../shared/contract/disk';
import type { ThroughputSummary } from '../../../../shared/contract/run-events';
import type { TestResult } from '../../../../shared/contract/runs';
import { formatBytes } from '../../../../shared/util/units';
import { diskTestPlan, quickDefaults, runNasDiskTest, type DiskPreset } from '../../disk';
import { freeBytesOfFolder, scratchIn } from './nas-folder';
import { nasOf, type Step, type StepFacts } from './types';
import { resultsOfKind } from '../../../../shared/kinds';

export interface DiskStepSpec {
  label: string;
  folder: string;
  preset: DiskPreset;
  uncached: boolean;
  /** Only these tests of the preset (a plan's shorter set). */
  only?: string[];
  sizeBytes?: number;
  runtimeSeconds?: number;
  /** A plan's limit on writing larger files when buffered I/O must stand in for direct I/O (seconds). */
  standInBudgetSeconds?: number;
}

/** A conservative layout rate for the preview's time: fio writes the test file before it measures. */
const layoutBytesPerSecond = 150e6;
/**
 * Each fio test's own start and end beyond its runtime: the command over SSH, opening the file, the
 * JSON out (as measured: docs/measured-constants.md).
 */
const perTestSeconds = 0.5;
/** dd's rate for the preview's time: a slow single-disk NAS. */
const ddBytesPerSecond = 100e6;

/** The NAS disk test: fio with a preset (dd when fio is missing), in a scratch folder; each fio test is a part. */
export function diskStep(spec: DiskStepSpec, facts: Pick<StepFacts, 'nas'>): Step {
  const { folder } = spec;
  const cache = spec.uncached
    ? 'past the NAS’s RAM cache (direct I/O where the file system honours it)'
    : 'buffered, through the NAS’s RAM cache';
  let what: string;
  let seconds: number;
  let bytes: number;
  let parts: number;
  const lines = testLines(spec, facts.nas.tools.fio !== null);
  if (facts.nas.tools.fio) {
    const plan = diskTestPlan({ ...spec, freeBytes: freeBytesOfFolder(facts.nas, folder) ?? Number.MAX_SAFE_INTEGER });
    const { tests } = plan;
    bytes = plan.neededBytes;
    seconds =
      tests.reduce((sum, test) => sum + (test.job.runtime ?? 5) + perTestSeconds, 0) + bytes / layoutBytesPerSecond;
    parts = tests.length;
    const runtime = tests[0]?.job.runtime;
    what =
      `fio on the NAS in ${folder}: ${tests.map((test) => test.name).join(', ')}` +
      `${runtime ? `, ${runtime} s each` : ''}, on ${formatBytes(bytes)} of test files, ${cache}. The disks alone, no network involved.`;
  } else {
    bytes = spec.sizeBytes ?? quickDefaults.sizeBytes;
    seconds = (2 * bytes) / ddBytesPerSecond + 4;
    // dd writes, then reads.
    parts = 2;
    what =
      `fio is not installed on this NAS, so dd writes ${formatBytes(bytes)} in ${folder} and reads it back instead. ` +
      (facts.nas.installHints[0] ?? '');
  }
  return {
    kind: 'disk',
    label: spec.label,
    what: what.trim(),
    seconds: Math.ceil(seconds),
    writes: [{ where: scratchIn(folder), bytes }],
    series: lines.map((line) => ({ id: line.id, label: line.label })),
    needsNas: true,
    async run(kit) {
      const nas = nasOf(kit);
      const finished: DiskTestResult[] = [];
      let line = lines[0];
      const details = (tests: DiskTestResult[], extra: Partial<DiskRunDetails> = {}): DiskRunDetails => ({
        kind: 'disk',
        engine: tests[0]?.engine ?? (nas.facts.tools.fio ? 'fio' : 'dd'),
        folder,
        fileSystem: tests[0]?.fileSystem ?? null,
        tests,
        hints: [],
        ...extra,
      });
      const result = await runNasDiskTest(nas.session, {
        folder,
        preset: spec.preset,
        uncached: spec.uncached,
        ...(spec.only ? { only: spec.only } : {}),
        ...(spec.sizeBytes !== undefined ? { sizeBytes: spec.sizeBytes } : {}),
        ...(spec.runtimeSeconds !== undefined ? { runtimeSeconds: spec.runtimeSeconds } : {}),
        ...(spec.standInBudgetSeconds !== undefined ? { standInBudgetSeconds: spec.standInBudgetSeconds } : {}),
        facts: nas.facts,
        openScratch: (neededBytes) => kit.scratch.open(folder, neededBytes),
        signal: kit.signal,
        onTestStart: (index, name) => {
          line = lines.find((candidate) => candidate.test === name) ?? lines[0];
          kit.progress.part(index, parts, name, 'started');
        },
        onSample: (sample) => kit.progress.sample(line?.id ?? 'disk', sample.bytesPerSecond),
        onResult: (test) => {
          finished.push(test);
          kit.progress.part(finished.length - 1, parts, test.name, 'finished');
          kit.progress.partial([details([...finished])]);
        },
      });
      return [details(result.tests, { engine: result.engine, fileSystem: result.fileSystem, hints: result.hints })];
    },
    headline: (results) => diskHeadline(results),
  };
}

/** A disk run's headline: all bytes moved over all seconds measured, and the fastest test. */
export function diskHeadline(results: TestResult[]): ThroughputSummary | undefined {
  const tests = resultsOfKind(results, 'disk').flatMap((result) => result.tests);
  const best = Math.max(0, ...tests.map((test) => test.bytesPerSecond));
  const bytes = tests.reduce((sum, test) => sum + test.ioBytes, 0);
  const seconds = tests.reduce((sum, test) => sum + test.seconds, 0);
  return { bytes, seconds, bytesPerSecond: seconds > 0 ? bytes / seconds : 0, peakBytesPerSecond: best };
}

/**
 * A line per fio test where the step names its tests (the Quick check's eight, the cached pair): one
 * line through 1 MiB sequential and 4 KiB random figures would jump by 50× with nothing to say which
 * test is which. Otherwise (a preset's whole list, the dd fallback) one line for the step.
 */
function testLines(spec: DiskStepSpec, fio: boolean): { id: string; label: string; test: string | null }[] {
  if (!fio || !spec.only || spec.only.length < 2) return [{ id: 'disk', label: spec.label, test: null }];
  return spec.only.map((name, index) => ({ id: `disk-${index}`, label: `${spec.label}: ${name}`, test: name }));
}
