import type { LatencyUnderLoad } from '../../contract/network';

/** "0.4 ms", "9.6 ms", "180 ms": a tenth where it matters, whole milliseconds past ten. */
export function formatDelay(ms: number): string {
  return `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
}

/** "Delay to 10.0.0.5: 0.4 ms idle, 9.6 ms under load (median; 99% of round trips within 1.1 ms and 14 ms)". */
export function describeDelay({ idle, loaded, via }: LatencyUnderLoad): string {
  return (
    `Delay to ${via}: ${formatDelay(idle.p50Ms)} idle, ${formatDelay(loaded.p50Ms)} under load ` +
    `(median; 99% of round trips within ${formatDelay(idle.p99Ms)} and ${formatDelay(loaded.p99Ms)})`
  );
}
