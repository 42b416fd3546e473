import type { Figures } from './figures';
import { bond } from './rules/bond';
import { cacheGain } from './rules/cache-gain';
import { cacheWall } from './rules/cache-wall';
import { ceilingDisks } from './rules/ceiling-disks';
import { ceilingLink } from './rules/ceiling-link';
import { ceilingUpgrade } from './rules/ceiling-upgrade';
import { ceilingThisComputer } from './rules/ceiling-this-computer';
import { delayUnderLoad } from './rules/delay';
import { udpLoss } from './rules/udp-loss';
import { diskLimit } from './rules/disk-limit';
import { everydayBackup, everydayPhotos } from './rules/everyday-backup';
import { everydayEditing, everydayStreams } from './rules/everyday-media';
import { loadScaling } from './rules/load-scaling';
import { nasBusyBefore } from './rules/nas-busy-before';
import { nasCpuLimit } from './rules/nas-cpu';
import { nasDiskBusy, nasDiskLagging } from './rules/nas-disks';
import { nasSwapping } from './rules/nas-swapping';
import { networkLimit } from './rules/network-limit';
import { protocolLimit } from './rules/protocol-limit';
import { shareApart } from './rules/share-apart';
import { sweepBest } from './rules/sweep-best';
import { unsteady } from './rules/unsteady';
import { wifiLimit } from './rules/wifi-limit';
import type { Verdict, VerdictOptions } from './verdict';

/**
 * Verdicts: plain-words answers to "is it the disks or the network?", each naming the numbers
 * behind it. Pure: figures in, verdicts out; figuresOfRun gets the figures from a saved run.
 */
export { figuresOfRun } from './figures-of-run';
export {
  noFigures,
  type DelayFigure,
  type UdpFigure,
  type DiskFigure,
  type Figures,
  type NasViewFigure,
  type NetworkFigures,
  type ShareApart,
  type ShareFigure,
  type SmallFilesFigure,
} from './figures';
export { goodputBytesPerSecond, linkName, utilisationPercent } from './links';
export { Verdict, type VerdictOptions } from './verdict';
export { nasBusyBefore, nasCpuLimit, nasDiskBusy, nasDiskLagging, nasSwapping };

const rules = [
  shareApart,
  diskLimit,
  wifiLimit,
  networkLimit,
  protocolLimit,
  bond,
  cacheGain,
  cacheWall,
  sweepBest,
  unsteady,
  ceilingUpgrade,
  ceilingLink,
  ceilingDisks,
  ceilingThisComputer,
  everydayStreams,
  everydayBackup,
  everydayPhotos,
  everydayEditing,
  delayUnderLoad,
  udpLoss,
  loadScaling,
  // Read from figures.nasViews, which figuresOfRun fills once results carry nas.resources.
  nasCpuLimit,
  nasDiskBusy,
  nasDiskLagging,
  nasSwapping,
  nasBusyBefore,
];
const severityOrder = { problem: 0, warn: 1, info: 2 } as const;

/** Problems first, then warnings, then facts; within a severity, the order of the rules above. */
export function explainFigures(figures: Figures, options: Partial<VerdictOptions> = {}): Verdict[] {
  const full: VerdictOptions = { unit: options.unit ?? 'MB/s', comparisons: options.comparisons ?? [] };
  return rules
    .flatMap((rule) => rule(figures, full))
    .map((verdict, order) => ({ verdict, order }))
    .sort((a, b) => severityOrder[a.verdict.severity] - severityOrder[b.verdict.severity] || a.order - b.order)
    .map(({ verdict }) => verdict);
}
