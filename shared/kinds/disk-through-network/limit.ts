import type { DiskThroughNetworkResult } from '../../contract/runs';
import { formatRate } from '../../util/units';

/**
 * Within this of the lower of the two alone, the figure is that part's: one second's swing on a real
 * link and disk is about this large (the lab's runs came within 1%).
 */
const sameFigure = 0.9;

export interface ThroughDiskLimit {
  /** The part that set the pace, or `together` when the two at once got less than either alone. */
  limit: 'network' | 'disks' | 'together';
  text: string;
}

/**
 * Which of the three set the figure: the network alone, the disks alone, or the two at once (the NAS's
 * processor and memory serving both, which neither test alone asks of it). Null without both figures
 * alone, as a run before this comparison existed has.
 */
export function throughDiskLimit(result: DiskThroughNetworkResult): ThroughDiskLimit | null {
  const disks = result.alone?.disks;
  if (!result.alone || !disks) return null;
  const figure = result.bitsPerSecond / 8;
  const network = result.alone.networkBytesPerSecond;
  const rate = (bytesPerSecond: number) => formatRate(bytesPerSecond, 'MB/s');
  const toDisks = result.direction === 'write';
  const both = `The network alone carried ${rate(network)}; the disks alone ${toDisks ? 'wrote' : 'read'} ${rate(disks.bytesPerSecond)} (${disks.test}).`;
  const lower = Math.min(network, disks.bytesPerSecond);
  if (figure < lower * sameFigure)
    return {
      limit: 'together',
      text:
        `${rate(figure)} ${toDisks ? 'from the network onto the disks' : 'from the disks onto the network'}, less than either alone. ${both} ` +
        'Together they ask more of the NAS’s processor and memory than each does alone.',
    };
  const limit = network <= disks.bytesPerSecond ? 'network' : 'disks';
  return {
    limit,
    text:
      `${rate(figure)} ${toDisks ? 'from the network onto the disks' : 'from the disks onto the network'}: ` +
      `${limit === 'network' ? 'the network' : 'the disks'} set the pace. ${both}`,
  };
}
