import type { ShareBenchResult } from '../../contract/share-bench';
import { formatCount, formatRate } from '../../util/units';
import { describeSession } from '../copy/share-session';
import { latencyWords, shareSetupWords, shareTestCache, shareWhere } from './words';

/** `nasbench share`'s text: CrystalDiskMark's table — each test's MB/s, IOPS and mean latency — and what it means. */
export function shareText(result: ShareBenchResult): string {
  const session = result.path.session ? [`Session: ${describeSession(result.path.session)}.`] : [];
  const rows = result.tests.map((test) => {
    const spread = test.spread ? `±${(test.spread.relative * 100).toFixed(1)}%` : '';
    return `  ${test.name.padEnd(20)} ${formatRate(test.bytesPerSecond, 'MB/s').padStart(12)} ${formatCount(test.iops).padStart(10)} IOPS ${latencyWords(test.latencyNs.mean).padStart(9)} ${spread.padStart(7)}  ${shareTestCache(test).words}${test.note ? ` — ${test.note}` : ''}`;
  });
  return [
    `Share benchmark in ${result.dir}, ${shareWhere(result)}`,
    ...session,
    `${shareSetupWords(result)}; ${result.ioPath}`,
    `  ${'test'.padEnd(20)} ${'rate'.padStart(12)} ${'IOPS'.padStart(15)} ${'latency'.padStart(9)} ${'spread'.padStart(7)}`,
    ...rows,
    ...result.notes,
    '',
  ].join('\n');
}
