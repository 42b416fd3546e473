import {
  bestDisksByOp,
  bestNetworkRate,
  bitRate,
  formatPercent,
  goodputBytesPerSecond,
  networkFor,
  pathLink,
  rate,
  utilisationPercent,
} from '../links';
import { nearLinkFraction, type Rule } from '../rule';

/**
 * The disks set the pace of a direction when even their best figure of that operation is well below
 * what the network carried that way (writes against uploads, reads against downloads; the best
 * network figure when that way was not measured, the link's rate when none was). The verdict names
 * the slowest such test, so a slow pool beside a fast one is not hidden.
 */
export const diskLimit: Rule = (figures, { unit }) => {
  const link = pathLink(figures);
  const linkBits = link ? goodputBytesPerSecond(link.bitsPerSecond, link.mtu) * 8 : null;
  // That way's network; else several links at once (the path itself); else what the link carries (both
  // ways alike); else the best network figure.
  const { multiLink } = figures.network;
  const paths = multiLink
    ? { bitsPerSecond: multiLink.bitsPerSecond, words: `with ${multiLink.streams} streams at once` }
    : null;
  const carriedFor = (op: 'read' | 'write') => {
    const network = networkFor(figures, op) ?? paths ?? (linkBits ? null : bestNetworkRate(figures));
    return network ? { bits: network.bitsPerSecond, network } : linkBits ? { bits: linkBits, network: null } : null;
  };
  const limited = bestDisksByOp(figures).filter((best) => {
    const carried = carriedFor(best.op);
    return carried && best.bytesPerSecond * 8 < nearLinkFraction * carried.bits;
  });
  if (limited.length === 0) return [];
  const slower = figures.disks
    .filter((disk) => limited.some((best) => best.op === disk.op))
    .filter((disk) => disk.bytesPerSecond * 8 < nearLinkFraction * (carriedFor(disk.op)?.bits ?? 0))
    .sort((a, b) => a.bytesPerSecond - b.bytesPerSecond);
  const slowest = slower[0];
  const carried = slowest ? carriedFor(slowest.op) : null;
  if (!slowest || !carried) return [];
  const carriedBits = carried.bits;
  const share = utilisationPercent(slowest.bytesPerSecond * 8, carriedBits);
  const against = carried.network
    ? `the ${bitRate(carriedBits, unit)} the network carried ${carried.network.words}`
    : `the ${bitRate(carriedBits, unit)} the ${link?.name ?? 'link'} can carry`;
  const others = slower.slice(1, 4).map((disk) => `${disk.test} ${rate(disk.bytesPerSecond, unit)}`);
  const linkPercent = link ? utilisationPercent(slowest.bytesPerSecond * 8, link.bitsPerSecond) : null;
  return [
    {
      id: 'disk-limit',
      severity: 'problem',
      text:
        `The disks are the limit${limitedWords(limited.map((best) => best.op))}: ${slowest.test} ran at ${rate(slowest.bytesPerSecond, unit)}, ` +
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
      limit: { part: 'disks', ops: limited.map((best) => best.op) },
    },
  ];
};

/** " for copies to the NAS" when only writes are held back, and so on; nothing when both are. */
function limitedWords(ops: ('read' | 'write')[]): string {
  if (ops.length !== 1) return '';
  return ops[0] === 'write' ? ' for copies to the NAS' : ' for copies from the NAS';
}
