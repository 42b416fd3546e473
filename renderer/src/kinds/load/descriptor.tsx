import type { LoadResult } from '../../../../shared/contract/load';
import { LoadResults } from './LoadResults';
import type { RendererKind } from '../types';

export const loadView: RendererKind<LoadResult> = {
  ResultView: ({ result, unit }) => <LoadResults result={result} unit={unit} />,
  finishedFigure: null,
};
