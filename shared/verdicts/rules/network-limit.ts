import {
  bestNetworkRate,
  bitRate,
  formatPercent,
  goodputBytesPerSecond,
  pathLink,
  rate,
  utilisationPercent,
} from '../links';
import { nearLinkFraction, type Rule } from '../verdict';

/** The network runs near its link rate and every disk figure keeps up: a faster link is the only way up. */
export const networkLimit: Rule = (figures, { unit }) => {
  const link = pathLink(figures);
  const best = bestNetworkRate(figures);
  // On Wi-Fi the Wi-Fi rule speaks: its link rate says little about what it carries.
  if (!link || !best || figures.clientLink?.type === 'wifi') return [];
  if (best.bitsPerSecond < nearLinkFraction * link.bitsPerSecond) return [];
  const slowestDisk = [...figures.disks].sort((a, b) => a.bytesPerSecond - b.bytesPerSecond)[0];
  if (slowestDisk && slowestDisk.bytesPerSecond * 8 < nearLinkFraction * best.bitsPerSecond) return [];
  const goodput = goodputBytesPerSecond(link.bitsPerSecond, link.mtu);
  const percent = utilisationPercent(best.bitsPerSecond, link.bitsPerSecond);
  const disks = slowestDisk
    ? `the NAS's disks are faster (${slowestDisk.test}: ${rate(slowestDisk.bytesPerSecond, unit)} at the slowest)`
    : 'the disks were not measured in this run';
  return [
    {
      id: 'network-limit',
      severity: 'info',
      text:
        `Your network is the limit (${link.short} ≈ ${rate(goodput, unit)} after overhead): ` +
        `${bitRate(best.bitsPerSecond, unit)} ${best.words} is ${formatPercent(percent)} of the ${link.name}, and ${disks}. ` +
        'Only a faster link (or a second one, bonded) would make copies faster.',
      figures: {
        bitsPerSecond: best.bitsPerSecond,
        linkBitsPerSecond: link.bitsPerSecond,
        goodputBytesPerSecond: goodput,
        utilisationPercent: percent,
        ...(slowestDisk ? { diskBytesPerSecond: slowestDisk.bytesPerSecond } : {}),
      },
    },
  ];
};
