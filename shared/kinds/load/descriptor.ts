import type { LoadResult } from '../../contract/load';
import type { ComparedFigure } from '../../history/compare-runs';
import type { KindDescriptor } from '../descriptor';
import { loadText } from './cli-text';
import { loadRows, loadTitle } from './report';

/** Several computers reading or writing the share at once (fio client/server), stepping up one computer at a time. */
export const loadKind: KindDescriptor<LoadResult> = {
  title: loadTitle,
  addFigures: (figures, result) => {
    if (result.stepUp) figures.loadSteps = result.stepUp.map((step) => ({ op: result.rw, ...step }));
  },
  nasView: (result) => ({ test: `Load from several computers (${result.rw})`, kind: 'load' }),
  reportRows: loadRows,
  reportCharts: () => [],
  reportSection: null,
  compareFigures: (load) => {
    // By how many computers loaded the NAS: only the same number compares like for like.
    const loadTest = (computers: number) =>
      `Load from ${computers} ${computers === 1 ? 'computer' : 'computers'}, ${load.rw}`;
    const figures: [string, ComparedFigure][] = (load.stepUp ?? []).map((step) => [
      loadTest(step.computers),
      { value: step.bytesPerSecond, spread: null, note: '', apart: false },
    ]);
    const measured = load.clients.filter((client) => client.ok).length;
    if (measured > 0)
      figures.push([
        loadTest(measured),
        { value: load.total.bytesPerSecond, spread: load.total.spread ?? null, note: '', apart: false },
      ]);
    return figures;
  },
  // A load test's total is not a plan's one figure in History (run-steps.ts takes an upload or a test's best).
  headlineTests: () => [],
  cliText: loadText,
  // The other computers of a load test, and where each sees the share.
  privateFields: (result) =>
    result.clients.flatMap((client) => [['host', client.host] as const, ['path', client.dir] as const]),
  endDetails: (result) => result,
};
