import { bondNotes } from '../../net';
import { networkStep } from '../steps/network';
import type { LeftOut, PlanBuilder } from './types';
import type { Step } from '../steps/types';

/**
 * Bonded link: one stream on one link (what a bond cannot raise), then one stream per link at once
 * from distinct address pairs (what a bond can add up), as the leg planner proposes them.
 */
export const bondedLink: PlanBuilder = (facts) => {
  const { options } = facts;
  const seconds = options.networkSeconds ?? 10;
  const legs = facts.links?.legs ?? [];
  const first = legs[0];
  const steps: Step[] = [
    networkStep(
      {
        label: 'One stream, one link',
        direction: 'upload',
        streams: 1,
        seconds,
        ...(first ? { legs: [{ target: first.target, bindAddress: first.bindAddress }] } : {}),
      },
      facts,
    ),
  ];
  const leftOut: LeftOut[] = [];
  if (legs.length >= 2) {
    steps.push(
      networkStep(
        {
          label: `One stream per link, ${legs.length} links at once`,
          direction: 'upload',
          streams: 1,
          seconds,
          legs: legs.map((leg) => ({ target: leg.target, bindAddress: leg.bindAddress })),
        },
        facts,
      ),
    );
  } else {
    leftOut.push({
      label: 'Several links at once',
      reason:
        'Only one path between this computer and the NAS was found (one local interface reaches it). ' +
        'Connect this computer through a second adapter, or give the NAS a second address, to test the bond.',
    });
  }
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
