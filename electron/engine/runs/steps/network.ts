import type { NetworkDirection } from '../../../../shared/contract/network';
import { formatRate } from '../../../../shared/util/units';
import type { TestResult } from '../../../../shared/contract/runs';
import { latencyIdleSeconds, networkResultOf, runNetworkTest, udpSamplesAreSent, type Leg } from '../../net';
import { nasOf, type Step, type StepFacts, type StepKit } from './types';
import { resultsOfKind } from '../../../../shared/kinds';

const directionWords = { upload: 'to the NAS', download: 'from the NAS', bidir: 'both ways at once' } as const;

export interface NetworkStepSpec {
  direction: NetworkDirection;
  streams: number;
  seconds: number;
  /** Omitted: one leg to the address the NAS was logged in at. */
  legs?: Leg[];
  label?: string;
  /**
   * `total`: one line for the test (and one per leg when there are several), as a plan's step
   * draws it; `legs`: one line per leg, and their sum when there are several, as the test of its own does.
   */
  lines?: 'total' | 'legs';
  /** Also time the delay to the NAS, idle first and then under this test's load. */
  latency?: boolean;
  /** iperf3's UDP mode: each stream's target rate and datagram size. */
  udp?: { bitsPerSecond: number; datagramBytes: number };
  /** TCP bytes per write and the NAS's socket buffer (iperf3's -l and -w). */
  blockBytes?: number;
  windowBytes?: number;
}

/** The network test: iperf3 started on the NAS (one server per leg), or SSH itself when iperf3 is missing. */
export function networkStep(spec: NetworkStepSpec, facts: Pick<StepFacts, 'host' | 'nas'>): Step {
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
    : `iperf3 on the NAS, ${where}, for ${spec.seconds} s: the network alone, no disks involved.` +
      (spec.udp
        ? ` UDP at ${formatRate(spec.udp.bitsPerSecond / 8, 'Mb/s')} per stream: what arrives, what is lost, and how evenly it arrives.`
        : '') +
      (spec.latency ? ' The delay to the NAS is timed before and during the test.' : '');
  const series = seriesOf(spec, legs, label);
  const drawsLegs = series.some((line) => line.id === 'leg-1');
  const drawsTotal = series.some((line) => line.id === 'total');
  const step = `Measuring the network ${directionWords[spec.direction]} with iperf3`;
  return {
    kind: 'network',
    label,
    what,
    // Starting iperf3 over SSH and the test's own handshakes take about a tenth of a second: not counted
    // (counting more made the Quick check end well before its estimate; docs/measured-constants.md).
    seconds: spec.seconds + (spec.latency ? latencyIdleSeconds : 0),
    writes: [],
    series,
    needsNas: true,
    async run(kit) {
      const nas = nasOf(kit);
      kit.progress.part(0, 1, step, 'started');
      const result = await runNetworkTest({
        session: nas.session,
        legs,
        direction: spec.direction,
        streamsPerLeg: spec.streams,
        seconds: spec.seconds,
        ...(spec.udp ? { udp: spec.udp } : {}),
        ...(spec.blockBytes ? { blockBytes: spec.blockBytes } : {}),
        ...(spec.windowBytes ? { windowBytes: spec.windowBytes } : {}),
        ...(nas.facts.tools.iperf3?.path ? { iperf3Path: nas.facts.tools.iperf3.path } : {}),
        // Twice a second keeps the live chart moving even in short tests.
        sampleIntervalMs: 500,
        signal: kit.signal,
        ...(spec.latency
          ? {
              latency: {
                roundTrip: () => nas.session.roundTrip(),
                via: nas.session.info.host,
                onRoundTrip: delayReporter(kit),
              },
            }
          : {}),
        onSample: (sample) => {
          if (drawsLegs) sample.perLeg.forEach((bits, index) => kit.progress.sample(`leg-${index + 1}`, bits / 8));
          if (drawsTotal) kit.progress.sample('total', sample.bitsPerSecond / 8);
        },
      });
      kit.progress.part(0, 1, step, 'finished');
      return [networkResultOf(result, spec.streams, spec)];
    },
    // What a UDP sender sent is no peak of what arrived: its headline peak is the figure itself.
    headline: (results, peak) => networkHeadline(results, udpSamplesAreSent(spec) ? 0 : peak),
  };
}

function networkHeadline(results: TestResult[], peak: number) {
  const network = resultsOfKind(results, 'network')[0];
  if (!network) return undefined;
  const bytesPerSecond = network.summary.bitsPerSecond / 8;
  return {
    bytes: network.summary.bytes,
    seconds: network.summary.seconds,
    bytesPerSecond,
    peakBytesPerSecond: Math.max(peak, bytesPerSecond),
  };
}

/**
 * The live lines: a test of its own draws each leg (and their sum when there are several); a plan's
 * step draws its total, and each leg too when there are several.
 */
function seriesOf(spec: NetworkStepSpec, legs: Leg[], label: string): Step['series'] {
  const series = linesOf(spec, legs, label);
  if (!udpSamplesAreSent(spec)) return series;
  return series.map((line) => ({ ...line, label: `${line.label} (sent; what arrived is counted at the end)` }));
}

function linesOf(spec: NetworkStepSpec, legs: Leg[], label: string): Step['series'] {
  const total = (name: string) => ({ id: 'total', label: name });
  if (spec.lines === 'legs') {
    const lines = legs.map((leg, index) => ({ id: `leg-${index + 1}`, label: legLabel(leg, spec.direction) }));
    return legs.length > 1 ? [...lines, total('All links together')] : lines;
  }
  if (legs.length === 1) return [total(label)];
  return [
    ...legs.map((leg, index) => ({
      id: `leg-${index + 1}`,
      label: `${leg.bindAddress ?? 'this computer'} → ${leg.target}`,
    })),
    total('All links together'),
  ];
}

/** Arrows point the way the data goes. */
function legLabel(leg: Leg, direction: NetworkDirection): string {
  const local = leg.bindAddress ?? 'this computer';
  if (direction === 'download') return `${leg.target} → ${local}`;
  if (direction === 'bidir') return `${local} ⇄ ${leg.target}`;
  return `${local} → ${leg.target}`;
}

/**
 * Round trips come twenty a second; the live delay chart gets the slowest of each quarter second
 * (a spike is what matters), and the first of a new phase at once.
 */
function delayReporter(kit: StepKit): (ms: number, phase: 'idle' | 'loaded') => void {
  let windowStart = Number.NEGATIVE_INFINITY;
  let slowest = 0;
  let current: 'idle' | 'loaded' | undefined;
  return (ms, phase) => {
    if (phase !== current) {
      current = phase;
      windowStart = Number.NEGATIVE_INFINITY;
      slowest = 0;
    }
    slowest = Math.max(slowest, ms);
    const now = performance.now();
    if (now - windowStart < 250) return;
    kit.progress.delay(slowest, phase);
    windowStart = now;
    slowest = 0;
  };
}
