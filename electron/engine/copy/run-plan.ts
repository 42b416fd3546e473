import type { RunPlan } from '../runs/registry';
import { runShareCopy, type ShareCopyOptions, type ShareCopyResult } from './share-copy';

type RunPlanOptions = Omit<ShareCopyOptions, 'signal' | 'onSample' | 'onStep'>;

/**
 * The share copy test as a run: one live line per test (write, read, small files, sweep), a
 * step per test, and the uncached read as the run's headline figure. The full result goes to
 * `onResult` (the run's summary has room for one figure only).
 */
export function shareCopyRunPlan(options: RunPlanOptions, onResult: (result: ShareCopyResult) => void): RunPlan {
  const series = [
    { id: 'write', label: 'Writing to the share' },
    { id: 'read', label: 'Reading from the share' },
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
  return {
    plan: 'share-copy',
    title: 'Copying files to and from the share',
    target: options.dir,
    expectedSeconds: options.sweep ? (options.timeBudgetSeconds ?? 600) : 30,
    series,
    async work(context) {
      let peak = 0;
      const result = await runShareCopy({
        ...options,
        signal: context.signal,
        onSample: (sample) => {
          peak = Math.max(peak, sample.bytesPerSecond);
          context.sample(sample.series, sample.bytesPerSecond);
        },
        onStep: (index, count, label, state) => context.step(index, count, label, state),
      });
      onResult(result);
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
