import type { CopyRunDetails } from '../../contract/copy';
import type { RunRecord } from '../../contract/runs';
import { cacheRegions } from '../../util/cache-regions';
import { formatBytes, rateInUnit, type RateUnit } from '../../util/units';
import { copyCache } from '../../words/cache';
import { emptyRow, linkSubject, steadiness, type ReportChart, type TestRow } from '../../report/parts';
import { lineChart } from '../../report/svg/line';
import { copyOverOtherLink, describeCopyPlace, describeOtherLink } from './share-path';

export const copyTitle = 'Share copy';

/** A row per copy test, with the folder it really was and a warning when that was no NAS share or another link. */
export function copyRows(result: CopyRunDetails, record: RunRecord): TestRow[] {
  const place = describeCopyPlace(result, record.connection);
  const local = place.kind === 'local-disk' || place.kind === 'memory';
  const otherLink = copyOverOtherLink(result.path, record.environment.client?.route, record.connection);
  const overRunLink =
    !otherLink && !!result.path?.interface && result.path.interface === record.environment.client?.route.interface;
  const warning = local
    ? `This folder is ${place.words}, not a NAS share: these figures involve no NAS and no network.`
    : otherLink
      ? describeOtherLink(otherLink)
      : '';
  return result.tests.map((test) => ({
    ...emptyRow,
    group: local ? 'Copy on this computer' : copyTitle,
    test: `${test.test} ${test.op}${test.test === 'small-files' && test.files ? ` (${test.files} files)` : ` (${formatBytes(test.fileSize)})`}`,
    op: test.op,
    bytesPerSecond: test.bytesPerSecond,
    blockSize: test.blockSize,
    fileSize: test.fileSize,
    seconds: test.seconds,
    cached: test.cached,
    direct: test.direct,
    ...steadiness(test.spread, overRunLink ? linkSubject(record) : null),
    cacheWords: copyCache(test).words,
    cache: test.cache ?? null,
    path: result.path ?? null,
    how: `${test.method.replace(/\.?$/, '.')} In ${result.dir}: ${place.words}.`,
    note: [warning, ...result.notes].filter(Boolean).join(' '),
  }));
}

/** The cache wall: copy speed by file size, the sizes either cache could hold shaded. */
export function copyCharts(result: CopyRunDetails, unit: RateUnit): ReportChart[] {
  const { sweep } = result;
  if (!sweep || sweep.points.length === 0) return [];
  const title = 'The cache wall: copy speed by file size';
  const bands = cacheRegions(sweep).map((region) => ({
    ...region,
    color: region.kind === 'cached' ? '#fde68a' : '#bfdbfe',
  }));
  const curve = (op: 'write' | 'read') => ({
    label: op,
    points: sweep.points.map(
      (point) =>
        [
          point.fileSize,
          rateInUnit(op === 'write' ? point.writeBytesPerSecond : point.readBytesPerSecond, unit),
        ] as const,
    ),
  });
  const axes = { xTitle: 'file size', yTitle: unit, xLog: true, xLabel: formatBytes, bands };
  return [{ title, svg: lineChart([curve('write'), curve('read')], axes, title) }];
}
