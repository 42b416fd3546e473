import type { CopyRunDetails } from '../../../../shared/contract/copy';
import { CopyResults } from './CopyResults';
import type { RendererKind } from '../types';

export const copyView: RendererKind<CopyRunDetails> = {
  ResultView: ({ result, unit, state, route, connection }) => (
    <CopyResults details={result} unit={unit} state={state} route={route} connection={connection} />
  ),
  finishedFigure: null,
};
