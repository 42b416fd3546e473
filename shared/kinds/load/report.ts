import type { LoadResult } from '../../contract/load';
import { emptyRow, steadiness, type TestRow } from '../../report/parts';
import { helperFailureWords, loadCacheWords, loadClientCacheWords, loadComputerName, loadTotalLabel } from './words';

export const loadTitle = 'Load from several computers';

/** A row per helper computer that measured, and the total; a computer without a figure is named in its note. */
export function loadRows(result: LoadResult): TestRow[] {
  const row = { ...emptyRow, group: loadTitle, op: result.rw, blockSize: result.blockSizeBytes };
  const how = `fio --client, one job per computer in its own path to the share, direct=${result.direct ? 1 : 0}`;
  const measured = result.clients.filter((client) => client.ok);
  const failed = result.clients.flatMap((client) =>
    client.ok ? [] : [`${client.host}: ${helperFailureWords(client)}`],
  );
  return [
    ...measured.map((client) => ({
      ...row,
      test: `${loadComputerName(client)} (${client.dir})`,
      bytesPerSecond: client.bytesPerSecond,
      fileSize: result.fileSizeBytes,
      bytes: client.ioBytes,
      seconds: client.seconds,
      how: `${how}; ${client.fioVersion ?? 'fio'} on ${client.os ?? 'that computer'}`,
      ...steadiness(client.spread),
      cache: client.cache ?? null,
      cacheWords: loadClientCacheWords(client, result.direct),
    })),
    {
      ...row,
      test: loadTotalLabel(result.clients),
      bytesPerSecond: result.total.bytesPerSecond,
      ...steadiness(result.total.spread),
      cache: result.total.cache ?? null,
      cacheWords: loadCacheWords(result.direct),
      how,
      note: [
        `Their measured windows started within ${result.total.startSpreadSeconds.toFixed(1)} s of each other.`,
        ...failed,
      ].join(' '),
    },
  ];
}
