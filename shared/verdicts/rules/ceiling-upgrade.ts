import { deliveredRate, diskFigure, networkFigure, type Op } from '../delivered';
import { goodputBytesPerSecond, pathLink, rate, type PathLink } from '../links';
import type { Figures } from '../figures';
import type { Rule } from '../rule';
import type { Verdict } from '../../contract/verdict';
import type { RateUnit } from '../../util/units';

/** A part is the limit when the other is at least this much faster; closer than that, both are. */
const clearMargin = 1.25;
/** Worth naming: a change that makes copies at least this much faster. */
const worthIt = 1.25;

/** Ethernet speeds one can buy, bits/s: the next one up is the upgrade a user would make. */
const ethernetSteps = [100e6, 1e9, 2.5e9, 5e9, 10e9, 25e9];
const stepNames = new Map([
  [1e9, '1 GbE'],
  [2.5e9, '2.5 GbE'],
  [5e9, '5 GbE'],
  [10e9, '10 GbE'],
  [25e9, '25 GbE'],
]);

const ways = { read: 'reads from the NAS', write: 'writes to the NAS' } as const;

/**
 * The one change that would help most, ranked by what the other parts already showed they can do:
 * a faster link helps only as far as the disks go, faster disks only as far as the link goes.
 * Where copies to the share fall well short of both, the file sharing comes first (protocol-limit
 * says why), and no hardware is named.
 */
export const ceilingUpgrade: Rule = (figures, { unit }) => {
  const candidates = (['read', 'write'] as const)
    .map((op) => upgradeFor(figures, op, unit))
    .filter((found) => found !== null)
    .sort((a, b) => b.gain - a.gain);
  const best = candidates[0];
  return best ? [best.verdict] : [];
};

function upgradeFor(figures: Figures, op: Op, unit: RateUnit): { gain: number; verdict: Verdict } | null {
  const network = networkFigure(figures, op);
  const disk = diskFigure(figures, op);
  const delivered = deliveredRate(figures, op, unit);
  if (network === null || disk === null || !delivered) return null;
  const numbers = { networkBytesPerSecond: network, diskBytesPerSecond: disk.bytesPerSecond };
  const verdict = (text: string, gain: number, extra: Record<string, number> = {}) => ({
    gain,
    verdict: {
      id: 'ceiling-upgrade' as const,
      severity: 'info' as const,
      text,
      figures: { ...numbers, gain, ...extra },
    },
  });
  if (delivered.by === 'share' && delivered.bytesPerSecond * clearMargin < Math.min(network, disk.bytesPerSecond)) {
    return verdict(
      `Before any hardware: copies (${rate(delivered.bytesPerSecond, unit)}) fall well short of both the network ` +
        `(${rate(network, unit)}) and the disks (${rate(disk.bytesPerSecond, unit)}), so neither a faster link nor ` +
        'faster disks would speed them up until the file sharing keeps up.',
      1,
    );
  }
  const current = Math.min(delivered.bytesPerSecond, network, disk.bytesPerSecond);
  if (disk.bytesPerSecond >= clearMargin * network) {
    const link = pathLink(figures);
    const next = link && figures.clientLink?.type !== 'wifi' ? nextLink(link, figures) : null;
    if (!next) {
      const gain = disk.bytesPerSecond / current;
      const why =
        figures.clientLink?.type === 'wifi'
          ? 'a cable (Ethernet) instead of Wi-Fi, or a faster Wi-Fi link,'
          : 'a faster network';
      return verdict(
        `The one change that would help most: ${why} — the disks ${op === 'read' ? 'read' : 'wrote'} ` +
          `${rate(disk.bytesPerSecond, unit)}, ${gain.toFixed(1)}× what the network carried (${rate(network, unit)}).`,
        gain,
      );
    }
    const nextMost = goodputBytesPerSecond(next.bitsPerSecond, link?.mtu ?? 1500);
    const gain = Math.min(nextMost, disk.bytesPerSecond) / current;
    if (gain < worthIt) return null;
    return verdict(
      `The one change that would help most: ${next.name}. ${capital(ways[op])} would be about ${gain.toFixed(1)}× ` +
        `faster (up to ${rate(Math.min(nextMost, disk.bytesPerSecond), unit)}: the disks ${op === 'read' ? 'read' : 'wrote'} ` +
        `${rate(disk.bytesPerSecond, unit)}, ${next.name} carries at most ${rate(nextMost, unit)}). It takes ${next.words}.`,
      gain,
      { nextLinkBitsPerSecond: next.bitsPerSecond },
    );
  }
  if (network >= clearMargin * disk.bytesPerSecond) {
    const gain = network / current;
    return verdict(
      `The one change that would help most: faster disks (SSDs, more drives in the array, or an SSD cache) — ` +
        `the network carries ${rate(network, unit)} but the disks ${op === 'read' ? 'read' : 'wrote'} ` +
        `${rate(disk.bytesPerSecond, unit)} (${disk.test}), so ${ways[op]} could be up to ${gain.toFixed(1)}× faster; ` +
        'a faster link would change nothing.',
      gain,
    );
  }
  return null;
}

const capital = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** The next Ethernet speed above the path's slower end, and which ends would need it. */
function nextLink(link: PathLink, figures: Figures): { bitsPerSecond: number; name: string; words: string } | null {
  const step = ethernetSteps.find((speed) => speed > link.bitsPerSecond * 1.01);
  const name = step ? stepNames.get(step) : undefined;
  if (!step || !name) return null;
  const client = figures.clientLink?.type === 'virtual' ? null : (figures.clientLink?.bitsPerSecond ?? null);
  const nas = figures.nasLink?.bitsPerSecond ?? null;
  const ends = [
    ...(client !== null && client < step ? [`a ${name} adapter for this computer`] : []),
    ...(nas !== null && nas < step ? [`${name} on the NAS (a card or a port)`] : []),
  ];
  const unknown =
    client === null
      ? ' (and this computer too, if its port is slower)'
      : nas === null
        ? ' (and the NAS too, if its port is slower)'
        : '';
  return {
    bitsPerSecond: step,
    name,
    words: `${ends.join(' and ')}${unknown}, and a switch of that speed if one sits between`,
  };
}
