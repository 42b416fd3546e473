import type { CpuUtilization } from '../cpu-time';
import type { IperfResults } from '../protocol';
import type { DataStream } from './streams';
import { UdpServerStream } from './udp-streams';

/**
 * The server's half of EXCHANGE_RESULTS, shaped as iperf3's send_results. Node cannot read TCP_INFO,
 * so a sending server says it has no retransmit counts (0), and every stream reports -1 as iperf3
 * itself does when it cannot count; a server that only receives says -1, as iperf3's receivers do.
 */
export function buildServerResults(
  streams: readonly (DataStream | UdpServerStream)[],
  cpu: CpuUtilization,
  seconds: number,
): IperfResults {
  const sends = streams.some((stream) => stream.direction === 'send');
  return {
    cpu_util_total: cpu.total,
    cpu_util_user: cpu.user,
    cpu_util_system: cpu.system,
    sender_has_retransmits: sends ? 0 : -1,
    streams: streams.map((stream) =>
      stream instanceof UdpServerStream
        ? stream.result(seconds)
        : {
            id: stream.id,
            bytes: stream.bytes,
            retransmits: -1,
            jitter: 0,
            errors: 0,
            packets: 0,
            start_time: 0,
            end_time: seconds,
          },
    ),
  };
}
