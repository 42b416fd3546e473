import type { PlanName, PlannedStep, PlanOptions } from '../../../../shared/plans';
import type { ClientFacts, NasFacts } from '../../../../shared/probe';
import type { TestResult } from '../../../../shared/runs';
import type { LinkPlan } from '../../net/leg-planner';
import type { ScratchFolder } from '../../ssh/scratch';
import type { NasSession } from '../../ssh/session';

/** What a plan is computed from: the user's choices and what the probe found. Describing a plan needs nothing else. */
export interface PlanFacts {
  options: PlanOptions;
  /** The address the session logged in to. */
  host: string;
  nas: NasFacts;
  client: ClientFacts;
  /** Free bytes in the chosen local share folder (null: none chosen, or unreadable). */
  shareFreeBytes: number | null;
  /** The legs of a multi-link test (the leg planner's), for the bonded-link plan only. */
  links: LinkPlan | null;
}

/** What a running step may use. */
export interface StepKit {
  session: NasSession;
  nas: NasFacts;
  signal: AbortSignal;
  sample(series: string, bytesPerSecond: number): void;
  /** A scratch folder inside a chosen NAS folder; the plan removes it again if the step could not. */
  openScratch(folder: string, neededBytes: number): Promise<ScratchFolder>;
  /** The step's results so far: kept when the step then fails. */
  partial(results: TestResult[]): void;
}

export interface PlanStep extends Omit<PlannedStep, 'index'> {
  /** Live chart lines of this step (ids local to the step). */
  series: { id: string; label: string }[];
  /** Network and disk steps need the SSH session; a copy to a local (mounted) folder does not. */
  needsNas: boolean;
  run(kit: StepKit): Promise<TestResult[]>;
}

export interface LeftOut {
  label: string;
  reason: string;
}

/** A plan, computed and ready to preview or run. */
export interface PlanDraft {
  plan: PlanName;
  title: string;
  answers: string;
  steps: PlanStep[];
  leftOut: LeftOut[];
  notes: string[];
  tags: string[];
}

/** Every plan is a pure function of the facts. */
export type PlanBuilder = (facts: PlanFacts) => PlanDraft;
