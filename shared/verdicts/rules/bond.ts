import { bitRate, formatPercent, linkName, utilisationPercent } from '../links';
import type { Rule } from '../rule';

/** Streams spread over two legs make clearly more than one; within 20% of one stream, they shared a leg. */
const spreadRatio = 1.2;
/** A little over one leg's raw rate is measurement noise; well over it needs a second leg. */
const oneLegMargin = 1.05;

/**
 * The bonded-link test: several streams from several address pairs at once. Either they add up
 * (more than one stream, or one leg, can carry), or the bond hashed them all onto one leg.
 */
export const bond: Rule = (figures, { unit }) => {
  const multi = figures.network.multiLink;
  if (!multi || multi.streams < 2) return [];
  const single = figures.network.singleStream;
  const nasBond = figures.nasLink?.bond ?? null;
  const leg = nasBond && nasBond.legs > 1 ? nasBond.legBitsPerSecond : null;
  const together = `${multi.streams} streams together made ${bitRate(multi.bitsPerSecond, unit)}`;

  if (single ? multi.bitsPerSecond >= spreadRatio * single : leg && multi.bitsPerSecond > oneLegMargin * leg) {
    const bondBits = nasBond && leg ? nasBond.legs * leg : null;
    const percent = bondBits ? utilisationPercent(multi.bitsPerSecond, bondBits) : null;
    return [
      {
        id: 'bond-adds-up',
        severity: 'info',
        text:
          `The bond adds up: ${together}` +
          (nasBond && leg && percent !== null
            ? `, ${formatPercent(percent)} of the ${nasBond.legs} × ${linkName(leg)} bond`
            : '') +
          (single
            ? `, against ${bitRate(single, unit)} for one stream.`
            : `, more than one ${linkName(leg ?? 0)} leg can carry.`),
        figures: {
          bitsPerSecond: multi.bitsPerSecond,
          ...(single ? { singleStreamBitsPerSecond: single } : {}),
          ...(bondBits ? { bondBitsPerSecond: bondBits } : {}),
          ...(percent !== null ? { utilisationPercent: percent } : {}),
        },
      },
    ];
  }

  // Without one stream's figure, only a client that could exceed one leg tells a stuck bond apart.
  const clientBits = figures.clientLink?.bitsPerSecond ?? null;
  const stuck = single
    ? multi.bitsPerSecond < spreadRatio * single
    : leg !== null &&
      multi.bitsPerSecond <= oneLegMargin * leg &&
      (clientBits === null || clientBits > oneLegMargin * leg);
  if (!stuck) return [];
  const policyWords = whichEndWords(multi.direction, nasBond?.hashPolicy ?? null, figures.clientLink?.bond ?? null);
  return [
    {
      id: 'bond-not-spreading',
      severity: 'problem',
      text:
        `The bond is not spreading your streams: ${together}, ` +
        (single
          ? `no more than one stream (${bitRate(single, unit)})`
          : `no more than one ${linkName(leg ?? 0)} leg carries`) +
        `. ${policyWords} Give each stream its own address pair (a second address on each side).`,
      figures: {
        bitsPerSecond: multi.bitsPerSecond,
        ...(single ? { singleStreamBitsPerSecond: single } : {}),
        ...(leg ? { legBitsPerSecond: leg, utilisationPercent: utilisationPercent(multi.bitsPerSecond, leg) } : {}),
      },
    },
  ];
};

/**
 * The end whose setting keeps the legs from adding up: a bond chooses the link only for what it sends
 * (the kernel's bonding.rst, xmit_hash_policy). What the NAS sends, its bond spreads; what this computer
 * sends, its own bond does, and the switch then picks the NAS's port. A run without its direction (a
 * typed-in seed) gets the NAS's setting, as before.
 */
function whichEndWords(
  direction: string | undefined,
  nasPolicy: string | null,
  clientBond: { name: string; hashPolicy: string | null; mode: string | null } | null,
): string {
  const spreadBy = 'layer2+3 or layer3+4 spread by address';
  if (direction === 'upload') {
    if (clientBond?.hashPolicy === 'layer2')
      return `This computer sends here, so its own bond ${clientBond.name} picks the link for each stream, and its hash policy is layer2, which sends everything to one NAS down one link: set its xmit_hash_policy to layer2+3 or layer3+4.`;
    const own = clientBond
      ? `This computer's bond ${clientBond.name} (${clientBond.mode ?? 'mode unknown'}${clientBond.hashPolicy ? `, ${clientBond.hashPolicy}` : ''}) picks its own link for each stream; then the switch`
      : 'This computer sends here, so the switch';
    return `${own} picks the NAS's port: check the switch's load-balancing setting for the NAS's ports (${spreadBy}); the NAS's own hash policy spreads only what it sends.`;
  }
  const nas = direction === 'download' ? 'The NAS sends here, so its bond picks the link for each stream. ' : '';
  return nasPolicy === 'layer2'
    ? `${nas}Its hash policy is layer2, which sends all traffic between two machines down one leg: set xmit_hash_policy to layer2+3 (or layer3+4).`
    : `${nas}Check the bond's hash policy${nasPolicy ? ` (now ${nasPolicy})` : ''}: ${spreadBy}.`;
}
