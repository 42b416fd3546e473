import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useState } from 'react';
import { throughputAxisTitle } from '../../../../shared/chart-data';
import { compareRuns, type Comparison } from '../../../../shared/compare-runs';
import type { RunRecord as SavedRun } from '../../../../shared/runs';
import { formatRate, rateInUnit, type RateUnit } from '../../../../shared/units';
import { axisStyle } from '../../components/chart-theme';
import { useChart } from '../../components/use-chart';
import { useSavedRunsActions } from '../../stores/saved-runs';
import { selectRateUnit, useSettingsStore } from '../../stores/settings';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** Grouped bars: one group per test, one bar per run, in the runs' link names. */
function CompareChart({ comparison, unit }: { comparison: Comparison; unit: RateUnit }) {
  const canvasRef = useChart(
    (canvas, colours) =>
      new Chart(canvas, {
        type: 'bar',
        data: {
          labels: comparison.rows.map((row) => row.test),
          datasets: comparison.runs.map((run, index) => ({
            label: run.link,
            data: comparison.rows.map((row) => rateInUnit(row.values[index] ?? 0, unit)),
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
    <div className="compare-chart">
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={`Bars per test for ${comparison.runs.map((run) => run.link).join(', ')}. The table below has the figures.`}
      />
    </div>
  );
}

/** The ticked runs side by side: which link each was measured over, the figures, and the differences in words. */
export function CompareRuns({ runIds }: { runIds: string[] }) {
  const { fetch } = useSavedRunsActions();
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
  if (!records || records.length < 2) return null;
  const comparison = compareRuns(records);
  return (
    <section className="card" aria-labelledby="compare-title" data-testid="compare">
      <h2 id="compare-title">Compared</h2>
      <ul className="compare-differences" data-testid="compare-differences">
        {comparison.differences.map((difference) => (
          <li key={difference}>{difference}</li>
        ))}
      </ul>
      {comparison.rows.length > 0 && <CompareChart comparison={comparison} unit={unit} />}
      <table className="samples" data-testid="compare-table">
        <thead>
          <tr>
            <th scope="col">Test</th>
            {comparison.runs.map((run) => (
              <th scope="col" key={run.id}>
                {run.link}
                <span className="muted"> · {new Date(run.startedAt).toLocaleString()}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {comparison.rows.map((row) => (
            <tr key={row.test}>
              <th scope="row">{row.test}</th>
              {row.values.map((value, index) => (
                <td key={comparison.runs[index]?.id ?? index}>
                  {value === null ? 'not measured' : formatRate(value, unit)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
