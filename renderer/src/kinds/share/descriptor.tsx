import type { ShareBenchResult } from '../../../../shared/contract/share-bench';
import type { RendererKind } from '../types';

export const shareView: RendererKind<ShareBenchResult> = {
  ResultView: null,
  finishedFigure: (result) => `: ${result.tests.length} ${result.tests.length === 1 ? 'test' : 'tests'}`,
};
