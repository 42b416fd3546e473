import { describeLinkSpeed } from '../../../../shared/describe-nas';
import type { LinkType } from '../../../../shared/probe';
import { copyStep } from './copy-step';
import { networkStep } from './network-step';
import type { LeftOut, PlanBuilder, PlanStep } from './types';

const MiB = 2 ** 20;

/** The tag a run gets for the link it ran over, so runs over different links line up side by side. */
export const linkTagWords: Record<LinkType, string> = {
  wifi: 'Wi-Fi',
  ethernet: 'Ethernet',
  'usb-ethernet': 'USB adapter',
  thunderbolt: 'Thunderbolt',
  virtual: 'Virtual link',
  unknown: 'Unknown link',
};

/**
 * Compare connections: the same short test every time (network both ways, and the share when one is
 * chosen), tagged with the link this computer used. Run it once per connection (Wi-Fi, cable, adapter).
 */
export const compareConnections: PlanBuilder = (facts) => {
  const { options, client } = facts;
  const seconds = options.networkSeconds ?? 5;
  const steps: PlanStep[] = [
    networkStep({ direction: 'upload', streams: 1, seconds }, facts),
    networkStep({ direction: 'download', streams: 1, seconds }, facts),
  ];
  const leftOut: LeftOut[] = [];
  if (options.shareFolder) {
    steps.push(
      copyStep(
        { label: 'Share copy', folder: options.shareFolder, fileSize: options.shareFileBytes ?? 256 * MiB },
        facts,
      ),
    );
  } else {
    leftOut.push({ label: 'Share copy', reason: 'No mounted share was chosen.' });
  }
  const { type, speedMbps, interface: name } = client.route;
  const tag = linkTagWords[type];
  return {
    plan: 'compare-connections',
    title: `Compare connections: ${tag}`,
    answers: 'How much faster is one connection than another (Wi-Fi, cable, USB adapter)?',
    steps,
    leftOut,
    notes: [
      `This computer reaches the NAS over ${name ?? 'an unknown interface'} (${tag}${speedMbps ? `, ${describeLinkSpeed(speedMbps, type)}` : ''}); the run is tagged “${tag}”.`,
    ],
    tags: [...(options.tags ?? []), tag],
  };
};
