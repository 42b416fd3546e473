import type { LinkCheck, LinkFinding, LinkType } from '../contract/probe';
import { describeLinkSpeed } from './describe-nas';

/** Both ends of the link as the probe read them, before anything is judged. */
export type LinkEnds = Omit<LinkCheck, 'findings'> & { clientType: LinkType };

/**
 * What the two ends of the link disagree on, in plain words. A different MTU at each end is the
 * classic jumbo-frame mistake: TCP agrees on the smaller size and copes, but anything larger that
 * one end sends (UDP, NFS over UDP, a switch port left at 1500) is dropped without a word.
 */
export function linkFindings(ends: LinkEnds): LinkFinding[] {
  const findings: LinkFinding[] = [];
  const { nasMtu, clientMtu, pathMtu } = ends;
  const nas = ends.nasInterface ? `the NAS's ${ends.nasInterface}` : 'the NAS';
  const client = ends.clientInterface ? `this computer's ${ends.clientInterface}` : 'this computer';
  if (nasMtu !== null && clientMtu !== null && nasMtu !== clientMtu) {
    const [big, bigMtu, small, smallMtu] =
      nasMtu > clientMtu ? [nas, nasMtu, client, clientMtu] : [client, clientMtu, nas, nasMtu];
    findings.push({
      id: 'mtu-mismatch',
      severity: 'warn',
      text:
        `${capitalise(big)} uses ${bigMtu > 1500 ? 'jumbo frames ' : ''}(MTU ${bigMtu}) but ${small} uses ${smallMtu}. ` +
        'TCP settles on the smaller size, but any larger packet is dropped on the way (UDP, NFS over UDP): ' +
        `set the same MTU at both ends and on the switch between them; ${smallMtu} everywhere is the safe choice.`,
    });
  } else if (pathMtu !== null && nasMtu !== null && pathMtu < nasMtu) {
    findings.push({
      id: 'path-mtu-below-ends',
      severity: 'warn',
      text:
        `Both ends use MTU ${nasMtu}, but only packets up to ${pathMtu} bytes got from the NAS to this computer: ` +
        'something between them (often a switch port or a router) has a smaller MTU. Large transfers can stall; ' +
        `set that device to ${nasMtu} too, or both ends to ${pathMtu}.`,
    });
  }
  findings.push(...negotiationFindings(ends, nas));
  if (ends.clientDuplex === 'half') findings.push(halfDuplex(client));
  if (ends.clientType === 'virtual') {
    const speed = ends.clientSpeedMbps
      ? `its reported speed (${describeLinkSpeed(ends.clientSpeedMbps, 'virtual')}) is a placeholder`
      : 'it has no real speed';
    findings.push({
      id: 'virtual-link',
      severity: 'info',
      text:
        `This computer reaches the NAS over a virtual link (${ends.clientInterface ?? 'an unknown interface'}): ` +
        `${speed}, so no speed limit is taken from it.`,
    });
  }
  return findings;
}

/**
 * The NAS's port agreed on less than it can do, or on half duplex. Which end held it back decides
 * what to check: the other end offered no more (a slower switch port or computer), this port did not
 * offer its best (a driver or setting), or both offered more and still settled lower (the cable:
 * 2.5 and 5 Gb/s want Cat 5e or better and all four pairs; gigabit falls back to 100 Mb/s on two).
 */
function negotiationFindings(ends: LinkEnds, nas: string): LinkFinding[] {
  const offered = ends.nasNegotiation;
  const speed = ends.nasSpeedMbps;
  if (!offered || speed === null) return [];
  const findings: LinkFinding[] = [];
  const best = offered.supportedMbps;
  if (best !== null && best > speed) {
    const agreed = `${nas} agreed on ${describeLinkSpeed(speed, 'ethernet')} but supports ${describeLinkSpeed(best, 'ethernet')}`;
    let why: string;
    if (offered.partnerMbps !== null && offered.partnerMbps < best) {
      why =
        `the other end (the switch port or computer it plugs into) offers at most ` +
        `${describeLinkSpeed(offered.partnerMbps, 'ethernet')}: a faster switch port would lift it`;
    } else if (offered.advertisedMbps !== null && offered.advertisedMbps < best) {
      why =
        `the port itself does not offer ${describeLinkSpeed(best, 'ethernet')} (its driver or a speed setting on ` +
        'the NAS holds it back): check the NAS’s network settings for a fixed speed';
    } else {
      why = 'check the cable (Cat 5e or better, all four pairs) and the switch port';
    }
    findings.push({ id: 'speed-below-capability', severity: 'warn', text: `${capitalise(agreed)}: ${why}.` });
  }
  if (offered.duplex === 'half') findings.push(halfDuplex(nas));
  return findings;
}

/** Either end of a cable at half duplex: the classic result of one end set to a fixed speed. */
function halfDuplex(end: string): LinkFinding {
  return {
    id: 'half-duplex',
    severity: 'problem',
    text:
      `${capitalise(end)} runs at half duplex: it cannot send and receive at once, so copies crawl and stall. ` +
      'Usually one end is set to a fixed speed and the other negotiates: set both to automatic.',
  };
}

function capitalise(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}
