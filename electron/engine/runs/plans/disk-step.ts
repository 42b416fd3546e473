import type { z } from 'zod';
import type { DiskRunDetails } from '../../../../shared/disk';
import { formatBytes } from '../../../../shared/units';
import { checkFioJob, jobFootprint } from '../../disk/job';
import { runNasDiskTest } from '../../disk/nas-disk-test';
import { presetTests, quickDefaults, type DiskPreset } from '../../disk/presets';
import type { DiskTestResult } from '../../disk/result';
import { freeBytesOfFolder, scratchIn } from './nas-folder';
import type { PlanFacts, PlanStep } from './types';

type DiskDetails = z.infer<typeof DiskRunDetails>;

export interface DiskStepSpec {
  label: string;
  folder: string;
  preset: DiskPreset;
  uncached: boolean;
  /** Only these tests of the preset (a plan's shorter set). */
  only?: string[];
  sizeBytes?: number;
  runtimeSeconds?: number;
}

/** A conservative layout rate for the preview's time: fio writes the test file before it measures. */
const layoutBytesPerSecond = 150e6;
/** dd's rate for the preview's time: a slow single-disk NAS. */
const ddBytesPerSecond = 100e6;

/** A disk step: the engine's NAS disk test (fio with a preset, dd when fio is missing), in a scratch folder. */
export function diskStep(spec: DiskStepSpec, facts: PlanFacts): PlanStep {
  const { folder } = spec;
  const cache = spec.uncached ? 'direct I/O, past the NAS’s RAM cache' : 'buffered, through the NAS’s RAM cache';
  let what: string;
  let seconds: number;
  let bytes: number;
  if (facts.nas.tools.fio) {
    const tests = presetTests(spec.preset, {
      uncached: spec.uncached,
      freeBytes: freeBytesOfFolder(facts.nas, folder) ?? Number.MAX_SAFE_INTEGER,
      ...(spec.sizeBytes !== undefined ? { sizeBytes: spec.sizeBytes } : {}),
      ...(spec.runtimeSeconds !== undefined ? { runtimeSeconds: spec.runtimeSeconds } : {}),
    }).filter((test) => !spec.only || spec.only.includes(test.name));
    bytes = Math.max(0, ...tests.map((test) => jobFootprint(checkFioJob(test.job))));
    seconds = tests.reduce((sum, test) => sum + (test.job.runtime ?? 5) + 1, 0) + bytes / layoutBytesPerSecond;
    const runtime = tests[0]?.job.runtime;
    what =
      `fio on the NAS in ${folder}: ${tests.map((test) => test.name).join(', ')}` +
      `${runtime ? `, ${runtime} s each` : ''}, on ${formatBytes(bytes)} of test files, ${cache}. The disks alone, no network involved.`;
  } else {
    bytes = spec.sizeBytes ?? quickDefaults.sizeBytes;
    seconds = (2 * bytes) / ddBytesPerSecond + 4;
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
    series: [{ id: 'disk', label: spec.label }],
    needsNas: true,
    async run(kit) {
      const finished: DiskTestResult[] = [];
      const details = (tests: DiskTestResult[], extra: Partial<DiskDetails> = {}): DiskDetails => ({
        kind: 'disk',
        engine: tests[0]?.engine ?? (kit.nas.tools.fio ? 'fio' : 'dd'),
        folder,
        fileSystem: tests[0]?.fileSystem ?? null,
        tests,
        hints: [],
        ...extra,
      });
      const result = await runNasDiskTest(kit.session, {
        folder,
        preset: spec.preset,
        uncached: spec.uncached,
        ...(spec.only ? { only: spec.only } : {}),
        ...(spec.sizeBytes !== undefined ? { sizeBytes: spec.sizeBytes } : {}),
        ...(spec.runtimeSeconds !== undefined ? { runtimeSeconds: spec.runtimeSeconds } : {}),
        facts: kit.nas,
        openScratch: (neededBytes) => kit.openScratch(folder, neededBytes),
        signal: kit.signal,
        onSample: (sample) => kit.sample('disk', sample.bytesPerSecond),
        onResult: (test) => {
          finished.push(test);
          kit.partial([details([...finished])]);
        },
      });
      return [details(result.tests, { engine: result.engine, fileSystem: result.fileSystem, hints: result.hints })];
    },
  };
}
