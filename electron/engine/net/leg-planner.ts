import type { NasFacts } from '../../../shared/contract/probe';

export interface PlannedLeg {
  target: string;
  bindAddress: string;
  /** Names the user will recognise: "nbh-a → eth0". */
  label: string;
}

export interface LinkPlan {
  legs: PlannedLeg[];
  /** Plain words: what the plan does and what the NAS's bond settings mean for it. */
  notes: string[];
}

/** The legs a bonded-link plan tests: the planner's, or the user's, whose legs may leave the local address to the system. */
export interface LinkLegs {
  legs: (Omit<PlannedLeg, 'bindAddress'> & { bindAddress?: string })[];
  notes: string[];
}

/** Which local interface and address this computer would use to reach an address. */
export type RouteLookup = (address: string) => Promise<{ interface: string | null; localAddress: string | null }>;

const ignoredInterfaces = /^(lo|docker|veth|br-|virbr|tun|tap|wg|zt|tailscale)/i;

/**
 * Proposes the legs of a multi-link (bonded) test: one leg per distinct pair of local and NAS
 * addresses that leave this computer through different interfaces, as in the TerraMaster F4-223 write-up's test of a
 * bonded pair (two client addresses, two iperf3 servers, one stream each). Each leg gets its own
 * server port when it runs, which also spreads streams under a layer3+4 hash.
 */
export async function planLinkLegs(nas: NasFacts, routeFor: RouteLookup): Promise<LinkPlan> {
  const candidates = nas.interfaces
    .filter((link) => link.state !== 'down' && !ignoredInterfaces.test(link.name))
    .flatMap((link) => link.addresses.filter(isIPv4).map((address) => ({ link: link.name, address })));
  const legs: PlannedLeg[] = [];
  const usedLocal = new Set<string>();
  for (const candidate of candidates) {
    const route = await routeFor(candidate.address).catch(() => ({ interface: null, localAddress: null }));
    if (!route.localAddress || !route.interface || usedLocal.has(route.interface)) continue;
    usedLocal.add(route.interface);
    legs.push({
      target: candidate.address,
      bindAddress: route.localAddress,
      label: `${route.interface} → ${candidate.link}`,
    });
  }
  return { legs, notes: [...legNotes(legs), ...bondNotes(nas)] };
}

/**
 * The legs the user gave: each NAS address of a bond from this computer's one address (no
 * bindAddress), or each from its own local address. Labelled in the user's terms.
 */
export function givenLinkLegs(
  nas: NasFacts,
  given: readonly { target: string; bindAddress?: string | undefined }[],
): LinkLegs {
  const legs = given.map((leg) => ({
    target: leg.target,
    ...(leg.bindAddress ? { bindAddress: leg.bindAddress } : {}),
    label: `${leg.bindAddress ?? 'this computer'} → ${leg.target}`,
  }));
  const fromOne = legs.every((leg) => !leg.bindAddress);
  return {
    legs,
    notes: [
      fromOne
        ? `${legs.length} NAS addresses, each its own leg, from this computer's one address: as a NAS bond with an address per link is tested from one adapter.`
        : `${legs.length} links, each from its own address on this computer: one stream per link.`,
      ...bondNotes(nas),
    ],
  };
}

function legNotes(legs: PlannedLeg[]): string[] {
  if (legs.length >= 2) {
    return [`${legs.length} links found, each reached from its own address on this computer: one stream per link.`];
  }
  return [
    'Only one path between this computer and the NAS was found, so a multi-link test can only show one link. ' +
      'A bond adds up only across several connections with different addresses (or ports, with a layer3+4 hash).',
  ];
}

/** What the bond's mode and hash policy mean for spreading streams (../shared/facts/nas-platforms.md). */
export function bondNotes(nas: NasFacts): string[] {
  return nas.bonds.map((bond) => {
    const name = `${bond.name} (${bond.slaves.length} links)`;
    if (bond.mode !== '802.3ad') {
      return bond.mode === 'balance-alb' || bond.mode === 'balance-tlb'
        ? `${name} uses ${bond.mode}: it balances by client, so one computer usually gets one link's speed.`
        : `${name} uses ${bond.mode ?? 'an unknown mode'}: it may not add up for a single computer.`;
    }
    switch (bond.hashPolicy) {
      case 'layer2':
        return `${name} is LACP with the layer2 hash: every connection between one computer and the NAS takes the same link. Only traffic from computers with different network adapters can add up; set the hash policy to layer2+3 or layer3+4 to spread one computer's streams.`;
      case 'layer2+3':
        return `${name} is LACP with the layer2+3 hash: streams spread only when their address pairs differ, so each test stream starts from its own local address.`;
      case 'layer3+4':
        return `${name} is LACP with the layer3+4 hash: streams spread by port too, so several streams (each leg has its own server port) can use several links.`;
      default:
        return `${name} is LACP; its hash policy is not known, so streams may or may not spread.`;
    }
  });
}

function isIPv4(address: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(address);
}
