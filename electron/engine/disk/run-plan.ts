import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { DiskRunInput } from '../../../shared/disk';
import type { ConnectionManager } from '../connections/manager';
import { probeNas } from '../probe';
import type { ThroughputSummary } from '../../../shared/run-events';
import type { RunPlan } from '../runs/registry';
import type { DiskTestResult } from './result';
import { runNasDiskTest } from './nas-disk-test';
import { presetTests } from './presets';

const presetTitles = {
  quick: 'Quick disk check',
  ars: 'Disk: Ars Technica trio',
  bulk: 'Disk: bulk streaming',
} as const;

/**
 * The NAS disk test as a run: one step per fio test, live throughput of the test in progress,
 * and every finished test's figures in the end event (kept when a later test fails).
 */
export function diskRunPlan(connections: ConnectionManager, input: z.output<typeof DiskRunInput>): RunPlan {
  const session = connections.session(input.sessionId);
  const planned = presetTests(input.preset, {
    uncached: input.uncached,
    freeBytes: Number.MAX_SAFE_INTEGER,
    ...(input.sizeBytes !== undefined ? { sizeBytes: input.sizeBytes } : {}),
    ...(input.runtimeSeconds !== undefined ? { runtimeSeconds: input.runtimeSeconds } : {}),
  });
  // dd runs two tests (write, read) when the NAS has no fio; the probe tells which, once the run starts.
  let count = planned.length;
  return {
    plan: 'disk',
    title: `${presetTitles[input.preset]}${input.uncached ? ' (uncached)' : ''}`,
    target: `${session.info.host}:${input.folder}`,
    expectedSeconds: planned.reduce((sum, test) => sum + (test.job.runtime ?? 5) + 2, 0),
    series: [{ id: 'disk', label: 'Test in progress' }],
    async work(context) {
      const facts = await probeNas(session, context.signal);
      if (facts.tools.fio === null) count = 2;
      const tests: Extract<Parameters<typeof context.setDetails>[0], { kind: 'disk' }>['tests'] = [];
      const result = await runNasDiskTest(session, {
        folder: input.folder,
        preset: input.preset,
        uncached: input.uncached,
        ...(input.sizeBytes !== undefined ? { sizeBytes: input.sizeBytes } : {}),
        ...(input.runtimeSeconds !== undefined ? { runtimeSeconds: input.runtimeSeconds } : {}),
        facts,
        openScratch: (neededBytes) => connections.openScratch(input.sessionId, input.folder, randomUUID(), neededBytes),
        signal: context.signal,
        onTestStart: (index, name) => context.step(index, count, name, 'started'),
        onSample: (sample) => context.sample('disk', sample.bytesPerSecond),
        onResult: (test) => {
          tests.push(test);
          context.step(tests.length - 1, count, test.name, 'finished');
          context.setDetails({
            kind: 'disk',
            engine: test.engine,
            folder: input.folder,
            fileSystem: test.fileSystem,
            tests: [...tests],
            hints: [],
          });
        },
      });
      context.setDetails({
        kind: 'disk',
        engine: result.engine,
        folder: input.folder,
        fileSystem: result.fileSystem,
        tests: result.tests,
        hints: result.hints,
      });
      return diskRunSummary(result.tests);
    },
  };
}

/** The run's headline: all bytes moved over all seconds measured, and the fastest test. */
export function diskRunSummary(tests: readonly DiskTestResult[]): ThroughputSummary {
  const best = Math.max(0, ...tests.map((test) => test.bytesPerSecond));
  const bytes = tests.reduce((sum, test) => sum + test.ioBytes, 0);
  const seconds = tests.reduce((sum, test) => sum + test.seconds, 0);
  return { bytes, seconds, bytesPerSecond: seconds > 0 ? bytes / seconds : 0, peakBytesPerSecond: best };
}
