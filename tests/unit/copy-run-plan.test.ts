import { readdir, rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RunRegistry } from '../../electron/engine/runs/registry';
import { onThisComputer, runRequestOf } from '../../electron/engine/runs/run-steps';
import { shareCopyPlan } from '../../electron/engine/runs/single-tests';
import type { RunEnd, RunProgress } from '../../shared/contract/run-events';
import { tempDir } from './helpers';

const MiB = 1024 * 1024;
let folder = '';

beforeEach(async () => {
  folder = await tempDir('copy-plan');
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

function runToEnd(registry: RunRegistry, events: RunProgress[], runId: string): Promise<RunEnd> {
  return new Promise((resolve) => {
    const check = setInterval(() => {
      const end = events.find((event): event is RunEnd => event.kind === 'end' && event.runId === runId);
      if (end) {
        clearInterval(check);
        resolve(end);
      }
    }, 10);
  });
}

describe('the share copy test as a run', () => {
  it('streams live samples and steps, and ends with the uncached read as its figure', async () => {
    const events: RunProgress[] = [];
    const registry = new RunRegistry((event) => events.push(event));
    const plan = runRequestOf(
      shareCopyPlan({ folder, fileSizeBytes: 512 * MiB, smallFiles: { count: 20, fileSizeBytes: 4096 } }, null),
      onThisComputer({}),
    );
    const end = await runToEnd(registry, events, registry.start(plan));
    expect(end.state).toBe('done');
    expect(events[0]).toMatchObject({ kind: 'begin', plan: 'share-copy' });
    const series = new Set(events.flatMap((event) => (event.kind === 'sample' ? [event.series] : [])));
    expect([...series]).toEqual(expect.arrayContaining(['write', 'read']));
    const steps = events.flatMap((event) => (event.kind === 'step' ? [`${event.index}:${event.state}`] : []));
    expect(steps).toEqual(['0:started', '0:finished', '1:started', '1:finished', '2:started', '2:finished']);
    const read = (end.details?.kind === 'copy' ? end.details.tests : []).find((test) => test.op === 'read');
    expect(end.summary).toMatchObject({ bytes: 512 * MiB, bytesPerSecond: read?.bytesPerSecond });
    expect(await readdir(folder)).toEqual([]);
  });

  it('cancels through the registry: CANCELLED, samples already sent, no files left', async () => {
    const events: RunProgress[] = [];
    const registry = new RunRegistry((event) => {
      events.push(event);
      if (event.kind === 'sample') registry.cancel(event.runId);
    });
    const end = await runToEnd(
      registry,
      events,
      registry.start(runRequestOf(shareCopyPlan({ folder, fileSizeBytes: 2048 * MiB }, null), onThisComputer({}))),
    );
    expect(end).toMatchObject({ state: 'cancelled', error: { code: 'CANCELLED' } });
    expect(events.some((event) => event.kind === 'sample')).toBe(true);
    expect(await readdir(folder)).toEqual([]);
  });
});

describe('the share copy test’s plan, before it starts', () => {
  it('with no size: a write sized to settle, at most 4 GiB in the scratch folder; with one: that size', () => {
    const [settled] = shareCopyPlan({ folder }, null).steps;
    expect(settled?.what).toMatch(
      /a file sized to settle \(at least 1\.00 GiB, on until its rate holds steady, at most 4\.00 GiB or 2 min\)/,
    );
    expect(settled?.writes).toEqual([{ where: `${folder}/.nasbench-<run id>`, bytes: 4 * 1024 * MiB }]);
    const [sized] = shareCopyPlan({ folder, fileSizeBytes: 64 * MiB }, null).steps;
    expect(sized?.what).toMatch(/writes a 64\.0 MiB file/);
    expect(sized?.writes[0]?.bytes).toBe(64 * MiB);
    // The sized-to-settle estimate covers at least its 1 GiB both ways.
    expect(settled?.seconds).toBeGreaterThan(sized?.seconds ?? Infinity);
  });
});
