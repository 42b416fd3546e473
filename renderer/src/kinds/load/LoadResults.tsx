import type { LoadResult } from '../../../../shared/contract/load';
import { formatRate, type RateUnit } from '../../../../shared/util/units';
import {
  helperFailureWords,
  loadCacheWords,
  loadCaption,
  loadClientCacheWords,
  loadComputerName,
  loadTotalLabel,
} from '../../../../shared/kinds/load/words';
import { SpreadMark } from '../../components/Spread';
import tables from '../../components/tables.module.css';
import text from '../../theme/text.module.css';

/** Each computer's figure (or why it has none), and the total of those that measured. */
export function LoadResults({ result, unit }: { result: LoadResult; unit: RateUnit }) {
  return (
    <>
      <table className={tables.result} data-testid="load-results">
        <caption className={text.muted}>{loadCaption(result)}</caption>
        <thead>
          <tr>
            <th scope="col">Computer</th>
            <th scope="col">Folder there</th>
            <th scope="col">{result.rw === 'write' ? 'Wrote' : 'Read'}</th>
          </tr>
        </thead>
        <tbody>
          {result.clients.map((client) => (
            <tr key={`${client.host}:${client.port}`} data-testid="load-client" data-ok={client.ok}>
              <th scope="row">{loadComputerName(client)}</th>
              <td>
                <code>{client.dir}</code>
              </td>
              <td data-bytes-per-second={client.ok ? client.bytesPerSecond : undefined}>
                {client.ok ? (
                  <>
                    {formatRate(client.bytesPerSecond, unit)}
                    <SpreadMark spread={client.spread} />
                    {client.onNas && (
                      <span className={text.muted} data-testid="load-nas-cache">
                        {' '}
                        {loadClientCacheWords(client, result.direct)}
                      </span>
                    )}
                  </>
                ) : (
                  `No figure: ${helperFailureWords(client)}`
                )}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {loadTotalLabel(result.clients)}
            </th>
            <td data-testid="load-total" data-bytes-per-second={result.total.bytesPerSecond}>
              {formatRate(result.total.bytesPerSecond, unit)}
              <SpreadMark spread={result.total.spread} testId="load-total-spread" />
            </td>
          </tr>
        </tfoot>
      </table>
      <p className={text.muted}>
        Their measured windows started within {result.total.startSpreadSeconds.toFixed(1)} s of each other, inside the 2
        s ramp-up: they measured together. {loadCacheWords(result.direct)}
      </p>
    </>
  );
}
