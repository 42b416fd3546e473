import { randomBytes } from 'node:crypto';
import { NasbenchError } from '../../../shared/contract/errors';
import { linkLost } from './control';
import type { IperfParameters } from './protocol';
import { tcpWriteUnit, type DataStream } from './streams';
import type { UdpDataStream } from './udp/udp-stream';

/** A data stream of either protocol: the measuring loop only counts, paces and stops them. */
export type TestStream = DataStream | UdpDataStream;

/** What the measuring loop needs from the test's options. */
export interface MeasureOptions {
  /** A timed test that also stops sending after this many bytes (upload only). */
  maxBytes?: number;
  sampleIntervalMs?: number;
  /** No progress on any stream for this long means the link is gone. */
  stallSeconds?: number;
  onSample?(sample: MeasuredSample): void;
}

export interface MeasuredSample {
  /** Seconds since the test started sending. */
  t: number;
  /** Sum over streams, in the test's direction (both directions for bidir). */
  bytesPerSecond: number;
  perStream: { id: number; bytesPerSecond: number }[];
}

/** Runs the senders and the sampler for the test's duration; resolves with the measured time. */
export async function measure(
  streams: TestStream[],
  parameters: IperfParameters,
  options: MeasureOptions,
  stop: AbortController,
): Promise<{ seconds: number; lost?: NasbenchError }> {
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  const sampleEvery = Math.max(options.sampleIntervalMs ?? 1_000, 100);
  const stallSeconds = options.stallSeconds ?? 5;
  let lost: NasbenchError | undefined;
  let measureFrom = 0;
  let last = { t: 0, bytes: streams.map(() => 0) };
  let lastProgress = 0;
  let endedAt: number | undefined;
  // The clock ends when the test stops (time is up, a byte count is sent, the link broke, cancel), and
  // the counts end with it: what is still in flight arrives after the clock and is not counted, as
  // iperf3's receiver counts only while its test runs. Counting it would put bytes that drained
  // after the end into the seconds of the clock, and raise the download figure above iperf3's.
  const endClock = () => {
    if (endedAt !== undefined) return;
    endedAt = elapsed();
    for (const stream of streams) stream.markEnd();
  };
  stop.signal.addEventListener('abort', endClock, { once: true });
  if (stop.signal.aborted) endClock();

  const omitTimer =
    parameters.omit > 0
      ? setTimeout(() => {
          measureFrom = elapsed();
          for (const stream of streams) stream.markOmitEnd();
        }, parameters.omit * 1000)
      : undefined;
  const takeSample = (t = elapsed()) => {
    const bytes = streams.map((stream) => stream.movedBytes);
    const perStream = streams.map((stream, index) => ({
      id: stream.id,
      bytesPerSecond: ((bytes[index] ?? 0) - (last.bytes[index] ?? 0)) / (t - last.t),
    }));
    const moved = perStream.reduce((sum, stream) => sum + stream.bytesPerSecond, 0);
    if (moved > 0) lastProgress = t;
    else if (t - lastProgress >= stallSeconds) {
      lost = linkLost(`Nothing arrived for ${stallSeconds} s: the link to the NAS stopped carrying data.`);
      stop.abort();
    }
    last = { t, bytes };
    options.onSample?.({ t, bytesPerSecond: moved, perStream });
  };
  // After the clock has ended the counts stand still: a tick then would show a drop that never happened.
  const sampler = setInterval(() => endedAt === undefined && takeSample(), sampleEvery);
  const duration = parameters.time > 0 ? (parameters.time + parameters.omit) * 1000 : undefined;
  const stopTimer = duration ? setTimeout(() => stop.abort(), duration) : undefined;
  const payload = randomBytes(parameters.len);
  const block = parameters.udp === true ? payload : tcpWriteUnit(payload);
  const senderStreams = streams.filter((stream) => stream.role === 'send');
  const totalLimit = parameters.num > 0 ? parameters.num : (options.maxBytes ?? Infinity);
  const limits = shares(totalLimit, senderStreams.length);
  const socketLost = new Promise<void>((resolve) =>
    stop.signal.addEventListener('abort', () => resolve(), { once: true }),
  );
  try {
    const senders = senderStreams.map((stream, index) => stream.sendUntil(block, stop.signal, limits[index]));
    // Byte-count tests end when every sender is done; timed tests when the timer fires, or
    // when every sender has reached its share of maxBytes, if that comes first.
    if (!duration) await Promise.all(senders);
    else await Promise.race([socketLost, ...(totalLimit < Infinity ? [Promise.allSettled(senders)] : [])]);
    await Promise.allSettled(senders);
  } finally {
    clearInterval(sampler);
    clearTimeout(stopTimer);
    clearTimeout(omitTimer);
    endClock();
  }
  const end = endedAt ?? elapsed();
  // The last, partial interval too (up to the clock's end), so short tests end with their final reading.
  if (!lost && end - last.t >= 0.1) takeSample(end);
  const lossReason = stop.signal.reason as unknown;
  if (!lost && lossReason instanceof NasbenchError) lost = lossReason;
  return { seconds: end - measureFrom, ...(lost ? { lost } : {}) };
}

/** `total` bytes split between `count` senders to the byte (whole bytes: the last block is cut to fit). */
function shares(total: number, count: number): number[] {
  if (total === Infinity) return Array<number>(count).fill(Infinity);
  const each = Math.floor(total / count);
  return Array.from({ length: count }, (_unused, index) => each + (index < total % count ? 1 : 0));
}
