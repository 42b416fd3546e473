import type { CopyRunDetails, CopyTestResult } from '../../contract/copy';
import { formatBytes, formatRate, formatSeconds } from '../../util/units';
import { describeSession } from './share-session';

/** `nasbench copy`'s text: where it copied, each test's rate, the read-back check and the cache-wall sweep. */
export function copyText(result: CopyRunDetails): string {
  const where = result.share
    ? `${result.dir} — ${result.share.protocol} share ${result.share.server}:${result.share.share}`
    : `${result.dir}${result.fileSystem ? ` (${result.fileSystem})` : ''}`;
  const session = result.path?.session ? [`Session: ${describeSession(result.path.session)}.`] : [];
  const lines = [
    `Copy test in ${where}`,
    ...session,
    ...result.tests.filter((test) => test.test !== 'sweep').map(describeTest),
  ];
  if (result.roundTripIdentical !== undefined)
    lines.push(
      result.roundTripIdentical
        ? 'Read back byte for byte as written.'
        : 'THE FILE READ BACK DIFFERS from what was written.',
    );
  if (result.sweep) {
    lines.push('Cache-wall sweep (buffered, as a copy):', '   file size        write         read');
    for (const point of result.sweep.points)
      lines.push(
        `${formatBytes(point.fileSize).padStart(12)} ${formatRate(point.writeBytesPerSecond, 'MB/s').padStart(12)} ${formatRate(point.readBytesPerSecond, 'MB/s').padStart(12)}`,
      );
    lines.push(result.sweep.note, result.sweep.rule);
  }
  lines.push(...result.notes);
  return lines.join('\n') + '\n';
}

function describeTest(test: CopyTestResult): string {
  const what =
    test.test === 'small-files'
      ? `${test.files ?? 0} files of ${formatBytes(test.fileSize)}`
      : `${formatBytes(test.fileSize)} in ${formatBytes(test.blockSize)} blocks`;
  const perFile = test.filesPerSecond ? `  ${Math.round(test.filesPerSecond)} files/s` : '';
  const how = test.direct ? 'uncached' : test.cached ? 'may be cached' : 'buffered';
  return `${test.test.padEnd(11)} ${test.op.padEnd(6)} ${what.padEnd(28)} ${formatRate(test.bytesPerSecond, 'MB/s').padStart(12)}${perFile}  (${how}, ${formatSeconds(test.seconds)})`;
}
