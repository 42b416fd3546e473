import type { ThroughputResult } from '../../../../shared/contract/runs';
import type { RendererKind } from '../types';

/** A headline only: Results draws it as the run's average throughput, with its peak. */
export const throughputView: RendererKind<ThroughputResult> = {
  ResultView: null,
  finishedFigure: null,
};
