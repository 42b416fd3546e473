import { describeSession } from './share-session';
import { shareName, type CopyRunDetails } from '../../contract/copy';
import type { SharePath } from '../../contract/figure-quality';
import type { ClientFacts } from '../../contract/probe';
import type { RunConnection } from '../../contract/runs';
import { describeLinkKind } from '../../words/describe-nas';

/**
 * Where a share copy really went, in words (the one place that words it, for the engine's result
 * notes and plan warnings as for verdicts, reports and Results): "the share nas.local over SMB, via eth0", or "a folder
 * on this computer's own disk" — never "the share" or "your NAS" for a folder no NAS was behind. And
 * whether its traffic took the link a run was about: a share mounted over Ethernet says nothing
 * about the Wi-Fi a Compare-connections run was measuring.
 */

export type CopyPlaceKind = SharePath['kind'];

export interface CopyPlace {
  kind: CopyPlaceKind;
  /** A noun phrase for sentences: "the share nas.local over SMB, via eth0". */
  words: string;
  /** For a result heading: "Copying to and from the share nas.local over SMB, via eth0". */
  heading: string;
  /** Whether a NAS (or any server) was at the other end at all. */
  overNetwork: boolean;
  /** "SMB", "NFS": how the share was reached, when known. */
  protocol: string | null;
}

const protocolName = (protocol: string | null | undefined) => (protocol ? protocol.toUpperCase() : null);

type CopyWhere = Pick<CopyRunDetails, 'path' | 'share' | 'dir'>;

/** The run's connection as far as words need it: the name the user gave it and its interface. */
export type ConnectionNamed = Pick<RunConnection, 'name' | 'interface'> | null | undefined;

/** "Cable (eth0)" for the interface of the run's own connection, else the interface alone. */
export function interfaceWords(name: string, connection: ConnectionNamed): string {
  return connection?.interface === name ? `${connection.name} (${name})` : name;
}

/**
 * What the folder of a copy run was; older runs without `path` fall back to the mount the engine
 * named. The run's `connection` names the interface as the user does ("via Cable (eth0)").
 */
export function describeCopyPlace(details: CopyWhere, connection?: ConnectionNamed): CopyPlace {
  const { path, share } = details;
  const place = (kind: CopyPlaceKind, words: string, overNetwork: boolean, protocol: string | null): CopyPlace => ({
    kind,
    words,
    heading: `Copying to and from ${words}`,
    overNetwork,
    protocol,
  });
  if (path?.kind === 'local-disk') return place('local-disk', 'a folder on this computer’s own disk', false, null);
  if (path?.kind === 'memory') return place('memory', 'a folder in this computer’s memory (tmpfs)', false, null);
  if (path?.kind === 'network-share') {
    const protocol = protocolName(path.protocol ?? share?.protocol);
    const server = path.server ?? share?.server ?? path.serverAddress ?? 'a server';
    // The session's terms where they are known: "over SMB 3.1.1, signed, not encrypted".
    const over = path.session ? describeSession(path.session) : protocol;
    const words =
      `the share ${server}` +
      (over ? ` over ${over}` : '') +
      (path.interface ? `, via ${interfaceWords(path.interface, connection)}` : '');
    return place('network-share', words, true, protocol);
  }
  if (share) {
    // An older run: the engine found the mount, but not the route its traffic took.
    const protocol = protocolName(share.protocol);
    return place('unknown', `the share ${shareName(share)} over ${protocol}`, true, protocol);
  }
  return place('unknown', `the folder ${details.dir}`, false, null);
}

/** The link a copy's share traffic took, when it is not the link the run was about. */
export interface OtherLink {
  /** The interface the share's traffic left by ("eth0"). */
  shareInterface: string;
  /** The interface the run's own tests used ("wlan0"), and what kind of link it is. */
  runInterface: string;
  runLink: ClientFacts['route']['type'];
  /** The name the user gave the run's connection, when known: said before its interface. */
  runName?: string;
}

/**
 * The share was mounted over another interface than the one this run reached the NAS by: its copy
 * figure and the run's network figures are about different links. Null when they match, or when
 * either side's interface is not known (older runs): nothing is claimed then.
 */
export function copyOverOtherLink(
  path: SharePath | undefined,
  route: Pick<ClientFacts['route'], 'interface' | 'type'> | null | undefined,
  connection?: ConnectionNamed,
): OtherLink | null {
  if (path?.kind !== 'network-share' || !path.interface || !route?.interface) return null;
  if (path.interface === route.interface) return null;
  const runName = connection?.interface === route.interface ? connection.name : undefined;
  return {
    shareInterface: path.interface,
    runInterface: route.interface,
    runLink: route.type,
    ...(runName ? { runName } : {}),
  };
}

/** "Wi-Fi (wlan0)" by the user's name for it, else "wlan0 (Wi-Fi)", or just "wlan0" when the kind of link is not known. */
export function describeRunLink(other: Pick<OtherLink, 'runInterface' | 'runLink' | 'runName'>): string {
  if (other.runName) return `${other.runName} (${other.runInterface})`;
  return other.runLink === 'unknown'
    ? other.runInterface
    : `${other.runInterface} (${describeLinkKind(other.runLink)})`;
}

/**
 * "The share copy went over eth0, not over wlan0 (Wi-Fi) that this run's network tests used: its
 * write at 117 MB/s is not a figure of that link, …": the warning the app and reports show for such
 * a copy. `figures` are the copy's figures in words ("write at 117 MB/s"), when the caller has them.
 */
export function describeOtherLink(other: OtherLink, figures: readonly string[] = []): string {
  const what =
    figures.length === 1
      ? `its ${figures[0]} is not a figure of that link, so it is not set beside`
      : `its figures${figures.length > 1 ? ` (${figures.join(', ')})` : ''} are not figures of that link, so they are not set beside`;
  return (
    `The share copy went over ${other.shareInterface}, not over ${describeRunLink(other)} that this run’s network ` +
    `tests used: ${what} the network figures. To measure the share over that link, mount it by the NAS address ` +
    `this computer reaches over ${other.runInterface}.`
  );
}

/** The one link a plan is about (Compare connections: the connection it runs over), as this computer names it. */
export interface LinkOfPlan {
  interface: string | null;
  localAddress: string | null;
  /** What the user calls it: "Wi-Fi", "Ethernet", "USB adapter". */
  name: string;
}

/** What the figures of a folder that is no share are: said wherever they are shown, so nobody takes them for the NAS. */
export function folderNote(path: SharePath): string | null {
  const what = { 'local-disk': 'this computer’s disk', memory: 'RAM speed' } as const;
  if (path.kind !== 'local-disk' && path.kind !== 'memory') return null;
  // The same noun phrase as every other place that names the folder (describeCopyPlace).
  const place = describeCopyPlace({ path, share: null, dir: '' }).words;
  return `This folder is ${place.replace(/^a folder /, '')}, not on a NAS: the copy figures are ${what[path.kind]}, not a share’s.`;
}

/**
 * When a plan is about one link and the share is mounted over another (a Wi-Fi comparison, a share
 * mounted over Ethernet), the copy's figures are the other link's: said in words, so nobody sets
 * them beside the link's own figures as like for like. Interfaces are compared where both are known,
 * else local addresses; null when they match or nothing can be compared.
 */
export function linkNote(path: SharePath, link: LinkOfPlan): string | null {
  if (path.kind !== 'network-share') return null;
  const byInterface = path.interface !== null && link.interface !== null;
  const byAddress = path.localAddress !== null && link.localAddress !== null;
  const differs = byInterface
    ? path.interface !== link.interface
    : byAddress && path.localAddress !== link.localAddress;
  if (!differs) return null;
  const shareWay = path.interface ?? `the local address ${path.localAddress ?? ''}`;
  // The plan's tags include "Virtual link" and "Unknown link": no second "link" after those.
  const linkName = /\blink$/i.test(link.name) ? link.name : `${link.name} link`;
  const planWay = link.interface ? `${linkName} (${link.interface})` : linkName;
  return `The share is mounted over ${shareWay}, not over the ${planWay} this comparison is about: its copy figures are ${shareWay}’s, not the ${linkName}’s.`;
}

/**
 * What the path means for a copy's figures, if anything: a folder that is no share, or a share
 * mounted over another link than the one the plan is about (the two never both apply).
 */
export function pathNote(path: SharePath, aboutLink?: LinkOfPlan): string | null {
  return folderNote(path) ?? (aboutLink ? linkNote(path, aboutLink) : null);
}

/** Asked before a plan copies in a folder no NAS is behind (one `folderNote` speaks of); null for a share. */
export function folderQuestion(path: SharePath): string | null {
  if (folderNote(path) === null) return null;
  return 'Copy in this folder anyway? Its figures will be this computer’s, not the NAS’s.';
}
