import { describeLinkKind, describeLinkSpeed } from '../../../../shared/words/describe-nas';
import { connectionOf } from '../../../../shared/words/connection';
import { quickSettle } from '../../copy';
import { shareCopyStep } from '../steps/share-copy';
import { networkStep } from '../steps/network';
import type { LeftOut, PlanBuilder } from './types';
import type { Step } from '../steps/types';

/**
 * Compare connections: the same short test every time (network both ways, and the share when one is
 * chosen), named and tagged by the connection: the user's name for it (Cable, Wi-Fi, their own words), else
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
  } else {
    leftOut.push({ label: 'Share copy', reason: 'No mounted share was chosen.' });
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
