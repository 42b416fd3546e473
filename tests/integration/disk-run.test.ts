import { describe, expect, it } from 'vitest';
import { nasExec } from '../lab/lab';
import { connectedEngine, lab } from './lab-login';

describe('the disk test as a run, through the contract', () => {
  it('runs the Quick preset with a step per test and all eight results in the end event', async () => {
    const { engine, sessionId, events } = await connectedEngine('disk-run', 'web');
    const before = nasExec(['find', lab.share]).stdout;
    const started = await engine.dispatch('startDiskRun', {
      sessionId,
      folder: lab.share,
      preset: 'quick',
      uncached: true,
      sizeBytes: 32 * 2 ** 20,
      runtimeSeconds: 1,
    });
    expect(started.ok).toBe(true);
    await expect.poll(() => events.some((event) => event.kind === 'end'), { timeout: 60_000 }).toBe(true);
    const end = events.find((event) => event.kind === 'end');
    expect(end).toMatchObject({ state: 'done', details: { kind: 'disk', engine: 'fio' } });
    const tests = end?.kind === 'end' && end.details?.kind === 'disk' ? end.details.tests : [];
    expect(tests).toHaveLength(8);
    for (const test of tests) {
      expect(test.bytesPerSecond, test.name).toBeGreaterThan(0);
      expect(test.iops, test.name).toBeGreaterThan(0);
      // Direct I/O on the lab share's ext4 honours it: the only figure that may say the NAS's cache was bypassed.
      expect(test.cache, test.name).toEqual({ client: 'not-involved', nas: 'bypassed' });
    }
    const finishedSteps = events.filter((event) => event.kind === 'step' && event.state === 'finished');
    expect(finishedSteps).toHaveLength(8);
    expect(events.some((event) => event.kind === 'sample' && event.series === 'disk')).toBe(true);
    expect(nasExec(['find', lab.share]).stdout).toBe(before);
    await engine.shutdown();
  }, 90_000);

  it('runs a sweep with a step per cell, and the end event carries one heatmap panel per jobs value', async () => {
    const { engine, sessionId, events } = await connectedEngine('disk-sweep-run', 'web');
    const before = nasExec(['find', lab.share]).stdout;
    const MiB = 2 ** 20;
    const started = await engine.dispatch('startDiskSweep', {
      sessionId,
      folder: lab.share,
      blockSizes: [4096, MiB],
      fileSizes: [16 * MiB],
      jobs: [1, 2],
      steadyState: false,
      maxRuntimeSeconds: 1,
      // The grid's worst case is far above this: the last cells are skipped, and say so.
      budgetSeconds: 10,
    });
    expect(started.ok).toBe(true);
    await expect.poll(() => events.some((event) => event.kind === 'end'), { timeout: 60_000 }).toBe(true);
    const end = events.find((event) => event.kind === 'end');
    expect(end).toMatchObject({ state: 'done', details: { kind: 'disk', engine: 'fio' } });
    const details = end?.kind === 'end' && end.details?.kind === 'disk' ? end.details : undefined;
    const sweep = details?.sweep;
    expect(sweep?.panels.map((panel) => [panel.jobs, panel.rw])).toEqual([
      [1, 'write'],
      [2, 'write'],
    ]);
    const ran = details?.tests.length ?? 0;
    expect(ran).toBeGreaterThan(0);
    expect(ran + (sweep?.skipped.length ?? 0)).toBe(4);
    // Every cell that ran is in its panel, with the same figure as its test result.
    const cells = sweep?.panels.flatMap((panel) => panel.values.flat()).filter((value) => value !== null) ?? [];
    expect(cells.sort()).toEqual(details?.tests.map((test) => test.bytesPerSecond).sort());
    const steps = events.filter((event) => event.kind === 'step');
    expect(steps.filter((step) => step.state === 'finished')).toHaveLength(ran);
    expect(steps.filter((step) => step.state === 'skipped')).toHaveLength(4 - ran);
    expect(nasExec(['find', lab.share]).stdout).toBe(before);
    await engine.shutdown();
  }, 90_000);
});
