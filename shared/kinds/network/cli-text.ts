import type { NetworkResult } from '../../contract/runs';
import { formatRate } from '../../util/units';
import { describeDelay } from './delay';
import { describeUdp } from './udp';

/** `nasbench net`'s text: the rate, each leg of a multi-link test, the delay and the UDP figures when measured. */
export function networkText(result: NetworkResult, installHints: readonly string[]): string {
  const lines = [
    // A test over SSH (iperf3 missing) says so in its note, with how to install iperf3.
    ...(result.note ? [result.note, ...installHints] : []),
    `${result.direction}: ${formatRate(result.summary.bitsPerSecond / 8, 'Mb/s')} in ${result.summary.seconds.toFixed(1)} s`,
  ];
  if (result.legs.length > 1) {
    for (const leg of result.legs)
      lines.push(
        `  ${leg.bindAddress ?? 'any'} → ${leg.target}:${leg.port}  ${formatRate(leg.bitsPerSecond / 8, 'Mb/s')}`,
      );
  }
  if (result.latency) lines.push(describeDelay(result.latency));
  if (result.udp) lines.push(describeUdp(result.udp));
  return lines.join('\n') + '\n';
}
