import type { DiskFigure, Figures } from './figures';
import { bitRate, rate } from './links';
import type { RateUnit } from '../util/units';

export type Op = 'read' | 'write';

/** What the everyday answers start from: how fast files really arrive, and which figures say so. */
export interface Delivered {
  bytesPerSecond: number;
  /** The figures behind it, in words: "the network carried 941 Mb/s from the NAS; the disks read 420 MB/s". */
  basis: string;
  /** Which part set it. */
  by: 'share' | 'network' | 'disks';
}

/**
 * The fastest disk figure the NAS's RAM could not have served: what the disks themselves do.
 * `onNasOnly` leaves out figures measured through the network (iperf3 -F), which the network caps.
 */
export function diskFigure(figures: Figures, op: Op, onNasOnly = false): DiskFigure | null {
  const fromDisks = figures.disks.filter(
    (disk) =>
      disk.op === op &&
      disk.nasCache !== 'in-memory' &&
      disk.nasCache !== 'may-serve' &&
      !(onNasOnly && disk.throughNetwork),
  );
  return [...fromDisks].sort((a, b) => b.bytesPerSecond - a.bytesPerSecond)[0] ?? null;
}

/** The network figure in the direction a read (from the NAS) or a write (to it) takes, bytes/s. */
export function networkFigure(figures: Figures, op: Op): number | null {
  const bits = op === 'read' ? figures.network.download : figures.network.upload;
  return bits ? bits / 8 : null;
}

const fromOrTo = { read: 'from the NAS', write: 'to the NAS' } as const;
const diskVerb = { read: 'read', write: 'wrote' } as const;

/**
 * How fast files go from (read) or to (write) the NAS: a copy to the share where one ran, since
 * that is what files really do; else the slower of the network and the disks, each measured. Disk
 * figures the NAS's RAM may have served are no answer either way. A run that measured the network
 * alone (no NAS folder, no share) gets the network's figure as the most files can go, said so: the
 * disks can only make it slower, and "what does 24 MB/s mean for a backup" is the question a user
 * with only that figure has.
 */
export function deliveredRate(figures: Figures, op: Op, unit: RateUnit): Delivered | null {
  const share = figures.share.filter((copy) => copy.op === op).sort((a, b) => b.bytesPerSecond - a.bytesPerSecond)[0];
  if (share) {
    return {
      bytesPerSecond: share.bytesPerSecond,
      basis: `copying files ${fromOrTo[op]} (${share.label}) ran at ${rate(share.bytesPerSecond, unit)}`,
      by: 'share',
    };
  }
  const network = networkFigure(figures, op);
  const disk = diskFigure(figures, op);
  if (network !== null && figures.disks.length === 0) {
    return {
      bytesPerSecond: network,
      basis:
        `the network carried ${bitRate(network * 8, unit)} ${fromOrTo[op]}; the disks were not measured, ` +
        'and can only make it slower',
      by: 'network',
    };
  }
  if (network === null || disk === null) return null;
  const basis =
    `the network carried ${bitRate(network * 8, unit)} ${fromOrTo[op]} and the disks ` +
    `${diskVerb[op]} ${rate(disk.bytesPerSecond, unit)} in ${disk.test}`;
  return network <= disk.bytesPerSecond
    ? { bytesPerSecond: network, basis, by: 'network' }
    : { bytesPerSecond: disk.bytesPerSecond, basis, by: 'disks' };
}
