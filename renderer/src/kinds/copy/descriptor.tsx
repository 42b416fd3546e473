import type { CopyRunDetails } from '../../../../shared/contract/copy';
import { CopyResults } from './CopyResults';
import type { RendererKind } from '../types';

export const copyView: RendererKind<CopyRunDetails> = {
  ResultView: ({ result, unit, state, route }) => (
    <CopyResults details={result} unit={unit} state={state} route={route} />
  ),
  finishedFigure: null,
};
