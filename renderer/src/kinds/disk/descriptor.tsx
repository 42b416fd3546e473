import type { DiskRunDetails } from '../../../../shared/contract/disk';
import { DiskResults } from './DiskResults';
import type { RendererKind } from '../types';

export const diskView: RendererKind<DiskRunDetails> = {
  // Sequential 1 MiB and random 4 KiB figures do not average into anything: each test has its own.
  ResultView: ({ result, unit, state }) => <DiskResults details={result} unit={unit} state={state} />,
  // A disk run's tests differ too much (1 MiB sequential, 4 KiB random) for one average to mean anything.
  finishedFigure: (result) => `: ${result.tests.length} ${result.tests.length === 1 ? 'test' : 'tests'}`,
};
