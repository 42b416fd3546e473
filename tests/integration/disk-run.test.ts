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
    }
    const finishedSteps = events.filter((event) => event.kind === 'step' && event.state === 'finished');
    expect(finishedSteps).toHaveLength(8);
    expect(events.some((event) => event.kind === 'sample' && event.series === 'disk')).toBe(true);
    expect(nasExec(['find', lab.share]).stdout).toBe(before);
    await engine.shutdown();
  }, 90_000);
});
