import type { NetworkResult } from '../../../../shared/contract/runs';
import type { RendererKind } from '../types';
import { NetworkFigure } from './NetworkFigure';

export const networkView: RendererKind<NetworkResult> = {
  ResultView: NetworkFigure,
  finishedFigure: null,
};
