import type { WriteSizeRow } from '../../../../shared/kinds/network/write-sizes';
import { formatRate, type RateUnit } from '../../../../shared/util/units';
import { SpreadMark } from '../../components/Spread';
import tables from '../../components/tables.module.css';
import styles from './NetworkResults.module.css';

/** One TCP test per write size, a row each: where small writes cost the NAS (or this computer) its speed. */
export function WriteSizeTable({ rows, unit }: { rows: WriteSizeRow[]; unit: RateUnit }) {
  return (
    <table className={`${tables.figures} ${styles.averages}`} data-testid="write-size-table">
      <caption>One test per TCP write size (iperf3 -l)</caption>
      <thead>
        <tr>
          <th scope="col">Write size</th>
          <th scope="col">Rate</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ label, lengthBytes, result }, index) => (
          <tr key={`${index}-${lengthBytes}`} data-length-bytes={lengthBytes}>
            <th scope="row">{label}</th>
            <td data-bytes-per-second={result.summary.bitsPerSecond / 8}>
              {formatRate(result.summary.bitsPerSecond / 8, unit)}
              <SpreadMark spread={result.summary.spread} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
