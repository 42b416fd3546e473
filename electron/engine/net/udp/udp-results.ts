import type { IperfStreamResult } from '../protocol';
import type { UdpDataStream } from './udp-stream';

/** What one UDP stream delivered, counted as iperf3 counts it (after the omitted seconds). */
export interface UdpStreamFigures {
  /** Datagrams the sender sent. */
  packets: number;
  /** Datagrams the receiver saw missing from the sequence (iperf3's "Lost"). */
  lostPackets: number;
  /** RFC 1889 jitter at the receiver, in milliseconds. */
  jitterMs: number;
  /** Known only where this computer received (download): the server does not report it. */
  outOfOrder: number | null;
}

/** The test's UDP figures over all its streams, as iperf3 sums them (jitter is the streams' mean). */
export interface UdpTestFigures {
  packets: number;
  lostPackets: number;
  lossPercent: number;
  jitterMs: number;
  outOfOrder: number | null;
}

/** This side's entry in the results exchange for a UDP stream, client or server (iperf_api.c's send_results). */
export function udpStreamResult(stream: UdpDataStream, seconds: number): IperfStreamResult {
  const sending = stream.role === 'send';
  return {
    id: stream.id,
    bytes: sending ? stream.sentBytes - stream.omittedSentBytes : stream.receivedBytes - stream.omittedReceivedBytes,
    retransmits: -1,
    jitter: sending ? 0 : stream.received.jitterSeconds,
    errors: sending ? 0 : stream.received.lost,
    omitted_errors: sending ? 0 : stream.omittedReceived.lost,
    packets: sending ? stream.sentPackets : stream.received.highestSequence,
    omitted_packets: sending ? stream.omittedSentPackets : stream.omittedReceived.highestSequence,
    start_time: 0,
    end_time: seconds,
  };
}

/** One stream's figures, from this side's counts and the server's results for the same stream id. */
export function udpStreamFigures(stream: UdpDataStream, server: IperfStreamResult | undefined): UdpStreamFigures {
  if (stream.role === 'send') {
    // The server received: its loss and jitter; the packets are the ones this side sent.
    const omittedLost = server?.omitted_errors !== undefined && server.omitted_errors > 0 ? server.omitted_errors : 0;
    return {
      packets: stream.sentPackets - stream.omittedSentPackets,
      lostPackets: Math.max(0, (server?.errors ?? 0) - omittedLost),
      jitterMs: (server?.jitter ?? 0) * 1000,
      outOfOrder: null,
    };
  }
  const omitted = stream.omittedReceived;
  const serverPackets = server ? server.packets - Math.max(0, server.omitted_packets ?? 0) : null;
  return {
    packets: serverPackets ?? stream.received.highestSequence - omitted.highestSequence,
    lostPackets: stream.received.lost - omitted.lost,
    jitterMs: stream.received.jitterSeconds * 1000,
    outOfOrder: stream.received.outOfOrder - omitted.outOfOrder,
  };
}

export function udpTestFigures(streams: UdpStreamFigures[]): UdpTestFigures {
  const packets = streams.reduce((sum, stream) => sum + stream.packets, 0);
  const lostPackets = streams.reduce((sum, stream) => sum + stream.lostPackets, 0);
  const outOfOrder = streams.every((stream) => stream.outOfOrder !== null)
    ? streams.reduce((sum, stream) => sum + (stream.outOfOrder ?? 0), 0)
    : null;
  return {
    packets,
    lostPackets,
    lossPercent: packets > 0 ? (100 * lostPackets) / packets : 0,
    jitterMs: streams.length ? streams.reduce((sum, stream) => sum + stream.jitterMs, 0) / streams.length : 0,
    outOfOrder,
  };
}
