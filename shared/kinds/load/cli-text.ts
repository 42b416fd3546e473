import type { LoadResult } from '../../contract/load';
import { formatRate } from '../../util/units';
import { helperFailureWords, loadComputerName } from './words';

/** `nasbench load`'s text: each computer's rate (or why it has none), the total, and each step up. */
export function loadText(result: LoadResult): string {
  const lines = result.clients.map((client) =>
    client.ok
      ? `  ${loadComputerName(client).padEnd(24)} ${formatRate(client.bytesPerSecond, 'MB/s').padStart(12)}  ${client.dir}`
      : `  ${loadComputerName(client).padEnd(24)} ${'no figure'.padStart(12)}  ${helperFailureWords(client)}`,
  );
  return [
    `${result.rw === 'write' ? 'Writing' : 'Reading'} from ${result.clients.length} computers at once (fio client/server):`,
    ...lines,
    `  ${'total'.padEnd(24)} ${formatRate(result.total.bytesPerSecond, 'MB/s').padStart(12)}`,
    ...(result.stepUp ?? []).map(
      (step) =>
        `  ${`${step.computers} ${step.computers === 1 ? 'computer' : 'computers'}`.padEnd(24)} ${formatRate(step.bytesPerSecond, 'MB/s').padStart(12)}`,
    ),
    '',
  ].join('\n');
}
