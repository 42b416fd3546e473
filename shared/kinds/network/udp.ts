import type { UdpFigures } from '../../contract/network';
import { formatRate, type RateUnit } from '../../util/units';
import { formatDelay } from './delay';

/** "0.3%", "12%", "0.02%": loss is read to the first figure that is not zero. */
export function formatLoss(percent: number): string {
  if (percent === 0) return '0%';
  if (percent >= 10) return `${Math.round(percent)}%`;
  if (percent >= 1) return `${percent.toFixed(1)}%`;
  return `${percent.toPrecision(1)}%`;
}

/**
 * "UDP: 95.2 Mb/s arrived (100 Mb/s asked for); 0.3% lost (123 of 41,096 datagrams), jitter 0.05 ms".
 * Jitter under a tenth of a millisecond is shown to the hundredth: that is where a quiet cable sits.
 * The rates follow the unit of the figures beside them; the CLI speaks Mb/s, as iperf3 does.
 */
export function describeUdp(udp: UdpFigures, unit: RateUnit = 'Mb/s'): string {
  const jitter = udp.jitterMs < 0.1 ? `${udp.jitterMs.toFixed(2)} ms` : formatDelay(udp.jitterMs);
  const order = udp.outOfOrder ? `, ${udp.outOfOrder.toLocaleString('en-US')} out of order` : '';
  return (
    `UDP: ${formatRate(udp.bitsPerSecond / 8, unit)} arrived (${formatRate(udp.targetBitsPerSecond / 8, unit)} ` +
    `per stream asked for); ${formatLoss(udp.lossPercent)} lost (${udp.lostPackets.toLocaleString('en-US')} of ` +
    `${udp.packets.toLocaleString('en-US')} datagrams)${order}, jitter ${jitter}`
  );
}
