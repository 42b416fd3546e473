import type { PlannedStep } from '../../../../shared/contract/plans';
import type { ClientFacts, NasFacts } from '../../../../shared/contract/probe';
import type { LeftBehind, ThroughputSummary } from '../../../../shared/contract/run-events';
import type { TestResult } from '../../../../shared/contract/runs';
import type { NasLogin, ScratchFolder } from '../../ssh';
import type { StepState } from '../registry';

/** What a step is described from before it runs: the NAS's probe, and this computer's link to it. */
export interface StepFacts {
  /** The address the session logged in to. */
  host: string;
  nas: NasFacts;
  client: ClientFacts;
}

/**
 * Where a step may write on the NAS: scratch folders named after the run (`.nasbench-<run id>`),
 * opened after a free-space check, remembered so that a crash's leftovers are swept later, and
 * removed by the run when a step could not remove its own.
 */
export interface ScratchService {
  open(folder: string, neededBytes: number): Promise<ScratchFolder>;
}

/** How a step reports while it runs; every call is already tied to its run and step. */
export interface StepProgress {
  sample(series: string, bytesPerSecond: number): void;
  /** A round trip to the NAS, idle or under the step's load (network steps that time the delay). */
  delay(ms: number, phase: 'idle' | 'loaded'): void;
  /**
   * One test of the step (a fio test, a sweep cell, a copy phase) starting, ending or left out.
   * `secondsLeft`: the step's own reckoning of its time from here, this part included (a sweep
   * times its cells as they finish); the run's estimate follows it.
   */
  part(index: number, count: number, label: string, state: StepState, secondsLeft?: number): void;
  /** The step's results so far: kept when the step then fails. */
  partial(results: TestResult[]): void;
  /** A scratch folder the step made and could not remove: named in the run's result. */
  leftBehind(folder: LeftBehind): void;
}

/**
 * What a running step is given — and all it may use: it never reaches back up for anything. The
 * model is vscode-languageserver-node's progress: the reporter a piece of work receives carries
 * its own token (here the run id and the abort signal).
 */
export interface StepKit {
  runId: string;
  /** The connected NAS, for steps that need it (a copy to a local folder runs without one). */
  nas: { session: NasLogin; facts: NasFacts } | null;
  scratch: ScratchService;
  progress: StepProgress;
  signal: AbortSignal;
}

/** One test, ready to preview and to run: the same object whether it is a plan's step or a run of its own. */
export interface Step extends Omit<PlannedStep, 'index'> {
  /** Live chart lines of this step (ids local to the step). */
  series: { id: string; label: string }[];
  /** Network and disk steps need the SSH session; a copy to a local (mounted) folder does not. */
  needsNas: boolean;
  run(kit: StepKit): Promise<TestResult[]>;
  /**
   * Its time again, from what the plan's earlier steps measured (a copy step from the network's
   * rate); undefined keeps `seconds`.
   */
  reestimate?(earlier: readonly TestResult[]): number | undefined;
  /**
   * The one figure of a run that is just this step (the history list's headline); `peak` is the
   * highest live sample. Plans have their own headline.
   */
  headline(results: TestResult[], peak: number): ThroughputSummary | undefined;
}

/** The NAS of a kit, for steps that cannot run without one. */
export function nasOf(kit: StepKit): { session: NasLogin; facts: NasFacts } {
  if (!kit.nas) throw new Error('This step needs a connected NAS.');
  return kit.nas;
}
