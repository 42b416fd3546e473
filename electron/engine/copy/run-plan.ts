import type { z } from 'zod';
import type { CopyRunDetails, ShareCopyRunInput } from '../../../shared/copy';
import type { RunPlan } from '../runs/registry';
import type { CopyTestResult } from './sequential';
import { runShareCopy, type ShareCopyOptions, type ShareCopyResult } from './share-copy';

type RunPlanOptions = Omit<ShareCopyOptions, 'signal' | 'onSample' | 'onStep'>;

/**
 * The share copy test as a run: one live line per test (write, read, small files, sweep), a
 * step per test, and the uncached read as the run's headline figure. Every test's figures go in
 * the end event's details (the summary has room for one figure only), finished tests as they finish.
 */
export function shareCopyRunPlan(options: RunPlanOptions): RunPlan {
  const series = copySeries(options, { write: 'Writing to the share', read: 'Reading from the share' });
  return {
    plan: 'share-copy',
    title: 'Copying files to and from the share',
    target: options.dir,
    expectedSeconds: options.sweep ? (options.timeBudgetSeconds ?? 600) : 30,
    series,
    async work(context) {
      let peak = 0;
      const finished: CopyTestResult[] = [];
      const result = await runShareCopy({
        ...options,
        // Kept on failure or cancel: the tests that did finish are real results.
        onTest: (test) => {
          finished.push(test);
          options.onTest?.(test);
          context.setDetails({
            kind: 'copy',
            dir: options.dir,
            fileSystem: null,
            share: null,
            tests: [...finished],
            notes: [...new Set(finished.map((finishedTest) => finishedTest.method))],
          });
        },
        signal: context.signal,
        onSample: (sample) => {
          peak = Math.max(peak, sample.bytesPerSecond);
          context.sample(sample.series, sample.bytesPerSecond);
        },
        onStep: (index, count, label, state) => context.step(index, count, label, state),
      });
      context.setDetails(copyRunDetails(result));
      const read = result.tests.find((test) => test.test === 'sequential' && test.op === 'read');
      return read
        ? {
            bytes: read.fileSize,
            seconds: read.seconds,
            bytesPerSecond: read.bytesPerSecond,
            peakBytesPerSecond: Math.max(peak, read.bytesPerSecond),
          }
        : undefined;
    },
  };
}

/** The contract's input (sizes in bytes, in the user's words) as the engine's options. */
export function shareCopyOptionsOf(input: z.output<typeof ShareCopyRunInput>): RunPlanOptions {
  return {
    dir: input.folder,
    ...(input.fileSizeBytes !== undefined ? { fileSize: input.fileSizeBytes } : {}),
    ...(input.blockSizeBytes !== undefined ? { blockSize: input.blockSizeBytes } : {}),
    ...(input.sweep !== undefined ? { sweep: input.sweep } : {}),
    ...(input.smallFiles
      ? { smallFiles: { count: input.smallFiles.count, fileSize: input.smallFiles.fileSizeBytes } }
      : {}),
    ...(input.sweepBudgetSeconds !== undefined ? { timeBudgetSeconds: input.sweepBudgetSeconds } : {}),
    ...(input.nasRamBytes !== undefined ? { nasRamBytes: input.nasRamBytes } : {}),
  };
}

/** The live lines of a copy run: write and read always, small files and the sweep when asked for. */
export function copySeries(
  options: { smallFiles?: unknown; sweep?: boolean | undefined },
  labels: { write: string; read: string },
) {
  return [
    { id: 'write', label: labels.write },
    { id: 'read', label: labels.read },
    ...(options.smallFiles
      ? [
          { id: 'small files write', label: 'Small files, writing' },
          { id: 'small files read', label: 'Small files, reading' },
        ]
      : []),
    ...(options.sweep
      ? [
          { id: 'sweep write', label: 'Sweep, writing' },
          { id: 'sweep read', label: 'Sweep, reading' },
        ]
      : []),
  ];
}

/** A finished copy run as the contract reports it (the single test's end event and a plan's step alike). */
export function copyRunDetails(result: ShareCopyResult): z.infer<typeof CopyRunDetails> {
  return {
    kind: 'copy',
    dir: result.dir,
    fileSystem: result.fileSystem,
    share: result.share,
    tests: result.tests,
    ...(result.sweep ? { sweep: result.sweep } : {}),
    ...(result.roundTripIdentical !== undefined ? { roundTripIdentical: result.roundTripIdentical } : {}),
    notes: result.notes,
  };
}
