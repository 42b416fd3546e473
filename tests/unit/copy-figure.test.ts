import { describe, expect, it } from 'vitest';
import { figureOfProgress, type Checkpoint } from '../../electron/engine/copy';

/**
 * A copy figure from the I/O loop's checkpoints: the warm-up left out of the figure and the spread;
 * a write's closing fsync (time passes, no bytes move) in the figure, as fio's with end_fsync, but not
 * in the spread, as fio's per-second samples end with its last I/O.
 */
const MB = 1e6;

/** Checkpoints every 10 ms at `rate` bytes/s from `from` for `seconds`. */
function moving(from: Checkpoint, rate: number, seconds: number): Checkpoint[] {
  return Array.from({ length: Math.round(seconds * 100) }, (_, index) => ({
    t: from.t + (index + 1) / 100,
    bytes: from.bytes + (rate * (index + 1)) / 100,
  }));
}

describe('a copy figure from its checkpoints', () => {
  it('counts the closing flush in the figure, not in the spread', () => {
    const writing = [{ t: 0, bytes: 0 }, ...moving({ t: 0, bytes: 0 }, 100 * MB, 6.4)];
    const last = writing.at(-1) ?? { t: 0, bytes: 0 };
    const flushed = [...writing, { t: last.t + 0.6, bytes: last.bytes }];
    const figure = figureOfProgress(flushed);
    // 5.4 s of data after the 1 s warm-up, stored 0.6 s later: 540 MB in 6 s.
    expect(figure?.bytesPerSecond).toBeCloseTo(90 * MB, -5);
    expect(figure?.warmUpSeconds).toBe(1);
    expect(figure?.spread?.relative).toBeLessThan(0.01);
  });

  it('still shows a stall in the middle of the test', () => {
    const first = moving({ t: 0, bytes: 0 }, 100 * MB, 3);
    const stalled = first.at(-1) ?? { t: 0, bytes: 0 };
    // One write that took a whole second: no checkpoint while it ran, its bytes at its end.
    const after = { t: stalled.t + 1, bytes: stalled.bytes + 1 * MB };
    const points = [{ t: 0, bytes: 0 }, ...first, after, ...moving(after, 100 * MB, 3)];
    expect(figureOfProgress(points)?.spread?.relative).toBeGreaterThan(0.1);
  });
});
