import { describe, expect, it } from 'vitest';
import { measureLoopbackThroughput } from '../../electron/engine/demo/loopback';

describe('This computer: loopback throughput', () => {
  it('measures real bytes moved over loopback, with a sample per interval', async () => {
    const samples: number[] = [];
    const summary = await measureLoopbackThroughput({
      seconds: 1,
      sampleIntervalMs: 200,
      signal: new AbortController().signal,
      onSample: (rate) => samples.push(rate),
    });
    expect(summary.seconds).toBeGreaterThanOrEqual(0.99);
    expect(summary.seconds).toBeLessThan(1.5);
    // Any computer moves well over 10 MB/s to itself; the figure is bytes counted at the receiver.
    expect(summary.bytes).toBeGreaterThan(10_000_000);
    expect(summary.bytesPerSecond).toBeCloseTo(summary.bytes / summary.seconds, 0);
    expect(summary.peakBytesPerSecond).toBeGreaterThanOrEqual(summary.bytesPerSecond);
    expect(samples.length).toBeGreaterThanOrEqual(4);
    expect(samples.every((rate) => rate > 0)).toBe(true);
  });

  it('stops promptly when cancelled', async () => {
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(new Error('cancelled')), 300);
    await expect(
      measureLoopbackThroughput({ seconds: 30, sampleIntervalMs: 100, signal: controller.signal, onSample: () => {} }),
    ).rejects.toThrow('cancelled');
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
