import type { DiskThroughNetworkResult } from '../../contract/runs';
import { emptyRow, steadiness } from '../../report/parts';
import { throughNetworkCache } from '../../words/cache';
import type { KindDescriptor } from '../descriptor';
import { throughDiskLimit } from './limit';

const title = 'Network and NAS disk';

/** iperf3 writing to (or reading from) a file on the NAS: neither a pure network nor a pure disk figure. */
export const diskThroughNetworkKind: KindDescriptor<DiskThroughNetworkResult> = {
  title,
  addFigures: (figures, result) => {
    // A file small enough for the NAS's RAM was read from its cache: not a disk figure.
    if (throughNetworkCache(result)?.uncached === false) return;
    figures.disks.push({
      test: result.label,
      op: result.direction,
      bytesPerSecond: result.bitsPerSecond / 8,
      throughNetwork: true,
      ...(result.spread ? { spread: result.spread } : {}),
    });
  },
  nasView: (result) => ({ test: result.label, kind: 'other' }),
  reportRows: (result) => [
    {
      ...emptyRow,
      group: title,
      test: result.label,
      op: result.direction,
      bytesPerSecond: result.bitsPerSecond / 8,
      bytes: result.bytes,
      seconds: result.seconds,
      cached: result.likelyCached ?? null,
      ...steadiness(result.spread),
      cacheWords: throughNetworkCache(result)?.words ?? '',
      how: 'iperf3 -F on the NAS',
      note: [throughDiskLimit(result)?.text, result.note].filter(Boolean).join(' '),
    },
  ],
  reportCharts: () => [],
  reportSection: null,
  // Compared from the verdicts' disk figures, by its label.
  compareFigures: () => [],
  headlineTests: () => [],
  cliText: null,
  privateFields: () => [],
  endDetails: null,
};
