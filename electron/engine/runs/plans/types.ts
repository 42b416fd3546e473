import type { PlanName, CheckedPlanSettings } from '../../../../shared/contract/plans';
import type { SharePath } from '../../../../shared/contract/figure-quality';
import type { LinkLegs } from '../../net';
import type { Step, StepFacts } from '../steps/types';

/** What a guided plan is computed from: the user's choices and what the probe found. Describing a plan needs nothing else. */
export interface PlanFacts extends StepFacts {
  options: CheckedPlanSettings;
  /** Free bytes in the chosen local share folder (null: none chosen, or unreadable). */
  shareFreeBytes: number | null;
  /** The legs of a multi-link test (the user's or the leg planner's), for the bonded-link plan only. */
  links: LinkLegs | null;
  /** What the chosen share folder really is and which link it goes over (null: none chosen, or not looked up). */
  sharePath?: SharePath | null;
}

export interface LeftOut {
  label: string;
  reason: string;
}

/**
 * A plan: the steps a run will take, computed and ready to preview or run. A guided plan (Quick
 * check, Cached vs uncached…) has several; a single test is a plan of one step, shown as itself.
 */
export interface Plan {
  /** A guided plan's name, or a single test's ("disk", "network", "share-copy", "demo"…). */
  plan: PlanName | string;
  title: string;
  answers: string;
  steps: Step[];
  leftOut: LeftOut[];
  notes: string[];
  tags: string[];
  /** What the run measures, as the history lists it; a plan on a NAS uses the address it was reached at. */
  target?: string;
  /** A single test: its step's parts are the run's steps, its result the end event's details. */
  single?: boolean;
}

/** A plan the user picks from the Plan screen (Quick check, Cached vs uncached…). */
export type GuidedPlan = Plan & { plan: PlanName };

/** Every guided plan is a pure function of the facts. */
export type PlanBuilder = (facts: PlanFacts) => GuidedPlan;
