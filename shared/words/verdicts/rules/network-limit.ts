import {
  bestNetworkRate,
  bestDisksByOp,
  bitRate,
  formatPercent,
  goodputBytesPerSecond,
  linkName,
  pathLink,
  rate,
  utilisationPercent,
} from '../links';
import type { Figures } from '../figures';
import { nearLinkFraction, type Rule, type Verdict } from '../verdict';
import type { RateUnit } from '../../../util/units';

/** The network runs near its link rate and every disk figure keeps up: a faster link is the only way up. */
export const networkLimit: Rule = (figures, { unit }) => {
  const link = pathLink(figures);
  const best = bestNetworkRate(figures);
  // On Wi-Fi the Wi-Fi rule speaks: its link rate says little about what it carries.
  if (!best || figures.clientLink?.type === 'wifi') return [];
  if (figures.clientLink?.type === 'virtual') return slowerThanTheDisks(figures, best, unit);
  if (!link) return [];
  if (best.bitsPerSecond < nearLinkFraction * link.bitsPerSecond) return [];
  // Each direction's disks at their best: a single-queue read slower than a deeper one limits no copy.
  const slowestDisk = bestDisksByOp(figures).sort((a, b) => a.bytesPerSecond - b.bytesPerSecond)[0];
  if (slowestDisk && slowestDisk.bytesPerSecond * 8 < nearLinkFraction * best.bitsPerSecond) return [];
  const goodput = goodputBytesPerSecond(link.bitsPerSecond, link.mtu);
  const percent = utilisationPercent(best.bitsPerSecond, link.bitsPerSecond);
  const disks = slowestDisk
    ? `the NAS's disks are faster (${slowestDisk.test}: ${rate(slowestDisk.bytesPerSecond, unit)})`
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
      limit: { part: 'link', ops: measuredOps(figures) },
    },
  ];
};

/**
 * A virtual link (a VM's, a container's, a test lab's veth) reports a made-up speed (a veth always
 * says 10 Gb/s), so how near the network runs to its link cannot be told. The disks still can: when
 * every disk figure is well above what the network carried, the network is what holds copies back.
 */
function slowerThanTheDisks(
  figures: Figures,
  best: { bitsPerSecond: number; words: string },
  unit: RateUnit,
): Verdict[] {
  // Each direction's disks at their best: a single-queue read slower than a deeper one limits no copy.
  const slowestDisk = bestDisksByOp(figures).sort((a, b) => a.bytesPerSecond - b.bytesPerSecond)[0];
  if (!slowestDisk || best.bitsPerSecond >= nearLinkFraction * slowestDisk.bytesPerSecond * 8) return [];
  const reported = figures.clientLink?.bitsPerSecond;
  const percent = utilisationPercent(best.bitsPerSecond, slowestDisk.bytesPerSecond * 8);
  return [
    {
      id: 'network-limit',
      severity: 'info',
      text:
        `Your network is the limit: ${bitRate(best.bitsPerSecond, unit)} ${best.words}, while the NAS's disks are faster ` +
        `(${slowestDisk.test}: ${rate(slowestDisk.bytesPerSecond, unit)}; the network carried ${formatPercent(percent)} of that). ` +
        `This computer reaches the NAS over a virtual link${reported ? ` (it reports ${linkName(reported, 'virtual')}, a placeholder)` : ''}, ` +
        'so the path has no known rate: only a faster network path would make copies faster.',
      figures: {
        bitsPerSecond: best.bitsPerSecond,
        diskBytesPerSecond: slowestDisk.bytesPerSecond,
        percentOfDisk: percent,
      },
      limit: { part: 'network', ops: measuredOps(figures) },
    },
  ];
}

/** The operations a network figure speaks for: writes when uploads were measured, reads when downloads were. */
export function measuredOps(figures: Figures): ('read' | 'write')[] {
  const { upload, download, multiLink } = figures.network;
  return [...(upload || multiLink ? (['write'] as const) : []), ...(download || multiLink ? (['read'] as const) : [])];
}
