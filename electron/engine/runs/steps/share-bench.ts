import type { ShareBenchTest } from '../../../../shared/contract/share-bench';
import type { TestResult } from '../../../../shared/contract/runs';
import { resultsOfKind } from '../../../../shared/kinds';
import {
  shareBenchDefaults,
  shareJobName,
  type ShareJob,
  type ShareProfile,
} from '../../../../shared/kinds/share/profiles';
import { withoutTrailingSlashes } from '../../../../shared/util/trailing-slashes';
import { formatBytes } from '../../../../shared/util/units';
import { runShareBench } from '../../share-bench';
import { sessionTermsFor } from './share-copy';
import type { Step, StepKit } from './types';

export interface ShareBenchSpec {
  label: string;
  folder: string;
  profile: ShareProfile | 'custom';
  jobs: ShareJob[];
  engine: 'builtin' | 'fio';
  /** As given; undefined: 1 GiB, or twice the RAM where the cache cannot be bypassed (share-bench/file-size.ts). */
  fileSize: number | undefined;
  seconds: number;
  passes: number;
  nasRamBytes?: number;
}

/** What the preview assumes the test file is laid out at when nothing is known: about 1 GbE. */
const assumedLayoutBytesPerSecond = 110e6;

/**
 * CrystalDiskMark's tests from this computer, on a folder of a mounted share (or a local one): the
 * step writes one test file, then runs each job as a warm-up and `passes` scored passes. It needs no
 * NAS login; with one, the NAS names the share's session terms and its RAM counts in the cache labels.
 */
export function shareBenchStep(spec: ShareBenchSpec): Step {
  const perJob = (spec.passes + 1) * spec.seconds;
  const fileSize = spec.fileSize ?? shareBenchDefaults.fileSizeBytes;
  const sized =
    spec.fileSize === undefined ? ' (twice the RAM involved where this computer cannot bypass its cache)' : '';
  return {
    kind: 'share',
    label: spec.label,
    what:
      `The app writes a ${formatBytes(fileSize)} test file${sized} in ${spec.folder}, then runs ${spec.jobs.map(shareJobName).join(', ')} — ` +
      `each a ${spec.seconds} s warm-up and ${spec.passes} scored ${spec.seconds} s passes, the best one the figure, as CrystalDiskMark does.`,
    seconds: Math.ceil(fileSize / assumedLayoutBytesPerSecond) + spec.jobs.length * (perJob + 1),
    writes: [
      {
        where: `${withoutTrailingSlashes(spec.folder, { backslashes: true })}/.nasbench-<run id>`,
        bytes: fileSize,
      },
    ],
    series: spec.jobs.map((job) => ({ id: shareJobName(job), label: shareJobName(job) })),
    needsNas: false,
    run: (kit) => runBench(spec, kit),
    headline: shareHeadline,
  };
}

async function runBench(spec: ShareBenchSpec, kit: StepKit): Promise<TestResult[]> {
  const finished: ShareBenchTest[] = [];
  const nasRamBytes = spec.nasRamBytes ?? kit.nas?.facts.memoryBytes ?? null;
  const result = await runShareBench({
    dir: spec.folder,
    runId: kit.runId,
    profile: spec.profile,
    jobs: spec.jobs,
    engine: spec.engine,
    ...(spec.fileSize !== undefined ? { fileSize: spec.fileSize } : {}),
    seconds: spec.seconds,
    passes: spec.passes,
    nasRamBytes,
    signal: kit.signal,
    sessionTerms: sessionTermsFor(kit),
    onLeftBehind: (scratch) => kit.progress.leftBehind({ path: scratch, where: 'share' }),
    onSample: (test, bytesPerSecond) => kit.progress.sample(test, bytesPerSecond),
    onStep: (index, count, label, state) => kit.progress.part(index, count, label, state),
    // Kept on failure or cancel: the tests that did finish are real results.
    onTest: (test) => {
      finished.push(test);
      const path = test.path;
      kit.progress.partial([
        {
          kind: 'share',
          dir: spec.folder,
          fileSystem: null,
          share: null,
          path,
          engine: spec.engine,
          profile: spec.profile,
          threads: 0,
          ioPath: '',
          unbuffered: test.cache.client === 'bypassed',
          fileSizeBytes: spec.fileSize ?? shareBenchDefaults.fileSizeBytes,
          roundTrip: null,
          tests: [...finished],
          notes: [],
        },
      ]);
    },
  });
  return [{ kind: 'share', ...result }];
}

/** The benchmark's headline in History: its first test (SEQ1M Q8T1 read in every CrystalDiskMark profile). */
function shareHeadline(results: TestResult[], peak: number) {
  const first = resultsOfKind(results, 'share')[0];
  const test = first?.tests[0];
  return test
    ? {
        bytes: Math.round(test.bytesPerSecond * test.seconds),
        seconds: test.seconds,
        bytesPerSecond: test.bytesPerSecond,
        peakBytesPerSecond: Math.max(peak, test.bytesPerSecond),
      }
    : undefined;
}

/**
 * The share benchmark with the NAS's own disks first (fio on the NAS, in the folder the share is): one
 * step, so the run stays a test of its own whose result (the share's, listed first) Results and the CLI
 * draw, while the disks' figures stand beside it in the saved run and in its verdicts. The parts are
 * numbered through both.
 */
export function withDisksFirst(share: Step, disks: Step): Step {
  return {
    ...share,
    what: `${disks.what} Then: ${share.what}`,
    seconds: disks.seconds + share.seconds,
    writes: [...disks.writes, ...share.writes],
    series: [...disks.series, ...share.series],
    needsNas: true,
    run: async (kit) => {
      // The share's parts are its jobs and the test file's layout; the disks' are known at their first part.
      let diskParts = 0;
      const shareParts = share.series.length + 1;
      const part =
        (offset: () => number, own?: (count: number) => void): StepKit['progress']['part'] =>
        (index, count, label, state, secondsLeft) => {
          own?.(count);
          kit.progress.part(offset() + index, diskParts + shareParts, label, state, secondsLeft);
        };
      const diskProgress = {
        ...kit.progress,
        part: part(
          () => 0,
          (count) => (diskParts = count),
        ),
      };
      const diskResults = await disks.run({ ...kit, progress: diskProgress });
      const shareProgress = {
        ...kit.progress,
        part: part(() => diskParts),
        // What the share finished before failing is kept with the disks' figures.
        partial: (results: TestResult[]) => kit.progress.partial([...results, ...diskResults]),
      };
      const shareResults = await share.run({ ...kit, progress: shareProgress });
      return [...shareResults, ...diskResults];
    },
  };
}
