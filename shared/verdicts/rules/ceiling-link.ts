import {
  bestNetworkRate,
  bitRate,
  formatPercent,
  goodputBytesPerSecond,
  pathLink,
  rate,
  utilisationPercent,
} from '../links';
import type { Rule } from '../rule';

/**
 * How close the network and share figures come to the link's ceiling, for every run: their share of
 * its raw rate (the mirrored-ZFS TrueNAS build write-up's "network utilisation" table) and of what TCP
 * can carry over it at its MTU.
 */
export const ceilingLink: Rule = (figures, { unit }) => {
  const link = pathLink(figures);
  if (!link) return [];
  const sentences: string[] = [];
  const numbers: Record<string, number> = { linkBitsPerSecond: link.bitsPerSecond };
  const network = bestNetworkRate(figures);
  let tcp = '';
  if (network) {
    const percent = utilisationPercent(network.bitsPerSecond, link.bitsPerSecond);
    numbers.networkUtilisationPercent = percent;
    sentences.push(
      `${bitRate(network.bitsPerSecond, unit)} over the network ${network.words} is ${formatPercent(percent)}`,
    );
    // The raw bit rate is never reachable: headers and gaps take ~6% at MTU 1500. The fair ceiling is TCP's.
    const mtu = link.mtu ?? 1500;
    const tcpMaxBits = goodputBytesPerSecond(link.bitsPerSecond, mtu) * 8;
    numbers.tcpMaxBitsPerSecond = tcpMaxBits;
    numbers.networkTcpPercent = utilisationPercent(network.bitsPerSecond, tcpMaxBits);
    tcp =
      ` TCP can carry at most ${bitRate(tcpMaxBits, unit)} over it at MTU ${mtu}: the network figure is ` +
      `${formatPercent(numbers.networkTcpPercent)} of that.`;
  }
  const share = [...figures.share].sort((a, b) => b.bytesPerSecond - a.bytesPerSecond)[0];
  if (share) {
    const percent = utilisationPercent(share.bytesPerSecond * 8, link.bitsPerSecond);
    numbers.shareUtilisationPercent = percent;
    sentences.push(`${share.label} at ${rate(share.bytesPerSecond, unit)} is ${formatPercent(percent)}`);
  }
  if (sentences.length === 0) return [];
  return [
    {
      id: 'ceiling-link',
      severity: 'info',
      text: `Link use: ${sentences.join('; ')} of the ${link.name} (${bitRate(link.bitsPerSecond, unit)}).${tcp}`,
      figures: numbers,
    },
  ];
};
