import {
  bestNetworkRate,
  bestDisksByOp,
  networkFor,
  bitRate,
  formatPercent,
  goodputBytesPerSecond,
  linkName,
  pathLink,
  rate,
  utilisationPercent,
} from '../links';
import type { DiskFigure, Figures } from '../figures';
import { nearLinkFraction, type Rule } from '../rule';
import type { Verdict } from '../../contract/verdict';
import type { RateUnit } from '../../util/units';

/**
 * The network runs near its link rate and the disks keep up: a faster link is the only way up.
 * Judged for each direction on its own, like with like: uploads against the disks' writes,
 * downloads against their reads.
 */
export const networkLimit: Rule = (figures, { unit }) => {
  const link = pathLink(figures);
  const best = bestNetworkRate(figures);
  // On Wi-Fi the Wi-Fi rule speaks: its link rate says little about what it carries.
  if (!best || figures.clientLink?.type === 'wifi') return [];
  if (figures.clientLink?.type === 'virtual') return slowerThanTheDisks(figures, unit);
  if (!link) return [];
  const nearLink = directions(figures).filter(
    ({ network, disk }) =>
      network.bitsPerSecond >= nearLinkFraction * link.bitsPerSecond &&
      // A single-queue read slower than a deeper one limits no copy: each direction's disks at their best.
      (!disk || disk.bytesPerSecond * 8 >= nearLinkFraction * network.bitsPerSecond),
  );
  const top = [...nearLink].sort((a, b) => b.network.bitsPerSecond - a.network.bitsPerSecond)[0];
  if (!top) return [];
  const goodput = goodputBytesPerSecond(link.bitsPerSecond, link.mtu);
  const percent = utilisationPercent(top.network.bitsPerSecond, link.bitsPerSecond);
  const disks = nearLink.flatMap(({ disk }) => (disk ? [`${disk.test}: ${rate(disk.bytesPerSecond, unit)}`] : []));
  const disksWords =
    disks.length > 0 ? `the NAS's disks are faster (${disks.join('; ')})` : 'the disks were not measured in this run';
  return [
    {
      id: 'network-limit',
      severity: 'info',
      text:
        `Your network is the limit${forCopies(nearLink)} (${link.short} ≈ ${rate(goodput, unit)} after overhead): ` +
        `${bitRate(top.network.bitsPerSecond, unit)} ${top.network.words} is ${formatPercent(percent)} of the ${link.name}, and ${disksWords}. ` +
        'Only a faster link would make one copy faster.',
      figures: {
        bitsPerSecond: top.network.bitsPerSecond,
        linkBitsPerSecond: link.bitsPerSecond,
        goodputBytesPerSecond: goodput,
        utilisationPercent: percent,
        ...(top.disk ? { diskBytesPerSecond: top.disk.bytesPerSecond } : {}),
      },
      limit: { part: 'link', ops: nearLink.map(({ op }) => op) },
    },
  ];
};

interface Direction {
  op: 'write' | 'read';
  network: { bitsPerSecond: number; words: string };
  /** The disks' best figure of that operation, when measured. */
  disk: DiskFigure | undefined;
}

/** Each direction the network was measured in (several streams at once stand for both), with its disks. */
function directions(figures: Figures): Direction[] {
  const { multiLink } = figures.network;
  const disks = bestDisksByOp(figures);
  return (['write', 'read'] as const).flatMap((op) => {
    const network =
      networkFor(figures, op) ??
      (multiLink
        ? { bitsPerSecond: multiLink.bitsPerSecond, words: `with ${multiLink.streams} streams at once` }
        : null);
    return network ? [{ op, network, disk: disks.find((disk) => disk.op === op) }] : [];
  });
}

/** " for copies to the NAS" when the finding holds one way only; nothing when it holds both ways. */
function forCopies(held: readonly Direction[]): string {
  if (held.length !== 1) return '';
  return held[0]?.op === 'write' ? ' for copies to the NAS' : ' for copies from the NAS';
}

/**
 * A virtual link (a VM's, a container's, a test lab's veth) reports a made-up speed (a veth always
 * says 10 Gb/s), so how near the network runs to its link cannot be told. The disks still can: in a
 * direction where the disks' figure of that operation is well above what the network carried, the
 * network is what holds copies back.
 */
function slowerThanTheDisks(figures: Figures, unit: RateUnit): Verdict[] {
  const slower = directions(figures).flatMap(({ op, network, disk }) =>
    disk && network.bitsPerSecond < nearLinkFraction * disk.bytesPerSecond * 8 ? [{ op, network, disk }] : [],
  );
  // The figures are the fastest direction's, as when the network is set against the link.
  const first = [...slower].sort((a, b) => b.network.bitsPerSecond - a.network.bitsPerSecond)[0];
  if (!first) return [];
  const reported = figures.clientLink?.bitsPerSecond;
  const each = slower.map(({ op, network, disk }) => {
    const percent = utilisationPercent(network.bitsPerSecond, disk.bytesPerSecond * 8);
    return (
      `${bitRate(network.bitsPerSecond, unit)} ${network.words}, while the NAS's disks ${op === 'write' ? 'write' : 'read'} ` +
      `faster (${disk.test}: ${rate(disk.bytesPerSecond, unit)}; the network carried ${formatPercent(percent)} of that)`
    );
  });
  return [
    {
      id: 'network-limit',
      severity: 'info',
      text:
        `Your network is the limit${forCopies(slower)}: ${each.join('; ')}. ` +
        `This computer reaches the NAS over a virtual link${reported ? ` (it reports ${linkName(reported, 'virtual')}, a placeholder)` : ''}, ` +
        'so the path has no known rate: only a faster network path would make copies faster.',
      figures: {
        bitsPerSecond: first.network.bitsPerSecond,
        diskBytesPerSecond: first.disk.bytesPerSecond,
        percentOfDisk: utilisationPercent(first.network.bitsPerSecond, first.disk.bytesPerSecond * 8),
      },
      limit: { part: 'network', ops: slower.map(({ op }) => op) },
    },
  ];
}

/** The operations a network figure speaks for: writes when uploads were measured, reads when downloads were. */
export function measuredOps(figures: Figures): ('read' | 'write')[] {
  const { upload, download, multiLink } = figures.network;
  return [...(upload || multiLink ? (['write'] as const) : []), ...(download || multiLink ? (['read'] as const) : [])];
}
