import type { SharePath } from '../../../shared/contract/figure-quality';

/** The one link a plan is about (Compare connections: the connection it runs over), as this computer names it. */
export interface LinkOfPlan {
  interface: string | null;
  localAddress: string | null;
  /** What the user calls it: "Wi-Fi", "Ethernet", "USB adapter". */
  name: string;
}

/** How a step or a preview names a copy folder that is not a share. */
export const folderWords: Partial<Record<SharePath['kind'], string>> = {
  'local-disk': 'a folder on this computer’s own disk',
  memory: 'a folder in this computer’s memory (tmpfs)',
};

/** What the figures of a folder that is no share are: said wherever they are shown, so nobody takes them for the NAS. */
export function folderNote(path: SharePath): string | null {
  if (path.kind === 'local-disk')
    return 'This folder is on this computer’s own disk, not on a NAS: the copy figures are this computer’s disk, not a share’s.';
  if (path.kind === 'memory')
    return 'This folder is in this computer’s memory (tmpfs), not on a NAS: the copy figures are RAM speed, not a share’s.';
  return null;
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
