import { NasbenchError } from '../../../shared/contract/errors';
import type { Spread } from '../../../shared/contract/figure-quality';
import type { LatencyUnderLoad, UdpFigures } from '../../../shared/contract/network';
import type { NasLogin } from '../ssh';
import { joinNotes, spreadOfRate, unsteadyNote } from './rate-spread';
import { withLatencyUnderLoad, type RoundTrip } from './latency';
import { measureOverSsh } from './ssh-transfer';
import { runIperfTest, type Direction, type IperfStreamReport, type IperfTestResult } from './iperf-client';
import { udpTestFigures } from './udp/udp-results';
import { resolveNasAddress, startRemoteIperfServer, type RemoteIperfServer } from './remote-server';

/** One link of a test: where its streams go, and from which local address they start. */
export interface Leg {
  target: string;
  /** A fixed server port (an iperf3 server that already runs); otherwise one is started over SSH. */
  port?: number;
  bindAddress?: string;
}

export interface NetworkTestOptions {
  legs: Leg[];
  /** Needed when servers are to be started on the NAS. */
  session?: NasLogin;
  /** The iperf3 the probe found on the NAS (default: iperf3 from its PATH). */
  iperf3Path?: string;
  direction: Direction;
  streamsPerLeg: number;
  seconds: number;
  omitSeconds?: number;
  /** TCP: bytes per write and the NAS's socket buffer (iperf3's -l and -w). */
  blockBytes?: number;
  windowBytes?: number;
  /** iperf3's UDP mode: each stream's target rate and datagram size. */
  udp?: { bitsPerSecond: number; datagramBytes: number };
  sampleIntervalMs?: number;
  signal?: AbortSignal;
  /**
   * Also time round trips to the NAS, idle and while the test runs (`via`: the address they go to).
   * Only with iperf3: over the SSH fallback the test's own data would hold them up.
   */
  latency?: { roundTrip: RoundTrip; via: string; onRoundTrip?(ms: number, phase: 'idle' | 'loaded'): void };
  /** Throughput per leg and summed, every sample interval. */
  onSample?(sample: { t: number; bitsPerSecond: number; perLeg: number[] }): void;
}

export interface LegResult {
  target: string;
  port: number;
  bindAddress: string | null;
  bitsPerSecond: number;
  bytes: number;
  seconds: number;
  streams: IperfStreamReport[];
}

export interface NetworkTestResult {
  /** iperf3, or the SSH connection itself when the NAS has no iperf3 (a lower bound). */
  method: 'iperf3' | 'ssh';
  /** Plain words about how to read the figure, when it needs them (the SSH fallback, an unsteady rate). */
  note?: string;
  direction: Direction;
  /** `spread`: how steady the summed rate was from second to second (absent for a test too short to say). */
  summary: { bitsPerSecond: number; bytes: number; seconds: number; spread?: Spread };
  legs: LegResult[];
  samples: { t: number; bitsPerSecond: number }[];
  /** The delay to the NAS idle and under this load, when asked for and measurable. */
  latency?: LatencyUnderLoad;
  /** A UDP test's datagrams, loss and jitter over every leg. */
  udp?: UdpFigures;
}

/**
 * A network test over one or several links at once: one iperf3 server per leg (its own port,
 * started on the NAS over SSH unless given), one client test per leg, run side by side. A
 * bond only adds up when the streams take different legs; per-leg figures show whether they did.
 */
export async function runNetworkTest(options: NetworkTestOptions): Promise<NetworkTestResult> {
  try {
    const result = await runWithLatency(options);
    // A UDP sender's samples are its own paced sending rate, steady by design: what arrived is known
    // only from the receiver's count at the end, so no spread is claimed for it.
    if (!udpSamplesAreSent(options)) return withSpread(result, options.omitSeconds ?? 0);
    return { ...result, note: joinNotes(result.note, udpSentNote) };
  } catch (error) {
    const noIperf = error instanceof NasbenchError && error.code === 'TOOL_MISSING';
    // Without iperf3 on the NAS there is no UDP to send: SSH carries a TCP stream only.
    if (!noIperf || !options.session || options.direction === 'bidir' || options.udp) throw error;
    const result = await runOverSsh(options.session, options);
    if (!options.latency) return withSpread(result, 0);
    return withSpread({ ...result, note: joinNotes(result.note, latencyOverSshNote) }, 0);
  }
}

const udpSentNote =
  'The chart shows what this computer sent; the NAS counts what arrived once, at the end, so that figure has no ' +
  'second-by-second spread.';

const latencyOverSshNote =
  'The delay to the NAS was not measured: without iperf3 the test data goes through the SSH connection ' +
  'the delay is timed on, so the figure would say more about that connection than about the link.';

/** The iperf3 test, with the delay to the NAS timed idle first and then under the test's load when asked. */
async function runWithLatency(options: NetworkTestOptions): Promise<NetworkTestResult> {
  const timing = options.latency;
  if (!timing) return runWithIperf(options);
  const { result, latency } = await withLatencyUnderLoad(
    timing.roundTrip,
    timing.via,
    (markFlowing) =>
      runWithIperf({
        ...options,
        onSample: (sample) => {
          markFlowing();
          options.onSample?.(sample);
        },
      }),
    {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(timing.onRoundTrip ? { onRoundTrip: timing.onRoundTrip } : {}),
    },
  );
  return latency ? { ...result, latency } : result;
}

/** In a UDP test this computer sends (upload, both ways), the live samples are what it sent, not what arrived. */
export function udpSamplesAreSent(options: Pick<NetworkTestOptions, 'udp' | 'direction'>): boolean {
  return options.udp !== undefined && options.direction !== 'download';
}

/** The spread of the summed rate, second by second, and the flag in words when it varied more than 10%. */
function withSpread(result: NetworkTestResult, omitSeconds: number): NetworkTestResult {
  const spread = spreadOfRate(
    result.samples.map((sample) => ({ t: sample.t, rate: sample.bitsPerSecond })),
    omitSeconds,
  );
  const note = joinNotes(result.note, unsteadyNote(spread));
  return {
    ...result,
    summary: { ...result.summary, ...(spread ? { spread } : {}) },
    ...(note ? { note } : {}),
  };
}

async function runOverSsh(session: NasLogin, options: NetworkTestOptions): Promise<NetworkTestResult> {
  const samples: { t: number; bitsPerSecond: number }[] = [];
  const result = await measureOverSsh(session, {
    direction: options.direction === 'download' ? 'download' : 'upload',
    seconds: options.seconds,
    ...signalOf(options),
    onSample: (sample) => {
      samples.push(sample);
      options.onSample?.({ ...sample, perLeg: [sample.bitsPerSecond] });
    },
  });
  const target = session.info.host;
  return {
    method: 'ssh',
    note:
      'iperf3 is not installed on this NAS, so this was measured through the SSH connection itself. ' +
      'Encryption costs speed: the link can do at least this much, likely more.',
    direction: options.direction,
    summary: { bitsPerSecond: result.bitsPerSecond, bytes: result.bytes, seconds: result.seconds },
    legs: [
      {
        target,
        port: session.info.port,
        bindAddress: null,
        bitsPerSecond: result.bitsPerSecond,
        bytes: result.bytes,
        seconds: result.seconds,
        streams: [],
      },
    ],
    samples,
  };
}

async function runWithIperf(options: NetworkTestOptions): Promise<NetworkTestResult> {
  const servers: RemoteIperfServer[] = [];
  const samples: { t: number; bitsPerSecond: number }[] = [];
  const round = new Map<number, { t: number; bitsPerSecond: number }>();
  try {
    const ports: number[] = [];
    // Each leg's client connects to the very address its server listens on.
    const hosts = await Promise.all(options.legs.map((leg) => resolveNasAddress(leg.target)));
    for (const [index, leg] of options.legs.entries()) {
      if (leg.port !== undefined) ports.push(leg.port);
      else {
        if (!options.session) throw new Error('A leg without a port needs an SSH session to start iperf3.');
        const server = await startRemoteIperfServer(options.session, {
          avoidPorts: ports,
          ...(hosts[index] ? { bindAddress: hosts[index] } : {}),
          ...(options.iperf3Path ? { iperf3Path: options.iperf3Path } : {}),
          testSeconds: options.seconds + (options.omitSeconds ?? 0),
          ...signalOf(options),
        });
        servers.push(server);
        ports.push(server.port);
      }
    }
    const results = await Promise.all(
      options.legs.map((leg, index) =>
        runIperfTest({
          host: hosts[index] ?? leg.target,
          port: ports[index],
          ...(leg.bindAddress ? { bindAddress: leg.bindAddress } : {}),
          streams: options.streamsPerLeg,
          direction: options.direction,
          seconds: options.seconds,
          omitSeconds: options.omitSeconds ?? 0,
          ...(options.blockBytes ? { blockBytes: options.blockBytes } : {}),
          ...(options.windowBytes ? { windowBytes: options.windowBytes } : {}),
          ...(options.udp ? { udp: options.udp } : {}),
          sampleIntervalMs: options.sampleIntervalMs ?? 1_000,
          ...signalOf(options),
          onSample: (sample) => {
            // Legs sample on their own timers: a summed point is due once every leg has spoken.
            round.set(index, { t: sample.t, bitsPerSecond: sample.bytesPerSecond * 8 });
            if (round.size < options.legs.length) return;
            const perLeg = options.legs.map((_leg, leg) => round.get(leg)?.bitsPerSecond ?? 0);
            const t = Math.max(...[...round.values()].map((entry) => entry.t));
            const sum = perLeg.reduce((total, value) => total + value, 0);
            round.clear();
            samples.push({ t, bitsPerSecond: sum });
            options.onSample?.({ t, bitsPerSecond: sum, perLeg });
          },
        }),
      ),
    );
    const legs = results.map((result, index): LegResult => ({
      target: options.legs[index]?.target ?? '',
      port: ports[index] ?? 0,
      bindAddress: options.legs[index]?.bindAddress ?? null,
      bitsPerSecond: result.bitsPerSecond,
      bytes: result.bytes,
      seconds: result.seconds,
      streams: result.streams,
    }));
    const bytes = legs.reduce((sum, leg) => sum + leg.bytes, 0);
    const seconds = Math.max(...legs.map((leg) => leg.seconds));
    const bitsPerSecond = legs.reduce((sum, leg) => sum + leg.bitsPerSecond, 0);
    return {
      method: 'iperf3',
      direction: options.direction,
      summary: { bitsPerSecond, bytes, seconds },
      legs,
      samples,
      ...(options.udp ? { udp: udpOverLegs(results, bitsPerSecond, options.udp.bitsPerSecond) } : {}),
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

/** The legs' UDP figures together: counts add up, jitter is the mean over the legs' streams. */
function udpOverLegs(results: IperfTestResult[], bitsPerSecond: number, targetBitsPerSecond: number): UdpFigures {
  const figures = udpTestFigures(results.flatMap((result) => result.streams.flatMap((stream) => stream.udp ?? [])));
  return { bitsPerSecond, targetBitsPerSecond, ...figures };
}

function signalOf(options: { signal?: AbortSignal }): { signal?: AbortSignal } {
  return options.signal ? { signal: options.signal } : {};
}
