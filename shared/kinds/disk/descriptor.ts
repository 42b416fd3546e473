import type { DiskRunDetails } from '../../contract/disk';
import type { KindDescriptor } from '../descriptor';
import { diskText } from './cli-text';
import { addDisk, diskNasView } from './figures';
import { diskCharts, diskRows, diskSweepSection, diskTitle } from './report';

/** The NAS's disks through fio (or dd): a preset's tests, or a sweep's grid. */
export const diskKind: KindDescriptor<DiskRunDetails> = {
  title: diskTitle,
  addFigures: addDisk,
  nasView: diskNasView,
  reportRows: diskRows,
  reportCharts: diskCharts,
  reportSection: diskSweepSection,
  // Compared from the verdicts' disk figures, by test name.
  compareFigures: () => [],
  headlineTests: (result) => result.tests,
  cliText: diskText,
  privateFields: (result) => [['path', result.folder]],
  endDetails: (result) => result,
};
