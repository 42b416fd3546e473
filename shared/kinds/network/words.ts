import { HostName, type ProbeResult } from '../../contract/connect';
import { maxTestSeconds, secondsRange } from '../../contract/limits';
import { describeLinkSpeed, describeLinks } from '../../words/describe-nas';
import type { NetworkDirection, NetworkRunInput } from '../../contract/network';
import type { LinkType } from '../../contract/probe';
import { wholeNumber } from '../../words/whole-numbers';
import { folderProblem } from '../disk/words';
import { readSocketBuffer, readWriteSizes } from './tcp-choices';

/**
 * The network test in plain words: which links a test ran over, how much of them it used
 * ("94% of a 1 GbE link"), and what is wrong with the choices on the form. Pure, so the
 * Results screen, reports and the CLI can say the same.
 */

/** The link one leg of a test runs over, with its speed when the probe knows it. */
export interface LegLink {
  speedMbps: number | null;
  kind: LinkType;
}

export interface LegAddresses {
  target: string;
  bindAddress?: string | undefined;
}

type ProbeFacts = Pick<ProbeResult, 'nas' | 'client'>;

/**
 * A leg is as fast as the slower end: the NAS interface holding the target address, and this
 * computer's interface when the leg leaves through the route the probe looked at (the one to
 * the address we connected to). Other local interfaces were not probed, so they count as unknown.
 */
export function legLink(leg: LegAddresses, probe: ProbeFacts, connectedHost: string): LegLink {
  const nasSide = probe.nas.interfaces.find((iface) => iface.addresses.includes(leg.target))?.speedMbps ?? null;
  const { route } = probe.client;
  const viaProbedRoute = leg.bindAddress ? leg.bindAddress === route.localAddress : leg.target === connectedHost;
  const speeds = [nasSide, viaProbedRoute ? route.speedMbps : null].filter(
    (speed): speed is number => speed !== null && Number.isFinite(speed) && speed > 0,
  );
  return { speedMbps: speeds.length > 0 ? Math.min(...speeds) : null, kind: viaProbedRoute ? route.type : 'ethernet' };
}

const linkNouns: Partial<Record<LinkType, string>> = { wifi: 'Wi-Fi link', thunderbolt: 'Thunderbolt link' };

/** "an 800 Mb/s link" but "a 1 GbE link": by the sound of the number. */
const article = (spoken: string) => (/^(8|11(?!\d)|18(?!\d))/.test(spoken) ? 'an' : 'a');

/**
 * How much of the links' rated speed a figure is: "94% of a 1 GbE link", "47% of 2 × 1 GbE links".
 * Both directions at once can carry twice the rated speed (links are full duplex), so that is the
 * yardstick then. Null when any link's speed is unknown: a guess would mislead more than silence.
 */
export function describeLinkUse(
  bytesPerSecond: number,
  links: readonly LegLink[],
  direction: NetworkDirection,
): string | null {
  const speeds = links.map((link) => link.speedMbps);
  if (links.length === 0 || speeds.some((speed) => speed === null || !(speed > 0))) return null;
  if (!Number.isFinite(bytesPerSecond) || bytesPerSecond < 0) return null;
  const capacityBits = speeds.reduce<number>((sum, speed) => sum + (speed ?? 0), 0) * 1e6;
  const percent = Math.round(((bytesPerSecond * 8) / (capacityBits * (direction === 'bidir' ? 2 : 1))) * 100);

  const names = links.map((link) => describeLinkSpeed(link.speedMbps, link.kind));
  const nouns = links.map((link) => linkNouns[link.kind] ?? 'link');
  const noun = new Set(nouns).size === 1 ? (nouns[0] ?? 'link') : 'link';
  let what: string;
  if (links.length === 1) what = `${article(names[0] ?? '')} ${names[0]} ${noun}`;
  else if (new Set(names).size === 1) what = `${links.length} × ${names[0]} ${noun}s`;
  else if (new Set(speeds).size === 1) {
    // One speed told two ways ("10 GbE" and a virtual "10 Gb/s"): the figure is what matters here.
    what = `${links.length} × ${describeLinkSpeed(speeds[0] ?? null, 'virtual')} ${noun}s`;
  } else what = `${names.join(' + ')} links together`;

  const both = direction === 'bidir' ? ', both directions counted' : '';
  if (percent > 100) return `more than ${what} is rated for${both}: check the link speed the NAS reports`;
  return `${percent}% of ${what}${both}`;
}

/** The mean of a line's readings; null when it has none. */
export function averageRate(samples: readonly { value: number }[]): number | null {
  if (samples.length === 0) return null;
  return samples.reduce((sum, sample) => sum + sample.value, 0) / samples.length;
}

export interface NasAddressChoice {
  address: string;
  /** "198.18.1.2 (nbn-a, 10 GbE)" */
  label: string;
}

/**
 * The NAS addresses a leg can be aimed at: the addresses of its real links, not of containers
 * or tunnels, and not link-local IPv6 (which needs a zone this computer's side would have to name).
 */
export function nasAddressChoices(nas: ProbeResult['nas']): NasAddressChoice[] {
  const { hidden } = describeLinks(nas);
  return nas.interfaces
    .filter((iface) => !hidden.includes(iface.name) && iface.state !== 'down')
    .flatMap((iface) =>
      iface.addresses
        .filter((address) => !/^(127\.|::1$|fe80:)/i.test(address))
        .map((address) => ({
          address,
          label: `${address} (${iface.name}, ${describeLinkSpeed(iface.speedMbps)})`,
        })),
    );
}

export interface LegChoice {
  nasAddress: string;
  localAddress: string;
}

/**
 * A starting point for a multi-link test: the address we connected to, sent from the local
 * address that already reaches it, then the NAS's next address with the route left to the system.
 */
export function suggestedLegs(connectedHost: string, probe: ProbeFacts | null): LegChoice[] {
  const first = { nasAddress: connectedHost, localAddress: probe?.client.route.localAddress ?? '' };
  const next = probe ? nasAddressChoices(probe.nas).find((choice) => choice.address !== connectedHost) : undefined;
  return next ? [first, { nasAddress: next.address, localAddress: '' }] : [first];
}

export interface NetworkTestChoices {
  direction: NetworkDirection;
  seconds: string;
  streams: string;
  /** Null: one leg, to the address we connected to. */
  legs: readonly LegChoice[] | null;
  /** As typed, in Mb/s per stream: a UDP test at that rate (loss and jitter); absent for TCP. */
  udpMbps?: string;
  /** TCP only, as typed: the write sizes ("4k, 64k", one test each) and the NAS's socket buffer ("4M"). */
  writeSizes?: string;
  socketBuffer?: string;
  /**
   * Straight to the NAS's disks (or from them) in this folder: one TCP stream, one way, at one write
   * size, so direction, streams, legs and UDP are not asked for then.
   */
  disk?: { way: ThroughDiskWay; folder: string } | null;
}

/** To the disks: this computer sends and the NAS writes; from the disks: the NAS reads and sends. */
export type ThroughDiskWay = NonNullable<NetworkRunInput['disk']>['way'];

/** The fastest UDP rate the form offers per stream, in Mb/s (a 100 GbE link). */
export const maxUdpMbps = 100_000;

export interface NetworkTestProblems {
  seconds?: string;
  streams?: string;
  udpMbps?: string;
  writeSizes?: string;
  socketBuffer?: string;
  folder?: string;
  legs?: { nasAddress?: string; localAddress?: string }[];
}

/** The most parallel streams the form offers; beyond that a home link only gains overhead. */
export const maxStreamsOffered = 16;

const addressProblem = (address: string, empty: string | undefined): string | undefined => {
  if (address.trim() === '') return empty;
  return HostName.safeParse(address.trim()).success ? undefined : 'An address has only letters, digits, . : and -.';
};

/** The form's choices as the engine's input, or what to fix, worded for the field it belongs to. */
export function checkNetworkTestChoices(
  choices: NetworkTestChoices,
  sessionId: string,
): { input: NetworkRunInput; problems?: undefined } | { problems: NetworkTestProblems; input?: undefined } {
  if (choices.disk) return checkThroughDiskChoices({ ...choices, disk: choices.disk }, sessionId);
  const seconds = wholeNumber(choices.seconds, 1, maxTestSeconds);
  const streams = wholeNumber(choices.streams, 1, maxStreamsOffered);
  const udpMbps = choices.udpMbps === undefined ? undefined : wholeNumber(choices.udpMbps, 1, maxUdpMbps);
  const tcp = udpMbps === undefined ? checkTcpFields(choices) : { input: {}, problems: {} };
  const legProblems = (choices.legs ?? []).map((leg) => {
    const nasAddress = addressProblem(leg.nasAddress, 'Type the NAS address to send to.');
    const localAddress = addressProblem(leg.localAddress, undefined);
    return { ...(nasAddress && { nasAddress }), ...(localAddress && { localAddress }) };
  });
  const problems: NetworkTestProblems = {
    ...(seconds === null && { seconds: `Enter ${secondsRange}.` }),
    ...(streams === null && { streams: `Enter a whole number of streams from 1 to ${maxStreamsOffered}.` }),
    ...(udpMbps === null && { udpMbps: `Enter a whole number of Mb/s from 1 to ${maxUdpMbps}.` }),
    ...tcp.problems,
    ...(legProblems.some((leg) => Object.keys(leg).length > 0) && { legs: legProblems }),
  };
  if (seconds === null || streams === null || udpMbps === null || Object.keys(problems).length > 0) return { problems };
  const legs = (choices.legs?.length ? choices.legs : undefined)?.map((leg) => ({
    target: leg.nasAddress.trim(),
    ...(leg.localAddress.trim() && { bindAddress: leg.localAddress.trim() }),
  }));
  const udp = udpMbps === undefined ? undefined : { bitsPerSecond: udpMbps * 1e6, datagramBytes: 1460 };
  return {
    input: {
      sessionId,
      direction: choices.direction,
      seconds,
      streams,
      ...(legs && { legs }),
      ...(udp && { udp }),
      ...tcp.input,
    },
  };
}

/** Through the disks: the way sets the direction; one stream to the address logged in at, at one write size. */
function checkThroughDiskChoices(
  choices: NetworkTestChoices & { disk: { way: ThroughDiskWay; folder: string } },
  sessionId: string,
): { input: NetworkRunInput; problems?: undefined } | { problems: NetworkTestProblems; input?: undefined } {
  const seconds = wholeNumber(choices.seconds, 1, maxTestSeconds);
  const folder = choices.disk.folder.trim();
  const folderTrouble = folderProblem(folder);
  const tcp = checkTcpFields(choices);
  const problems: NetworkTestProblems = {
    ...(seconds === null && { seconds: `Enter ${secondsRange}.` }),
    ...(folderTrouble && { folder: folderTrouble }),
    ...tcp.problems,
    ...((tcp.input.lengths?.length ?? 0) > 1 && {
      writeSizes: 'Straight to the disks the test runs at one write size: give one size, or test the network alone.',
    }),
  };
  if (seconds === null || Object.keys(problems).length > 0) return { problems };
  const direction = choices.disk.way === 'to-disk' ? 'upload' : 'download';
  return {
    input: { sessionId, direction, seconds, streams: 1, disk: { folder, way: choices.disk.way }, ...tcp.input },
  };
}

/** The write sizes and socket buffer as the contract takes them, or what is wrong with them. */
function checkTcpFields(choices: Pick<NetworkTestChoices, 'writeSizes' | 'socketBuffer'>): {
  input: Pick<NetworkRunInput, 'lengths' | 'windowBytes'>;
  problems: Pick<NetworkTestProblems, 'writeSizes' | 'socketBuffer'>;
} {
  const sizes = readWriteSizes(choices.writeSizes ?? '');
  const buffer = readSocketBuffer(choices.socketBuffer ?? '');
  return {
    input: { ...(sizes.value && { lengths: sizes.value }), ...(buffer.value && { windowBytes: buffer.value }) },
    problems: {
      ...(sizes.problem && { writeSizes: sizes.problem }),
      ...(buffer.problem && { socketBuffer: buffer.problem }),
    },
  };
}
