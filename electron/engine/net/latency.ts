import type { LatencyUnderLoad, RoundTrips } from '../../../shared/contract/network';

/** One timed round trip to the NAS, in milliseconds. */
export type RoundTrip = () => Promise<number>;

/** Twenty round trips a second: enough for a p99 within a few seconds, and a few kB/s on the link. */
export const roundTripIntervalMs = 50;
/** The idle figure is taken over this long just before the load starts. */
export const idleSeconds = 2;

interface Timed {
  /** When the round trip was sent, ms on performance.now()'s clock. */
  sentAt: number;
  ms: number;
}

/**
 * Sends one round trip every interval, never two at once: a reply stuck in a full queue makes one
 * long sample, not a pile of requests queued behind it. `stop` counts a round trip still waiting
 * longer than an interval with the time it has waited so far (a lower bound), so a link that stops
 * answering under load never looks quicker than it was.
 */
export function startRoundTrips(
  roundTrip: RoundTrip,
  intervalMs = roundTripIntervalMs,
  onRoundTrip?: (ms: number) => void,
) {
  const timed: Timed[] = [];
  let stopped = false;
  let waitingSince: number | undefined;
  let failure: unknown;
  const loop = (async () => {
    while (!stopped) {
      const sentAt = performance.now();
      waitingSince = sentAt;
      try {
        const ms = await roundTrip();
        timed.push({ sentAt, ms });
        onRoundTrip?.(ms);
      } catch (error) {
        failure = error;
        return;
      } finally {
        waitingSince = undefined;
      }
      const wait = sentAt + intervalMs - performance.now();
      if (wait > 0 && !stopped) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  return {
    /** Round trips sent from `since` on (performance.now() ms). */
    since(from: number, until = Number.POSITIVE_INFINITY): number[] {
      return timed.filter((entry) => entry.sentAt >= from && entry.sentAt <= until).map((entry) => entry.ms);
    },
    /** Stops sending; resolves once the last reply is in or has waited `graceMs`. */
    async stop(graceMs = 2_000): Promise<void> {
      stopped = true;
      const pending = waitingSince;
      const settled = await Promise.race([
        loop.then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), graceMs)),
      ]);
      if (!settled && pending !== undefined) {
        const waited = performance.now() - pending;
        if (waited > intervalMs) timed.push({ sentAt: pending, ms: waited });
      }
      if (failure) throw failure;
    },
  };
}

/** Nearest-rank percentiles of the round trips; undefined when there are none. */
export function roundTripFigures(ms: readonly number[]): RoundTrips | undefined {
  if (ms.length === 0) return undefined;
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  const round = (value: number) => Math.round(value * 100) / 100;
  return { p50Ms: round(at(0.5)), p90Ms: round(at(0.9)), p99Ms: round(at(0.99)), samples: sorted.length };
}

/**
 * The delay to the NAS idle (for `idleSeconds`), then while `load` runs. Only round trips sent while
 * the load's data was flowing count as loaded: starting iperf3 on the NAS and the test's own
 * handshakes leave the link idle for a second or two, and those would pull the loaded figure down.
 */
export async function withLatencyUnderLoad<T>(
  roundTrip: RoundTrip,
  via: string,
  load: (markFlowing: () => void) => Promise<T>,
  options: { signal?: AbortSignal; onRoundTrip?(ms: number, phase: 'idle' | 'loaded'): void } = {},
): Promise<{ result: T; latency: LatencyUnderLoad | undefined }> {
  const { signal, onRoundTrip } = options;
  const idleStart = performance.now();
  const idle = startRoundTrips(roundTrip, roundTripIntervalMs, (ms) => onRoundTrip?.(ms, 'idle'));
  await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
  await idle.stop();
  signal?.throwIfAborted();
  const idleFigures = roundTripFigures(idle.since(idleStart));

  const loaded = startRoundTrips(roundTrip, roundTripIntervalMs, (ms) => onRoundTrip?.(ms, 'loaded'));
  // When the load's data was flowing: from its first sample to its last (performance.now() ms).
  let flowing: { from: number; until: number } | undefined;
  const markFlowing = () => {
    const now = performance.now();
    flowing = { from: flowing?.from ?? now, until: now };
  };
  let result: T;
  try {
    result = await load(markFlowing);
  } finally {
    await loaded.stop().catch(() => undefined);
  }
  const loadedFigures = flowing ? roundTripFigures(loaded.since(flowing.from, flowing.until)) : undefined;
  const latency = idleFigures && loadedFigures ? { idle: idleFigures, loaded: loadedFigures, via } : undefined;
  return { result, latency };
}
