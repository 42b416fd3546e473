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
import { nasCpuLimit, processHeldAtCpuLimit } from './rules/nas-cpu';
import { nasDiskBusy, nasDiskLagging } from './rules/nas-disks';
import { nasSwapping } from './rules/nas-swapping';
import { networkLimit } from './rules/network-limit';
import { protocolLimit } from './rules/protocol-limit';
import { shareApart } from './rules/share-apart';
import { shareSmallIo } from './rules/share-small-io';
import { sweepBest } from './rules/sweep-best';
import { unsteady } from './rules/unsteady';
import { wifiLimit } from './rules/wifi-limit';
import type { VerdictOptions } from './rule';
import type { Verdict } from '../contract/verdict';

/**
 * Verdicts: plain-words answers to "is it the disks or the network?", each naming the numbers
 * behind it. Pure: figures in, verdicts out; figuresOfRun gets the figures from a saved run.
 */
export { figuresOfRun } from './figures-of-run';
export { noFigures, type DelayFigure, type UdpFigure, type Figures, type NasViewFigure } from './figures';
export { goodputBytesPerSecond } from './links';
export { type VerdictOptions } from './rule';
export { nasBusyBefore, nasCpuLimit, nasDiskBusy, nasDiskLagging, nasSwapping, processHeldAtCpuLimit };

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
  shareSmallIo,
  // Read from figures.nasViews, which figuresOfRun fills once results carry nas.resources.
  nasCpuLimit,
  nasDiskBusy,
  nasDiskLagging,
  nasSwapping,
  nasBusyBefore,
];
const severityOrder = { problem: 0, warn: 1, info: 2 } as const;

/**
 * The ranking that decides "the limit" when several parts could claim one operation: what holds the
 * measured figure back comes before what it is measured against — the NAS's processor (it paces
 * whatever ran on it), then the file-sharing protocol (a copy far below both network and disks), the
 * disks, Wi-Fi, and last the network and the link. A verdict keeps only the operations nothing ranked
 * above it claimed, and goes when none is left: no two verdicts name different limits for one direction.
 */
const limitRank: NonNullable<Verdict['limit']>['part'][] = [
  'nas-processor',
  'file-sharing',
  'disks',
  'wifi',
  'network',
  'link',
];

function oneLimitEach(verdicts: Verdict[]): Verdict[] {
  const claimed = new Set<string>();
  const ranked = verdicts
    .filter((verdict) => verdict.limit)
    .sort((a, b) => limitRank.indexOf(a.limit?.part ?? 'link') - limitRank.indexOf(b.limit?.part ?? 'link'));
  const kept = new Map<Verdict, boolean>();
  for (const verdict of ranked) {
    const ops = verdict.limit?.ops ?? [];
    const free = ops.filter((op) => !claimed.has(op));
    kept.set(verdict, ops.length === 0 || free.length > 0);
    for (const op of free) claimed.add(op);
    if (verdict.limit && free.length > 0 && free.length < ops.length) {
      verdict.limit = { ...verdict.limit, ops: free };
      // Its words spoke for both directions: they now say which one they keep.
      verdict.text += ` This holds for copies ${free[0] === 'write' ? 'to' : 'from'} the NAS; for copies ${free[0] === 'write' ? 'from' : 'to'} it, another finding names what holds them back.`;
    }
  }
  return verdicts.filter((verdict) => kept.get(verdict) ?? true);
}

/** Problems first, then warnings, then facts; within a severity, the order of the rules above. */
export function explainFigures(figures: Figures, options: Partial<VerdictOptions> = {}): Verdict[] {
  const full: VerdictOptions = { unit: options.unit ?? 'MB/s', comparisons: options.comparisons ?? [] };
  return oneLimitEach(rules.flatMap((rule) => rule(figures, full)))
    .map((verdict, order) => ({ verdict, order }))
    .sort((a, b) => severityOrder[a.verdict.severity] - severityOrder[b.verdict.severity] || a.order - b.order)
    .map(({ verdict }) => verdict);
}
