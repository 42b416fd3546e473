import type { IperfResults } from '../protocol';
import type { DataStream } from './streams';
import { UdpServerStream } from './udp-streams';

/** This whole process's CPU time over the test, as iperf3's percentages of wall time (can pass 100 on several cores). */
export interface CpuUtilization {
  total: number;
  user: number;
  system: number;
}

export function measureCpu(since: NodeJS.CpuUsage, wallMs: number): CpuUtilization {
  const used = process.cpuUsage(since);
  const percent = (micros: number) => (wallMs > 0 ? micros / 10 / wallMs : 0);
  return { total: percent(used.user + used.system), user: percent(used.user), system: percent(used.system) };
}

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
