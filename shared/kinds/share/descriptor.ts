import type { ShareBenchResult } from '../../contract/share-bench';
import { folderPrivateFields } from '../copy/descriptor';
import type { KindDescriptor } from '../descriptor';
import { shareText } from './cli-text';
import { isMixedJob, isRandomJob, isWriteJob } from './profiles';
import { shareRows, shareTitle } from './report';

/** CrystalDiskMark's tests from this computer on a mounted share or a local folder, at real queue depths. */
export const shareKind: KindDescriptor<ShareBenchResult> = {
  title: shareTitle,
  addFigures: (figures, result) => {
    figures.shareBench = [
      ...(figures.shareBench ?? []),
      // A mix of reads and writes is neither a read figure nor a write one: the verdicts leave it out.
      ...result.tests
        .filter((test) => !isMixedJob(test))
        .map((test) => ({
          test: test.name,
          op: isWriteJob(test) ? ('write' as const) : ('read' as const),
          random: isRandomJob(test),
          bs: test.bs,
          queueDepth: test.queueDepth * test.threads,
          bytesPerSecond: test.bytesPerSecond,
          iops: test.iops,
          latencyMeanNs: test.latencyNs.mean,
          pathKind: result.path.kind,
          roundTripMs: result.roundTrip?.minMs ?? null,
        })),
    ];
  },
  nasView: () => ({ test: 'Share benchmark from this computer', kind: 'copy' }),
  reportRows: shareRows,
  reportCharts: () => [],
  reportSection: null,
  // By test name and where it ran: a share's figures never line up with a local folder's.
  compareFigures: (result) =>
    result.tests.map((test) => [
      `${test.name} (${result.path.kind === 'network-share' ? 'share' : 'this computer'})`,
      {
        value: test.bytesPerSecond,
        spread: test.spread ?? null,
        note: '',
        apart: result.path.kind !== 'network-share',
      },
    ]),
  headlineTests: () => [],
  cliText: shareText,
  privateFields: folderPrivateFields,
  endDetails: (result) => result,
};
