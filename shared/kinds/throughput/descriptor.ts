import type { ThroughputResult } from '../../contract/runs';
import { emptyRow } from '../../report/parts';
import type { KindDescriptor } from '../descriptor';
import { addRate } from '../network/figures';

const title = 'Throughput';

/** A run that kept only its headline figure (older network runs, the demo, This computer's loopback). */
export const throughputKind: KindDescriptor<ThroughputResult> = {
  title,
  addFigures: (figures, result, record) => {
    if (result.test !== 'network') return;
    // A network run that kept only its headline: its parameters say which way and how many streams and legs.
    const { direction, streams, legs } = record.environment.parameters;
    const legCount = Array.isArray(legs) ? Math.max(1, legs.length) : 1;
    const perLeg = typeof streams === 'number' ? streams : 1;
    const way = typeof direction === 'string' ? direction : 'upload';
    addRate(
      figures.network,
      { direction: way, bitsPerSecond: result.summary.bytesPerSecond * 8, streams: perLeg * legCount, legCount },
      [],
    );
  },
  nasView: null,
  reportRows: (result, record) => [
    {
      ...emptyRow,
      group: title,
      test: result.test,
      op: String(record.environment.parameters.direction ?? ''),
      bytesPerSecond: result.summary.bytesPerSecond,
      bytes: result.summary.bytes,
      seconds: result.summary.seconds,
      how: 'headline figure of the run',
    },
  ],
  reportCharts: () => [],
  reportSection: null,
  compareFigures: () => [],
  headlineTests: () => [],
  cliText: null,
  privateFields: () => [],
  endDetails: null,
};
