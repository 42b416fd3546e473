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

/**
 * A disk figure well below what the network carried (or, unmeasured, what the link can carry): the
 * disks set the pace, and the verdict names the test that showed it.
 */
export const diskLimit: Rule = (figures, { unit }) => {
  const network = bestNetworkRate(figures);
  const link = pathLink(figures);
  const carriedBits = network?.bitsPerSecond ?? (link ? goodputBytesPerSecond(link.bitsPerSecond, link.mtu) * 8 : null);
  if (!carriedBits) return [];
  const slower = figures.disks
    .filter((disk) => disk.bytesPerSecond * 8 < nearLinkFraction * carriedBits)
    .sort((a, b) => a.bytesPerSecond - b.bytesPerSecond);
  const slowest = slower[0];
  if (!slowest) return [];
  const share = utilisationPercent(slowest.bytesPerSecond * 8, carriedBits);
  const against = network
    ? `the ${bitRate(carriedBits, unit)} the network carried ${network.words}`
    : `the ${bitRate(carriedBits, unit)} the ${link?.name ?? 'link'} can carry`;
  const others = slower.slice(1, 4).map((disk) => `${disk.test} ${rate(disk.bytesPerSecond, unit)}`);
  const linkPercent = link ? utilisationPercent(slowest.bytesPerSecond * 8, link.bitsPerSecond) : null;
  return [
    {
      id: 'disk-limit',
      severity: 'problem',
      text:
        `The disks are the limit: ${slowest.test} ran at ${rate(slowest.bytesPerSecond, unit)}, ` +
        `${formatPercent(share)} of ${against}` +
        (link && linkPercent !== null ? ` (it would use ${formatPercent(linkPercent)} of the ${link.name})` : '') +
        '.' +
        (others.length > 0 ? ` Also slower than the network: ${others.join('; ')}.` : ''),
      figures: {
        bytesPerSecond: slowest.bytesPerSecond,
        networkBitsPerSecond: carriedBits,
        percentOfNetwork: share,
        ...(linkPercent !== null ? { utilisationPercent: linkPercent } : {}),
        slowerTests: slower.length,
      },
    },
  ];
};
