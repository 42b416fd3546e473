import { describe, expect, it } from 'vitest';
import { onThisComputer, runRequestOf } from '../../electron/engine/runs/run-steps';
import { loopbackPlan } from '../../electron/engine/runs/single-tests';
import { RunRegistry } from '../../electron/engine/runs/registry';
import type { RunProgress } from '../../shared/contract/run-events';

function runDemo(seconds: number, cancelAfterMs?: number): Promise<RunProgress[]> {
  const events: RunProgress[] = [];
  return new Promise((resolve) => {
    const registry = new RunRegistry((event) => {
      events.push(event);
      if (event.kind === 'end') resolve(events);
    });
    const runId = registry.start(runRequestOf(loopbackPlan({ seconds, sampleIntervalMs: 200 }), onThisComputer({})));
    if (cancelAfterMs) setTimeout(() => registry.cancel(runId), cancelAfterMs);
  });
}

describe('This computer: the built-in iperf3 client and server over loopback', () => {
  it('measures real bytes, with a live sample per interval', async () => {
    const events = await runDemo(1);
    const end = events.at(-1);
    expect(end).toMatchObject({ kind: 'end', state: 'done' });
    const summary = end?.kind === 'end' ? end.summary : undefined;
    expect(summary?.seconds).toBeGreaterThanOrEqual(0.99);
    expect(summary?.seconds).toBeLessThan(1.5);
    // Any computer moves well over 10 MB/s to itself; the figure is what the receiver counted.
    expect(summary?.bytes).toBeGreaterThan(10_000_000);
    expect(summary?.bytesPerSecond).toBeCloseTo((summary?.bytes ?? 0) / (summary?.seconds ?? 1), 0);
    const samples = events.filter((event) => event.kind === 'sample');
    expect(samples.length).toBeGreaterThanOrEqual(4);
  });

  it('stops promptly when cancelled', async () => {
    const started = performance.now();
    const events = await runDemo(30, 400);
    expect(events.at(-1)).toMatchObject({ kind: 'end', state: 'cancelled', error: { code: 'CANCELLED' } });
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
