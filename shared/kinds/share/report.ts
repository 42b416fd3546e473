import type { ShareBenchResult } from '../../contract/share-bench';
import { emptyRow, steadiness, type TestRow } from '../../report/parts';
import { figureOp } from './profiles';
import { shareSetupWords, shareTestCache, shareWhere } from './words';

export const shareTitle = 'Share benchmark from this computer';

/** A row per test, CrystalDiskMark's names, with IOPS and latency as the disk tests have them. */
export function shareRows(result: ShareBenchResult): TestRow[] {
  const how = `${shareSetupWords(result)}; ${result.ioPath}`;
  return result.tests.map((test) => ({
    ...emptyRow,
    group: shareTitle,
    test: test.name,
    op: figureOp(test),
    bytesPerSecond: test.bytesPerSecond,
    iops: test.iops,
    latencyP50Ns: test.latencyNs.p50,
    latencyP99Ns: test.latencyNs.p99,
    blockSize: test.bs,
    fileSize: result.fileSizeBytes,
    streams: test.outstanding,
    seconds: test.seconds,
    direct: result.unbuffered,
    ...steadiness(test.spread),
    cache: test.cache,
    cacheWords: shareTestCache(test).words,
    path: test.path,
    how,
    note: [
      `Measured ${shareWhere(result)}; mean latency ${Math.round(test.latencyNs.mean / 1000)} µs.`,
      test.note ?? '',
    ]
      .filter(Boolean)
      .join(' '),
  }));
}
