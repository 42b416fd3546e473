import type { NetworkResult } from '../../contract/runs';
import type { KindDescriptor } from '../descriptor';
import { networkText } from './cli-text';
import { addNetwork, networkNasView } from './figures';
import { networkRows, networkTitle } from './report';

/** The network test (iperf3 or an SSH stream): upload, download or both, over one link or several. */
export const networkKind: KindDescriptor<NetworkResult> = {
  title: networkTitle,
  addFigures: (figures, result) => addNetwork(figures.network, result),
  nasView: networkNasView,
  reportRows: networkRows,
  reportCharts: () => [],
  reportSection: null,
  // Compared from the verdicts' network figures (download, upload, all links at once).
  compareFigures: () => [],
  // A plan's one figure is its upload when it measured one (run-steps.ts), never another network figure.
  headlineTests: () => [],
  cliText: networkText,
  privateFields: (result) => result.legs.map((leg) => ['host', leg.target] as const),
  endDetails: null,
};
