import type { ShareBenchResult } from '../../../../shared/contract/share-bench';
import type { RendererKind } from '../types';
import { ShareResults } from './ShareResults';

export const shareView: RendererKind<ShareBenchResult> = {
  ResultView: ({ result, unit, state }) => <ShareResults result={result} unit={unit} state={state} />,
  // CrystalDiskMark's tests differ too much (1 MiB sequential, 4 KiB random) for one average to mean anything.
  finishedFigure: (result) => `: ${result.tests.length} ${result.tests.length === 1 ? 'test' : 'tests'}`,
};
