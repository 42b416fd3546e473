import { describeLinkKind, describeLinkSpeed } from '../../../../shared/words/describe-nas';
import { connectionOf } from '../../../../shared/words/connection';
import { quickSettle } from '../../copy';
import { shareProfileJobs } from '../../../../shared/kinds/share/profiles';
import { shareBenchStep } from '../steps/share-bench';
import { shareCopyStep } from '../steps/share-copy';
import { networkStep } from '../steps/network';
import type { LeftOut, PlanBuilder } from './types';
import type { Step } from '../steps/types';

const smallReadsLabel = 'Small reads and writes (4K, one at a time)';

/**
 * The 4K step: RND4K Q1T1 read and write from this computer over the share, where a link's delay
 * shows and its bandwidth hardly does — seed 004's laptop read 4K faster over Wi-Fi than over its USB
 * adapter. A small file is enough (each I/O is 4 KiB at a random place), and it is laid out quickly
 * over a slow link.
 */
function smallReadsStep(folder: string): Step {
  const jobs = shareProfileJobs('real').filter((job) => job.rw === 'randread' || job.rw === 'randwrite');
  return shareBenchStep({
    label: smallReadsLabel,
    folder,
    profile: 'custom',
    jobs,
    engine: 'builtin',
    fileSize: 64 * 2 ** 20,
    seconds: 3,
    passes: 1,
  });
}

/**
 * Compare connections: the same short test every time (network both ways, and the share's copy and
 * 4K step when one is chosen), named and tagged by the connection: the user's name for it (Cable, Wi-Fi, their own words), else
 * the one suggested from the interface. Run it once per connection.
 */
export const compareConnections: PlanBuilder = (facts) => {
  const { options, client } = facts;
  const seconds = options.networkSeconds ?? 5;
  const steps: Step[] = [
    networkStep({ direction: 'upload', streams: 1, seconds }, facts),
    networkStep({ direction: 'download', streams: 1, seconds }, facts),
  ];
  const leftOut: LeftOut[] = [];
  const { type, speedMbps, interface: name, localAddress } = client.route;
  // Always a route here (a guided plan has the probe's), so always a name.
  const tag = connectionOf(options.connection, client.route)?.name ?? 'This computer’s link';
  if (options.shareFolder) {
    const folder = options.shareFolder;
    // Sized to settle within the plan's minute, as in the Quick check, unless the user gave a size.
    const fileSize = options.shareFileBytes;
    // The comparison is about this link: a share mounted over another one is said to be, in the result and the comparison.
    const aboutLink = { interface: name, localAddress, name: tag };
    steps.push(shareCopyStep({ label: 'Share copy', folder, fileSize, settle: quickSettle, aboutLink }, facts));
    steps.push(smallReadsStep(folder));
  } else {
    leftOut.push({ label: 'Share copy', reason: 'No mounted share was chosen.' });
    leftOut.push({ label: smallReadsLabel, reason: 'No mounted share was chosen.' });
  }
  return {
    plan: 'compare-connections',
    title: `Compare connections: ${tag}`,
    answers: 'How much faster is one connection than another (Wi-Fi, cable, USB adapter)?',
    steps,
    leftOut,
    notes: [
      `This computer reaches the NAS over ${name ?? 'an unknown interface'} (${describeLinkKind(type)}${speedMbps ? `, ${describeLinkSpeed(speedMbps, type)}` : ''}); the run is named and tagged “${tag}”.`,
    ],
    tags: [...(options.tags ?? []), tag],
  };
};
