import type { DiskSweepSummary, DiskTestResult } from '../../../../shared/contract/disk';
import { describeJobScaling, jobScaling, perJobTable } from '../../../../shared/sweep/scaling';
import { formatBytes, formatRate, sizeLabel, type RateUnit } from '../../../../shared/util/units';
import { SpreadMark } from '../../components/Spread';
import tables from '../../components/tables.module.css';
import text from '../../theme/text.module.css';

/**
 * How more parallel jobs helped (seed 002's "throughput ÷ numjobs per process"): where the pool
 * saturates in words, and each measured job count's total and per-job figure, the saturation point
 * marked. Nothing when the sweep tried one job count only.
 */
export function SweepJobScaling({
  sweep,
  tests,
  unit,
}: {
  sweep: DiskSweepSummary;
  tests: readonly DiskTestResult[];
  unit: RateUnit;
}) {
  const scaling = jobScaling(sweep, tests);
  if (scaling.length === 0) return null;
  const { jobs, rows } = perJobTable(scaling);
  return (
    <section aria-labelledby="sweep-jobs-title" data-testid="sweep-job-scaling">
      <h4 id="sweep-jobs-title">How more jobs help</h4>
      <ul>
        {scaling.map((each) => (
          <li key={`${each.rw}-${each.bs}`} data-testid="sweep-saturation">
            {describeJobScaling(each, unit)}
          </li>
        ))}
      </ul>
      <table className={tables.figures} data-testid="sweep-per-job-table">
        <caption>
          Throughput with each number of jobs on {formatBytes(scaling[0]?.fileSize ?? 0)} files, and per job (÷ jobs)
        </caption>
        <thead>
          <tr>
            <th scope="col">Blocks</th>
            {jobs.map((count) => (
              <th scope="col" key={count}>
                {count} {count === 1 ? 'job' : 'jobs'}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.rw}-${row.bs}`}>
              <th scope="row">
                {sizeLabel(row.bs)} {row.rw === 'write' ? 'writing' : 'reading'}
              </th>
              {row.figures.map((figure, column) => (
                <td key={jobs[column]} data-saturation={figure?.saturated || undefined}>
                  {figure === null ? (
                    <span className={text.muted}>not measured</span>
                  ) : (
                    <>
                      {figure.saturated ? (
                        <strong>{formatRate(figure.bytesPerSecond, unit)}</strong>
                      ) : (
                        formatRate(figure.bytesPerSecond, unit)
                      )}
                      <SpreadMark spread={figure.spread} />
                      <br />
                      <span className={text.muted}>{formatRate(figure.perJobBytesPerSecond, unit)} per job</span>
                    </>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className={text.muted}>
        Bold: where more jobs stop helping beyond the noise (± how much each measurement varied). Measured cells only.
      </p>
    </section>
  );
}
