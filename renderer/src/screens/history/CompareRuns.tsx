import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef, useState } from 'react';
import { throughputAxisTitle } from '../../../../shared/util/chart-data';
import { compareRuns, type Comparison } from '../../../../shared/history/compare-runs';
import type { RunRecord as SavedRun } from '../../../../shared/contract/runs';
import { formatRate, rateInUnit, type RateUnit } from '../../../../shared/util/units';
import { axisStyle } from '../../components/chart-theme';
import { Card } from '../../components/Card';
import { ChartBox } from '../../components/ChartBox';
import { Notice } from '../../components/Notice';
import { SpreadMark } from '../../components/Spread';
import tables from '../../components/tables.module.css';
import { useChart } from '../../components/use-chart';
import { useSavedRunsActions } from '../../stores/saved-runs';
import { selectRateUnit, useSettingsStore } from '../../stores/settings';
import text from '../../theme/text.module.css';
import { CompareNas } from './CompareNas';
import styles from './CompareRuns.module.css';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** Grouped bars: one group per test, one bar per run, in the runs' link names; figures set apart are left out. */
function CompareChart({ comparison, unit }: { comparison: Comparison; unit: RateUnit }) {
  const canvasRef = useChart(
    (canvas, colours) =>
      new Chart(canvas, {
        type: 'bar',
        data: {
          labels: comparison.rows.map((row) => row.test),
          datasets: comparison.runs.map((run, index) => ({
            label: run.link,
            // A figure about another link than its run's is not drawn beside the others as if it were like for like.
            data: comparison.rows.map((row) => (row.apart[index] ? null : rateInUnit(row.values[index] ?? 0, unit))),
            backgroundColor: colours.series[index % colours.series.length] ?? colours.text,
          })),
        },
        options: {
          animation: false,
          responsive: true,
          maintainAspectRatio: false,
          scales: {
            x: axisStyle(colours),
            y: { ...axisStyle(colours, throughputAxisTitle(unit)), beginAtZero: true },
          },
          plugins: { legend: { labels: { color: colours.text } } },
        },
      }),
    [comparison, unit],
  );
  return (
    <ChartBox height="300px" margin="1rem 0">
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={`Bars per test for ${comparison.runs.map((run) => run.link).join(', ')}. The table below has the figures.`}
      />
    </ChartBox>
  );
}

/** The ticked runs side by side: which link each was measured over, the figures, and the differences in words. */
export function CompareRuns({ runIds, scrollAsked = 0 }: { runIds: string[]; scrollAsked?: number }) {
  const { fetch } = useSavedRunsActions();
  // A press of the button above that came before the runs were read is answered once they are: on a busy
  // computer the first click came while the comparison was not there yet, and nothing moved.
  const scrolledFor = useRef(scrollAsked);
  const unit = useSettingsStore(selectRateUnit);
  const [records, setRecords] = useState<SavedRun[] | null>(null);
  useEffect(() => {
    let stop = false;
    void Promise.all(runIds.map((runId) => fetch(runId))).then((fetched) => {
      if (!stop) setRecords(fetched.filter((record): record is SavedRun => record !== undefined));
    });
    return () => {
      stop = true;
    };
  }, [fetch, runIds]);
  const shown = records !== null && records.length >= 2;
  useEffect(() => {
    if (!shown || scrollAsked === scrolledFor.current) return;
    scrolledFor.current = scrollAsked;
    document.getElementById('compare-title')?.scrollIntoView({ block: 'start' });
  }, [shown, scrollAsked]);
  if (!shown) return null;
  const comparison = compareRuns(records);
  return (
    <Card aria-labelledby="compare-title" data-testid="compare">
      <h2 id="compare-title">Compared</h2>
      {comparison.inWords.length > 0 && (
        <ul className={styles.differences} data-testid="compare-in-words">
          {comparison.inWords.map((words) => (
            <li key={words}>{words}</li>
          ))}
        </ul>
      )}
      <ul className={styles.differences} data-testid="compare-differences">
        {comparison.differences.map((difference) => (
          <li key={difference}>{difference}</li>
        ))}
      </ul>
      {comparison.warnings.length > 0 && (
        <Notice tone="warning" testId="compare-warnings" title="Not compared as like for like">
          <ul className={styles.differences}>
            {comparison.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </Notice>
      )}
      {comparison.rows.length > 0 && <CompareChart comparison={comparison} unit={unit} />}
      <table className={tables.figures} data-testid="compare-table">
        <thead>
          <tr>
            <th scope="col">Test</th>
            {comparison.runs.map((run) => (
              <th scope="col" key={run.id}>
                {run.link}
                <span className={text.muted}> · {new Date(run.startedAt).toLocaleString()}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {comparison.rows.map((row) => (
            <tr key={row.test}>
              <th scope="row">{row.test}</th>
              {row.values.map((value, index) => (
                <td
                  key={comparison.runs[index]?.id ?? index}
                  data-apart={row.apart[index] || undefined}
                  data-bytes-per-second={value ?? undefined}
                >
                  {value === null ? (
                    'not measured'
                  ) : (
                    <>
                      {formatRate(value, unit)}
                      <SpreadMark spread={row.spreads[index]} />
                      {row.notes[index] && <span className={text.muted}> ({row.notes[index]})</span>}
                    </>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <CompareNas comparison={comparison} />
    </Card>
  );
}
