import type { DiskThroughNetworkResult } from '../../../../shared/contract/runs';
import { formatRate } from '../../../../shared/util/units';
import { throughNetworkCache } from '../../../../shared/words/cache';
import { SpreadMark, UnsteadyNote } from '../../components/Spread';
import type { RendererKind, ResultViewProps } from '../types';

/** iperf3 to a file on the NAS: its rate, and which memory could have served it. */
function DiskThroughNetworkFigure({ result, unit }: ResultViewProps<DiskThroughNetworkResult>) {
  const cache = throughNetworkCache(result);
  return (
    <p data-testid="saved-disk-through-network">
      {result.label}: {formatRate(result.bitsPerSecond / 8, unit)}
      <SpreadMark spread={result.spread} />
      {cache ? ` (${cache.words.charAt(0).toLowerCase()}${cache.words.slice(1)})` : ''}
      <UnsteadyNote spread={result.spread} as="span" />
    </p>
  );
}

export const diskThroughNetworkView: RendererKind<DiskThroughNetworkResult> = {
  ResultView: DiskThroughNetworkFigure,
  finishedFigure: null,
};
