import type { Spread } from '../../contract/figure-quality';
import type { NetworkResult } from '../../contract/runs';
import type { NasViewFigure, NetworkFigures } from '../../verdicts/figures';

/** Several legs at once is the bonded-link test; one leg is a plain upload or download. */
export function addRate(
  network: NetworkFigures,
  test: { direction: string; bitsPerSecond: number; streams: number; legCount: number; spread?: Spread | undefined },
  legs: { label: string; bitsPerSecond: number }[],
): void {
  const { direction, bitsPerSecond, streams, legCount, spread } = test;
  // The best figure of each kind is the one verdicts speak of, so its spread goes with it.
  const keep = (which: 'upload' | 'download' | 'multiLink') => {
    const { [which]: _replaced, ...others } = network.spreads ?? {};
    network.spreads = spread ? { ...others, [which]: spread } : others;
  };
  if (legCount > 1) {
    if (bitsPerSecond > (network.multiLink?.bitsPerSecond ?? 0)) {
      network.multiLink = { bitsPerSecond, streams, legs, direction };
      keep('multiLink');
    }
    return;
  }
  if (streams === 1) network.singleStream = Math.max(network.singleStream ?? 0, bitsPerSecond);
  if (direction === 'upload' && bitsPerSecond > (network.upload ?? -1)) {
    network.upload = bitsPerSecond;
    keep('upload');
  }
  if (direction === 'download' && bitsPerSecond > (network.download ?? -1)) {
    network.download = bitsPerSecond;
    keep('download');
  }
}

export function addNetwork(network: NetworkFigures, result: NetworkResult): void {
  const legs = result.legs.map((leg) => ({
    label: `${leg.bindAddress ?? 'this computer'} → ${leg.target}`,
    bitsPerSecond: leg.bitsPerSecond,
  }));
  const legCount = Math.max(1, legs.length);
  // A UDP test sends at the rate the user chose: what arrived says how much of that got through,
  // not what the link can carry, so it never stands in for a throughput figure.
  if (!result.udp) {
    addRate(
      network,
      {
        direction: result.direction,
        bitsPerSecond: result.summary.bitsPerSecond,
        streams: result.streamsPerLeg * legCount,
        legCount,
        spread: result.summary.spread,
      },
      legs,
    );
  }
  if (result.udp) {
    const { targetBitsPerSecond, bitsPerSecond, lossPercent, jitterMs } = result.udp;
    const streams = result.streamsPerLeg * legCount;
    network.udp = [
      ...(network.udp ?? []),
      { direction: result.direction, targetBitsPerSecond, streams, bitsPerSecond, lossPercent, jitterMs },
    ];
  }
  // Timed over the login connection: about this load only when the load went to that address too.
  if (result.latency && result.legs.some((leg) => leg.target === result.latency?.via)) {
    const { idle, loaded } = result.latency;
    network.delays = [
      ...(network.delays ?? []),
      { direction: result.direction, idleMs: idle.p50Ms, loadedMs: loaded.p50Ms, loadedP99Ms: loaded.p99Ms },
    ];
  }
}

const directionNames = {
  upload: 'Upload (this computer to the NAS)',
  download: 'Download (NAS to this computer)',
  bidir: 'Upload and download at once',
} as const;

export function networkNasView(result: NetworkResult): Pick<NasViewFigure, 'test' | 'kind'> {
  return { test: directionNames[result.direction], kind: 'network' };
}
