import type { Comparison } from '../../../../shared/history/compare-runs';
import tables from '../../components/tables.module.css';
import text from '../../theme/text.module.css';
import styles from './CompareRuns.module.css';

/**
 * Compare's "What the NAS itself did": per test, each run's processor, busiest process and drive,
 * and what the NAS verdicts found there, with the findings only some runs show said first.
 */
export function CompareNas({ comparison }: { comparison: Comparison }) {
  const { nas, runs } = comparison;
  if (nas.rows.length === 0) return null;
  return (
    <section aria-labelledby="compare-nas-title" data-testid="compare-nas">
      <h3 id="compare-nas-title">What the NAS itself did</h3>
      {nas.differences.length > 0 && (
        <ul className={styles.differences} data-testid="compare-nas-differences">
          {nas.differences.map((difference) => (
            <li key={difference}>{difference}</li>
          ))}
        </ul>
      )}
      <table className={tables.figures} data-testid="compare-nas-table">
        <thead>
          <tr>
            <th scope="col">Test</th>
            {runs.map((run) => (
              <th scope="col" key={run.id}>
                {run.link}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {nas.rows.map((row) => (
            <tr key={row.test}>
              <th scope="row">{row.test}</th>
              {row.cells.map((cell, index) => (
                <td
                  key={runs[index]?.id ?? index}
                  data-cpu-busy={cell?.cpuBusy}
                  data-verdicts={cell ? cell.verdicts.join(' ') : undefined}
                >
                  {cell ? (
                    <>
                      {cell.words.map((words) => (
                        <span key={words} className={styles.nasPart}>
                          {words}
                        </span>
                      ))}
                      {cell.findings.map((finding) => (
                        <strong key={finding} className={styles.nasPart}>
                          {finding}
                        </strong>
                      ))}
                    </>
                  ) : (
                    <span className={text.muted}>not watched</span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
