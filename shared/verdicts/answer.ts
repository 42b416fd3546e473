import { formatRate, type RateUnit } from '../util/units';
import { explainFigures, type Figures } from '.';
import type { Verdict } from '../contract/verdict';
import { farBelowFraction } from './rules/protocol-limit';
import { goodputBytesPerSecond, pathLink } from './links';

/**
 * The answer a run opens with (#34): one sentence per direction a user can repeat — what copying
 * files to and from this NAS over this connection gives, whether that is good for the link, and the
 * one part that holds it back. Pure: figures in, sentences out.
 *
 * The ranking rule compares like with like: writes with uploads, reads with downloads.
 * - What copying gives: the share copy of that direction when one was measured; else the lower of
 *   the network in that direction and the disks' best sequential figure of that operation (a copy
 *   cannot outrun either); else whichever of the two was measured.
 * - The limit: the part the verdicts' ranking gave that direction (verdicts/index.ts, oneLimitEach:
 *   the NAS's processor, the file-sharing protocol, the disks, Wi-Fi, the network, the link), so the
 *   answer and the verdicts below it never disagree. Where no verdict claimed it: the file-sharing
 *   protocol when the share copy ran under half of both the network and the disks, else the lower of
 *   the network and the disks — a network within 90% of what the link can carry being the link,
 *   working as it should. With one part measured, the answer says the other was not.
 */
export interface DirectionAnswer {
  direction: 'to-nas' | 'from-nas';
  bytesPerSecond: number;
  /** Where the figure comes from. */
  from: 'share-copy' | 'network-and-disks' | 'network' | 'disks';
  /** The one part that limits it; null when only one part was measured and it is not the link. */
  limit: NonNullable<Verdict['limit']>['part'] | null;
  /** The rate as a share of what the link can carry (its goodput), when the link's speed is known. */
  linkPercent: number | null;
  text: string;
}

/** Under this share of both network and disks, a share copy is held back by the protocol (as protocol-limit's). */
const protocolShare = farBelowFraction;
/** Within this share of the link's goodput, the network is the link itself. */
const linkShare = 0.9;

interface Parts {
  network: number | null;
  disks: { bytesPerSecond: number; test: string } | null;
  share: { bytesPerSecond: number; label: string; protocol: string | null } | null;
}

function partsOf(figures: Figures, op: 'write' | 'read'): Parts {
  const bits = op === 'write' ? figures.network.upload : figures.network.download;
  const disks = figures.disks.filter((disk) => disk.op === op).sort((a, b) => b.bytesPerSecond - a.bytesPerSecond)[0];
  const share = figures.share.filter((copy) => copy.op === op).sort((a, b) => b.bytesPerSecond - a.bytesPerSecond)[0];
  return {
    network: bits ? bits / 8 : null,
    disks: disks ? { bytesPerSecond: disks.bytesPerSecond, test: disks.test } : null,
    share: share
      ? { bytesPerSecond: share.bytesPerSecond, label: share.label, protocol: share.protocol ?? null }
      : null,
  };
}

/** One answer per direction something was measured in: to the NAS first. */
export function answersOf(figures: Figures, connection: string | null, unit: RateUnit): DirectionAnswer[] {
  const link = pathLink(figures);
  const ceiling = link ? goodputBytesPerSecond(link.bitsPerSecond, link.mtu) : null;
  const claims = explainFigures(figures, { unit }).flatMap((verdict) => (verdict.limit ? [verdict.limit] : []));
  return (['write', 'read'] as const).flatMap((op) => {
    const parts = partsOf(figures, op);
    const own = answerFor(parts, ceiling);
    if (!own) return [];
    const claimed = claims.find((claim) => claim.ops.includes(op))?.part;
    const found = claimed ? { ...own, limit: claimed } : own;
    const direction = op === 'write' ? ('to-nas' as const) : ('from-nas' as const);
    const linkPercent = ceiling ? (found.bytesPerSecond / ceiling) * 100 : null;
    const answer = { ...found, direction, linkPercent };
    return [{ ...answer, text: sentence(answer, parts, connection, link?.name ?? null, unit) }];
  });
}

type Found = Pick<DirectionAnswer, 'bytesPerSecond' | 'from' | 'limit'>;

function answerFor(parts: Parts, ceiling: number | null): Found | null {
  const { network, disks, share } = parts;
  const lower = lowerPart(network, disks?.bytesPerSecond ?? null);
  const networkLimit = ceiling && network !== null && network >= linkShare * ceiling ? 'link' : 'network';
  if (share) {
    const slowerThanBoth = lower !== null && share.bytesPerSecond < protocolShare * lower.bytesPerSecond;
    const limit = slowerThanBoth ? 'file-sharing' : lower?.part === 'network' ? networkLimit : (lower?.part ?? null);
    return { bytesPerSecond: share.bytesPerSecond, from: 'share-copy', limit };
  }
  if (!lower) return null;
  const both = network !== null && disks !== null;
  const limit =
    lower.part === 'network' ? (both || networkLimit === 'link' ? networkLimit : null) : both ? 'disks' : null;
  return { bytesPerSecond: lower.bytesPerSecond, from: both ? 'network-and-disks' : lower.part, limit };
}

function lowerPart(network: number | null, disks: number | null) {
  const known = [
    ...(network !== null ? [{ part: 'network' as const, bytesPerSecond: network }] : []),
    ...(disks !== null ? [{ part: 'disks' as const, bytesPerSecond: disks }] : []),
  ];
  return known.sort((a, b) => a.bytesPerSecond - b.bytesPerSecond)[0] ?? null;
}

/** The limit in words; "less than the link should" only where the link's rate is known. */
function limitWords(part: NonNullable<DirectionAnswer['limit']>, linkKnown: boolean): string {
  const words: Record<NonNullable<DirectionAnswer['limit']>, string> = {
    'nas-processor': 'the NAS’s processor is the limit',
    wifi: 'Wi-Fi is the limit',
    link: 'the link itself is the limit, and it is used well',
    network: linkKnown ? 'the network is the limit: it carries less than the link should' : 'the network is the limit',
    disks: 'the NAS’s disks are the limit',
    'file-sharing': 'the file-sharing protocol is the limit: the copy ran well below both the network and the disks',
  };
  return words[part];
}

function sentence(
  answer: Omit<DirectionAnswer, 'text'>,
  { network, disks, share }: Parts,
  connection: string | null,
  linkName: string | null,
  unit: RateUnit,
): string {
  const rate = (bytesPerSecond: number) => formatRate(bytesPerSecond, unit);
  const over = connection ? ` over ${connection}` : '';
  const toNas = answer.direction === 'to-nas';
  const limit = answer.limit ? `; ${limitWords(answer.limit, answer.linkPercent !== null)}` : '';
  // A plan that measured one part makes no claim about copies, which need both.
  if (answer.from === 'disks')
    return (
      `The NAS’s disks alone can ${toNas ? 'write' : 'read'} about ${rate(answer.bytesPerSecond)} (${disks?.test ?? 'disk test'}); ` +
      `copies ${toNas ? 'to' : 'from'} the NAS also depend on the network, not measured in this run${limit}.`
    );
  const good =
    answer.linkPercent !== null && linkName
      ? `, ${Math.round(answer.linkPercent)}% of what the ${linkName} can carry`
      : '';
  if (answer.from === 'network')
    return (
      `The network carries about ${rate(answer.bytesPerSecond)} ${toNas ? 'to' : 'from'} the NAS${over}${good}; ` +
      `copies also depend on the NAS’s disks, not measured in this run${limit}.`
    );
  const what = toNas ? `Copying files to the NAS${over}` : `Copying files from the NAS${over}`;
  const source =
    answer.from === 'share-copy'
      ? `the share copy${share?.protocol ? ` over ${share.protocol}` : ''}`
      : `the lower of the network (${rate(network ?? 0)}) and the disks (${rate(disks?.bytesPerSecond ?? 0)})`;
  return `${what}: about ${rate(answer.bytesPerSecond)} (${source})${good}${limit}.`;
}
