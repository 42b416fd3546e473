import type { NetworkDirection } from '../../../../shared/contract/network';
import { bondNotes } from '../../net';
import { networkStep } from '../steps/network';
import type { LeftOut, PlanBuilder } from './types';
import type { Step } from '../steps/types';

/** Streams per leg in the last step: enough that a hash by port (layer3+4) spreads some of them. */
const manyStreams = 4;

const ways = [
  { direction: 'upload', words: 'to the NAS' },
  { direction: 'download', words: 'from the NAS' },
] as const satisfies readonly { direction: NetworkDirection; words: string }[];

/**
 * Bonded link, as the bonded 2.5 GbE write-up tested it, each way: one stream on one leg (one copy:
 * what a bond cannot raise, since LACP hashes each connection onto one link), then one stream per
 * leg at once from distinct address pairs (what a bond can add up), then several streams per leg
 * (what a hash by port spreads). The legs are the user's (several NAS addresses, or several local
 * interfaces) or the leg planner's.
 */
export const bondedLink: PlanBuilder = (facts) => {
  const { options } = facts;
  const seconds = options.networkSeconds ?? 10;
  const legs = (facts.links?.legs ?? []).map((leg) => ({
    target: leg.target,
    ...(leg.bindAddress ? { bindAddress: leg.bindAddress } : {}),
  }));
  const first = legs[0];
  const steps: Step[] = [];
  const leftOut: LeftOut[] = [];
  for (const { direction, words } of ways) {
    const one = networkStep(
      {
        label: `One stream, one link, ${words}`,
        direction,
        streams: 1,
        seconds,
        ...(first ? { legs: [first] } : {}),
      },
      facts,
    );
    steps.push({
      ...one,
      what: `${one.what} One stream is one copy: a bond carries each connection on one of its links, so one copy gets one link's speed however many the bond has.`,
    });
    if (legs.length < 2) continue;
    steps.push(
      networkStep(
        { label: `One stream per link, ${legs.length} links at once, ${words}`, direction, streams: 1, seconds, legs },
        facts,
      ),
      networkStep(
        {
          label: `${manyStreams} streams per link, ${legs.length} links at once, ${words}`,
          direction,
          streams: manyStreams,
          seconds,
          legs,
        },
        facts,
      ),
    );
  }
  if (legs.length < 2)
    leftOut.push({
      label: 'Several links at once',
      reason:
        'Only one path between this computer and the NAS was found (one local interface reaches it). ' +
        'Connect this computer through a second adapter, or give the NAS a second address, to test the bond.',
    });
  return {
    plan: 'bonded-link',
    title: 'Bonded link',
    answers: 'Does the bond add up, and if not, what to change (hash policy, addresses)?',
    steps,
    leftOut,
    notes: facts.links?.notes ?? bondNotes(facts.nas),
    tags: options.tags ?? [],
  };
};
