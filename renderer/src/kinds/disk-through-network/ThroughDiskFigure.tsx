import type { DiskThroughNetworkResult } from '../../../../shared/contract/runs';
import { throughDiskLimit } from '../../../../shared/kinds/disk-through-network/limit';
import { formatRate } from '../../../../shared/util/units';
import { throughNetworkCache } from '../../../../shared/words/cache';
import { Headline } from '../../components/Headline';
import { UnsteadyNote } from '../../components/Spread';
import tables from '../../components/tables.module.css';
import { TermText } from '../../components/Term';
import text from '../../theme/text.module.css';
import type { ResultViewProps } from '../types';
import styles from './ThroughDiskFigure.module.css';

/**
 * iperf3 writing to (or sending from) a file on the NAS, with the network alone and the disks alone
 * beside it: the smaller of the two is what a copy can get, and the words say which it was.
 */
export function ThroughDiskFigure({ result, unit }: ResultViewProps<DiskThroughNetworkResult>) {
  const limit = throughDiskLimit(result);
  const figure = result.bitsPerSecond / 8;
  const disks = result.alone?.disks;
  const cache = throughNetworkCache(result);
  return (
    <section data-testid="saved-disk-through-network" data-limit={limit?.limit}>
      <Headline
        label={result.label}
        value={formatRate(figure, unit)}
        valueTestId="through-disk-figure"
        bytesPerSecond={figure}
        spread={result.spread}
      />
      {result.alone && (
        <table className={`${tables.figures} ${styles.parts}`} data-testid="through-disk-parts">
          <caption className={text.muted}>Each part alone, measured in the same run</caption>
          <tbody>
            <tr>
              <th scope="row">The network alone</th>
              <td data-testid="through-disk-network-alone">{formatRate(result.alone.networkBytesPerSecond, unit)}</td>
            </tr>
            <tr>
              <th scope="row">The disks alone{disks ? ` (${disks.test})` : ''}</th>
              <td data-testid="through-disk-disks-alone">
                {disks ? formatRate(disks.bytesPerSecond, unit) : 'not measured'}
              </td>
            </tr>
          </tbody>
        </table>
      )}
      {limit && (
        <p data-testid="through-disk-limit">
          <TermText text={limit.text} />
        </p>
      )}
      {/* The engine's note says what the NAS's memory did and whether the figure was steady; older runs have none. */}
      {result.note ? (
        <p className={text.muted} data-testid="through-disk-note" data-likely-cached={result.likelyCached}>
          <TermText text={result.note} />
        </p>
      ) : (
        <>
          {cache && <p className={text.muted}>{cache.words}.</p>}
          <UnsteadyNote spread={result.spread} />
        </>
      )}
    </section>
  );
}
