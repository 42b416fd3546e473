import { describe, expect, it } from 'vitest';
import { RunRegistry, type RunRequest } from '../../electron/engine/runs/registry';
import { NasbenchError } from '../../shared/contract/errors';
import type { RunProgress } from '../../shared/contract/run-events';

function plan(work: RunRequest['work']): RunRequest {
  return { plan: 'test', title: 'A test', target: 'nowhere', expectedSeconds: 1, series: [], work };
}

function collect(): { events: RunProgress[]; registry: RunRegistry; ended: (runId: string) => Promise<RunProgress> } {
  const events: RunProgress[] = [];
  const waiting = new Map<string, (event: RunProgress) => void>();
  const registry = new RunRegistry((event) => {
    events.push(event);
    if (event.kind === 'end') waiting.get(event.runId)?.(event);
  });
  const ended = (runId: string) => new Promise<RunProgress>((resolve) => waiting.set(runId, resolve));
  return { events, registry, ended };
}

describe('run registry', () => {
  it('streams begin, samples, steps and end for a run, keyed by its id', async () => {
    const { events, registry, ended } = collect();
    const runId = registry.start(
      plan(async (context) => {
        context.step(0, 1, 'measure', 'started');
        context.sample('total', 100);
        context.step(0, 1, 'measure', 'finished');
        return { bytes: 100, seconds: 1, bytesPerSecond: 100, peakBytesPerSecond: 100 };
      }),
    );
    const end = await ended(runId);
    expect(events.map((event) => event.kind)).toEqual(['begin', 'step', 'sample', 'step', 'end']);
    expect(events.every((event) => event.runId === runId)).toBe(true);
    expect(end).toMatchObject({ state: 'done', summary: { bytesPerSecond: 100 } });
  });

  it('thins out bursts of samples but always sends the first and the last', async () => {
    const { events, registry, ended } = collect();
    const runId = registry.start(
      plan(async (context) => {
        for (let i = 1; i <= 50; i++) context.sample('total', i);
        return undefined;
      }),
    );
    await ended(runId);
    const values = events.flatMap((event) => (event.kind === 'sample' ? [event.bytesPerSecond] : []));
    expect(values[0]).toBe(1);
    expect(values.at(-1)).toBe(50);
    expect(values.length).toBeLessThan(50);
  });

  it('ends a cancelled run as cancelled with the CANCELLED code, keeping samples sent so far', async () => {
    const { events, registry, ended } = collect();
    const runId = registry.start(
      plan(async (context) => {
        context.step(0, 1, 'measure', 'started');
        context.sample('total', 7);
        await new Promise((_resolve, reject) =>
          context.signal.addEventListener('abort', () => reject(new Error('stopped'))),
        );
        return undefined;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(registry.cancel(runId)).toBe(true);
    expect(await ended(runId)).toMatchObject({ state: 'cancelled', error: { code: 'CANCELLED' } });
    expect(events.some((event) => event.kind === 'sample' && event.bytesPerSecond === 7)).toBe(true);
    // The step it stopped in carries the CANCELLED error, so the app says "cancelled", not "failed".
    expect(events.filter((event) => event.kind === 'step').at(-1)).toMatchObject({
      state: 'failed',
      error: { code: 'CANCELLED' },
    });
    expect(registry.cancel(runId)).toBe(false);
    expect(registry.activeRunIds()).toEqual([]);
  });

  it('reports a failure with its code, message and hint, and hides unexpected errors', async () => {
    const { registry, ended } = collect();
    const known = registry.start(
      plan(async () => {
        throw new NasbenchError('TOOL_MISSING', 'fio is not installed on this NAS.', 'Install fio.');
      }),
    );
    expect(await ended(known)).toMatchObject({
      state: 'failed',
      error: { code: 'TOOL_MISSING', message: 'fio is not installed on this NAS.', hint: 'Install fio.' },
    });
    const unknown = registry.start(
      plan(async () => {
        throw new Error('ENOENT /home/secret/path');
      }),
    );
    const end = await ended(unknown);
    expect(end).toMatchObject({ state: 'failed', error: { code: 'INTERNAL' } });
    expect(JSON.stringify(end)).not.toContain('secret');
  });

  it('marks the step that was running as failed when the run fails', async () => {
    const { events, registry, ended } = collect();
    const runId = registry.start(
      plan(async (context) => {
        context.step(0, 2, 'first', 'started');
        context.step(0, 2, 'first', 'finished');
        context.step(1, 2, 'second', 'started');
        throw new NasbenchError('LINK_LOST', 'The link dropped.', 'Check the cable.');
      }),
    );
    await ended(runId);
    const steps = events.flatMap((event) => (event.kind === 'step' ? [`${event.label}:${event.state}`] : []));
    expect(steps).toEqual(['first:started', 'first:finished', 'second:started', 'second:failed']);
  });
});

describe('runs in progress, for a window opened mid-run', () => {
  it('lists each running run as everything it said so far, and drops it when it ends', async () => {
    const { events, registry, ended } = collect();
    let finish: () => void = () => undefined;
    const runId = registry.start(
      plan(async (context) => {
        context.step(0, 1, 'measure', 'started');
        context.sample('total', 100);
        context.delay(3, 'loaded');
        await new Promise<void>((resolve) => (finish = resolve));
        return undefined;
      }),
    );
    await expect.poll(() => events.length).toBe(4);
    const [replay] = registry.running();
    // Exactly what a window listening from the start heard: a late window catches up to the same state.
    expect(replay).toEqual(events);
    expect(replay?.map((event) => event.kind)).toEqual(['begin', 'step', 'sample', 'delay']);
    finish();
    await ended(runId);
    expect(registry.running()).toEqual([]);
  });
});
