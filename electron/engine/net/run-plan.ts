import type { z } from 'zod';
import type { NetworkRunInput } from '../../../shared/network';
import type { RunPlan } from '../runs/registry';
import type { NasSession } from '../ssh/session';
import { runNetworkTest, type Leg } from './network-test';

const directionWords = { upload: 'to the NAS', download: 'from the NAS', bidir: 'both ways' } as const;

/** The network test as a run: live lines per leg (and their sum), the result as the run's summary. */
export function networkRunPlan(session: NasSession, input: z.output<typeof NetworkRunInput>): RunPlan {
  const legs: Leg[] = (input.legs ?? [{ target: session.info.host }]).map((leg) => ({
    target: leg.target,
    ...(leg.bindAddress ? { bindAddress: leg.bindAddress } : {}),
  }));
  const legSeries = legs.map((leg, index) => ({ id: `leg-${index + 1}`, label: legLabel(leg, input.direction) }));
  const series = legs.length > 1 ? [...legSeries, { id: 'total', label: 'All links together' }] : legSeries;
  return {
    plan: 'network',
    title: `Network ${directionWords[input.direction]}`,
    target: [...new Set(legs.map((leg) => leg.target))].join(' + '),
    expectedSeconds: input.seconds + 2,
    series,
    async work(context) {
      context.step(0, 1, `Measuring the network ${directionWords[input.direction]} with iperf3`, 'started');
      let peak = 0;
      const result = await runNetworkTest({
        session,
        legs,
        direction: input.direction,
        streamsPerLeg: input.streams,
        seconds: input.seconds,
        // Twice a second keeps the live chart moving even in short tests.
        sampleIntervalMs: 500,
        signal: context.signal,
        onSample: (sample) => {
          peak = Math.max(peak, sample.bitsPerSecond / 8);
          sample.perLeg.forEach((bits, index) => context.sample(`leg-${index + 1}`, bits / 8));
          if (legs.length > 1) context.sample('total', sample.bitsPerSecond / 8);
        },
      });
      context.step(0, 1, `Measuring the network ${directionWords[input.direction]} with iperf3`, 'finished');
      const bytesPerSecond = result.summary.bitsPerSecond / 8;
      return {
        bytes: result.summary.bytes,
        seconds: result.summary.seconds,
        bytesPerSecond,
        peakBytesPerSecond: Math.max(peak, bytesPerSecond),
      };
    },
  };
}

/** Arrows point the way the data goes. */
function legLabel(leg: Leg, direction: z.output<typeof NetworkRunInput>['direction']): string {
  const local = leg.bindAddress ?? 'this computer';
  if (direction === 'download') return `${leg.target} → ${local}`;
  if (direction === 'bidir') return `${local} ⇄ ${leg.target}`;
  return `${local} → ${leg.target}`;
}
