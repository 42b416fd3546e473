import type { DiskThroughNetworkResult } from '../../../../shared/contract/runs';
import type { RendererKind } from '../types';
import { ThroughDiskFigure } from './ThroughDiskFigure';

export const diskThroughNetworkView: RendererKind<DiskThroughNetworkResult> = {
  ResultView: ThroughDiskFigure,
  finishedFigure: null,
};
