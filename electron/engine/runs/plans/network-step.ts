import type { NetworkDirection } from '../../../../shared/network';
import type { NetworkResult } from '../../../../shared/runs';
import { runNetworkTest, type Leg, type NetworkTestResult } from '../../net/network-test';
import type { PlanFacts, PlanStep } from './types';

const directionWords = { upload: 'to the NAS', download: 'from the NAS', bidir: 'both ways at once' } as const;

export interface NetworkStepSpec {
  direction: NetworkDirection;
  streams: number;
  seconds: number;
  /** Omitted: one leg to the address the NAS was logged in at. */
  legs?: Leg[];
  label?: string;
}

/** A network step: the engine's network test (iperf3 started on the NAS, or SSH itself when iperf3 is missing). */
export function networkStep(spec: NetworkStepSpec, facts: PlanFacts): PlanStep {
  const legs = spec.legs ?? [{ target: facts.host }];
  const label = spec.label ?? `Network ${directionWords[spec.direction]}`;
  const overSsh = facts.nas.tools.iperf3 === null;
  const streams = `${spec.streams} stream${spec.streams === 1 ? '' : 's'}`;
  const where =
    legs.length > 1
      ? `on ${legs.length} links at once (${streams} each)`
      : `to ${legs[0]?.target ?? facts.host}, ${streams}`;
  const what = overSsh
    ? `Sends data ${directionWords[spec.direction]} through the SSH connection for ${spec.seconds} s: iperf3 is missing on the NAS, so this is a lower bound.`
    : `iperf3 on the NAS, ${where}, for ${spec.seconds} s: the network alone, no disks involved.`;
  return {
    kind: 'network',
    label,
    what,
    // Starting iperf3 over SSH and the test's own handshakes take about two seconds.
    seconds: spec.seconds + 2,
    writes: [],
    series:
      legs.length > 1
        ? [
            ...legs.map((leg, index) => ({
              id: `leg-${index + 1}`,
              label: `${leg.bindAddress ?? 'this computer'} → ${leg.target}`,
            })),
            { id: 'total', label: 'All links together' },
          ]
        : [{ id: 'total', label }],
    needsNas: true,
    async run(kit) {
      const result = await runNetworkTest({
        session: kit.session,
        legs,
        direction: spec.direction,
        streamsPerLeg: spec.streams,
        seconds: spec.seconds,
        sampleIntervalMs: 500,
        signal: kit.signal,
        onSample: (sample) => {
          if (legs.length > 1) sample.perLeg.forEach((bits, index) => kit.sample(`leg-${index + 1}`, bits / 8));
          kit.sample('total', sample.bitsPerSecond / 8);
        },
      });
      return [networkResultOf(result, spec.streams)];
    },
  };
}

/** The engine's result in the saved run's shape (per-stream details stay out: the legs carry the figures). */
export function networkResultOf(result: NetworkTestResult, streamsPerLeg: number): NetworkResult {
  return {
    kind: 'network',
    method: result.method,
    direction: result.direction,
    streamsPerLeg,
    summary: result.summary,
    legs: result.legs.map(({ streams: _streams, ...leg }) => leg),
    ...(result.note ? { note: result.note } : {}),
  };
}
