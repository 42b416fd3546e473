import type { NetworkResult } from '../../../shared/contract/runs';
import type { NetworkTestResult } from './network-test';

/** A network test's result in the contract's shape (the saved run's, the CLI's `net`): per leg, and per stream. */
export function networkResultOf(
  result: NetworkTestResult,
  streamsPerLeg: number,
  tcp: { blockBytes?: number | undefined; windowBytes?: number | undefined } = {},
): NetworkResult {
  return {
    kind: 'network',
    method: result.method,
    direction: result.direction,
    streamsPerLeg,
    summary: result.summary,
    legs: result.legs.map(({ streams, ...leg }) => ({
      ...leg,
      streams: streams.map((stream) => ({
        localAddress: stream.localAddress,
        remoteAddress: stream.remoteAddress,
        remotePort: stream.remotePort,
        direction: stream.role === 'send' ? ('upload' as const) : ('download' as const),
        bytes: stream.receivedBytes,
        retransmits: stream.retransmits,
      })),
    })),
    ...(result.latency ? { latency: result.latency } : {}),
    ...(result.udp ? { udp: result.udp } : {}),
    ...(result.note ? { note: result.note } : {}),
    ...(tcp.blockBytes ? { blockBytes: tcp.blockBytes } : {}),
    ...(tcp.windowBytes ? { windowBytes: tcp.windowBytes } : {}),
  };
}
