import type { ComponentType } from 'react';
import type { ClientFacts } from '../../../shared/contract/probe';
import type { RunConnection, TestResult } from '../../../shared/contract/runs';
import type { HasKind, ResultOf } from '../../../shared/kinds/descriptor';
import type { RateUnit } from '../../../shared/util/units';

/** What a kind's view of a result is given: the result, the reader's unit, how the run ended, the link it ran over. */
export interface ResultViewProps<R> {
  result: R;
  unit: RateUnit;
  state: 'done' | 'failed' | 'cancelled';
  route: ClientFacts['route'] | null | undefined;
  /** The connection as the user named it ("Cable"), said beside its interface. */
  connection?: RunConnection | null | undefined;
}

/**
 * A result kind's pieces on screen (React cannot live in shared/, so beside shared/kinds/'s descriptor).
 * Its view is the same wherever Results draws it: from the run's end event (the kinds whose shared
 * descriptor gives `endDetails`) or read back from the saved run, below the verdicts.
 */
export interface RendererKind<R extends HasKind> {
  /** The result on the Results screen; null: it shows nothing of its own (a headline, drawn by Results). */
  ResultView: ComponentType<ResultViewProps<R>> | null;
  /** The Run screen's figure when the test finished (": 6 tests"); null: the run's steps or its average say it. */
  finishedFigure: ((result: R) => string) | null;
}

/** One renderer piece for every kind of `R`: a kind missing here does not compile. */
export type RendererKinds<R extends HasKind = TestResult> = { [K in R['kind']]: RendererKind<ResultOf<K, R>> };
