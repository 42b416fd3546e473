import type { PlanName, PlanPreview } from '../../../../shared/contract/plans';
import { expectedRunSeconds } from '../run-steps';
import { bondedLink } from './bonded-link';
import { cachedVsUncached } from './cached-vs-uncached';
import { compareConnections } from './compare-connections';
import { custom } from './custom';
import { diskSweep } from './disk-sweep';
import { quickCheck } from './quick';
import type { GuidedPlan, PlanBuilder, PlanFacts } from './types';

/**
 * The guided plans: each a pure function from the probe's facts and the user's choices to a list
 * of steps (../steps). prepare.ts gathers the facts; ../run-steps.ts runs the steps.
 */
export const planBuilders: Record<PlanName, PlanBuilder> = {
  quick: quickCheck,
  'cached-vs-uncached': cachedVsUncached,
  'bonded-link': bondedLink,
  'compare-connections': compareConnections,
  'disk-sweep': diskSweep,
  custom,
};

export function draftPlan(facts: PlanFacts): GuidedPlan {
  return planBuilders[facts.options.plan](facts);
}

/** What the user sees before a plan starts: each step, how long, and what it writes where. */
export function describePlan(draft: GuidedPlan): PlanPreview {
  return {
    plan: draft.plan,
    title: draft.title,
    answers: draft.answers,
    steps: draft.steps.map(({ kind, label, what, seconds, writes, warnings, askFirst }, index) => ({
      index,
      kind,
      label,
      what,
      seconds,
      writes,
      ...(warnings?.length ? { warnings } : {}),
      ...(askFirst ? { askFirst } : {}),
    })),
    leftOut: draft.leftOut,
    notes: draft.notes,
    // A guided plan always runs with the NAS's login, so with its baseline.
    expectedSeconds: expectedRunSeconds(draft.steps, true),
    tags: draft.tags,
  };
}

export type { GuidedPlan, Plan, PlanFacts } from './types';
export { quickCheckDefaults, quickDiskTests } from './quick';
