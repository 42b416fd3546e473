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
  const policy = nasBond?.hashPolicy;
  const policyWords =
    policy === 'layer2'
      ? 'Its hash policy is layer2, which sends all traffic between two machines down one leg: set xmit_hash_policy to layer2+3 (or layer3+4)'
      : `Check the bond's hash policy${policy ? ` (now ${policy})` : ''}: layer2+3 or layer3+4 spread by address`;
  return [
    {
      id: 'bond-not-spreading',
      severity: 'problem',
      text:
        `The bond is not spreading your streams: ${together}, ` +
        (single
          ? `no more than one stream (${bitRate(single, unit)})`
          : `no more than one ${linkName(leg ?? 0)} leg carries`) +
        `. ${policyWords}, and give each stream its own address pair (a second address on each side).`,
      figures: {
        bitsPerSecond: multi.bitsPerSecond,
        ...(single ? { singleStreamBitsPerSecond: single } : {}),
        ...(leg ? { legBitsPerSecond: leg, utilisationPercent: utilisationPercent(multi.bitsPerSecond, leg) } : {}),
      },
    },
  ];
};
