import { Chart, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { useId, useMemo, useState } from 'react';
import type { RunSummary } from '../../../../shared/contract/runs';
import { throughputAxisTitle } from '../../../../shared/util/chart-data';
import { rateInUnit, type RateUnit } from '../../../../shared/util/units';
import { formatRateWithSpread } from '../../../../shared/words/spread';
import {
  nasesInHistory,
  trendsOfNas,
  verdictLines,
  type NasInHistory,
  type Trend,
  type TrendPoint,
} from '../../../../shared/history/trends';
import { Card } from '../../components/Card';
import { ChartBox } from '../../components/ChartBox';
import { verticalMarkers } from '../../components/chart-markers';
import { axisStyle } from '../../components/chart-theme';
import { SpreadMark } from '../../components/Spread';
import { TermText } from '../../components/Term';
import tables from '../../components/tables.module.css';
import { useChart } from '../../components/use-chart';
import text from '../../theme/text.module.css';
import styles from './Trends.module.css';

// Time is a linear axis in milliseconds with date labels: no date adapter package is needed.
Chart.register(LineController, LineElement, PointElement, LinearScale, Tooltip);

const day = (ms: number) => new Date(ms).toLocaleDateString(undefined, { dateStyle: 'medium' });
const dayAndTime = (ms: number) => new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const twoDays = 2 * 24 * 3600 * 1000;
const spreadOf = (point: TrendPoint) =>
  point.spread === null ? null : { relative: point.spread, basis: 'samples' as const };

/**
 * How each NAS changed over time: pick the NAS, read the verdicts, then one chart per figure with
 * the runs' tags as markers. Only like-for-like runs share a chart (shared/history/trends.ts).
 */
export function Trends({ summaries, unit }: { summaries: RunSummary[]; unit: RateUnit }) {
  const titleId = useId();
  const nases = useMemo(() => nasesInHistory(summaries), [summaries]);
  const [pickedKey, setPickedKey] = useState<string | null>(null);
  const nas = nases.find((candidate) => candidate.key === pickedKey) ?? nases[0];
  const nasKey = nas?.key;
  const trends = useMemo(() => (nasKey ? trendsOfNas(summaries, nasKey) : []), [summaries, nasKey]);
  if (!nas) return null;
  const verdicts = verdictLines(trends);
  return (
    <Card aria-labelledby={titleId} data-testid="trends">
      <h2 id={titleId}>How each NAS changed</h2>
      <NasPicker nases={nases} picked={nas} onPick={setPickedKey} />
      {trends.length === 0 ? (
        <p className={text.muted}>
          A trend appears once this NAS has two finished runs of the same kind: the same plan, connection (its name and
          kind of link) and settings.
        </p>
      ) : (
        <>
          {verdicts.length > 0 ? (
            <ul className={styles.verdicts} data-testid="trend-verdicts">
              {verdicts.map((verdict) => (
                <li key={verdict.text} data-testid="trend-verdict" data-direction={verdict.direction}>
                  <TermText text={verdict.text} />
                </li>
              ))}
            </ul>
          ) : (
            <p className={text.muted}>No figure moved beyond its noise in this NAS’s latest runs.</p>
          )}
          <div className={styles.trends}>
            {trends.map((trend) => (
              <TrendFigure key={trend.label} trend={trend} unit={unit} />
            ))}
          </div>
        </>
      )}
    </Card>
  );
}

/** A select when there are several NASes; the NAS's name otherwise. */
function NasPicker({
  nases,
  picked,
  onPick,
}: {
  nases: NasInHistory[];
  picked: NasInHistory;
  onPick: (key: string) => void;
}) {
  const id = useId();
  const runs = (nas: NasInHistory) => `${nas.runs} finished ${nas.runs === 1 ? 'run' : 'runs'}`;
  if (nases.length === 1) {
    return (
      <p data-testid="trend-nas">
        {picked.name} <span className={text.muted}>· {runs(picked)}</span>
      </p>
    );
  }
  // Two NASes may carry one name (two boxes called "nas"): the date of the last run tells them apart.
  const sameName = (nas: NasInHistory) => nases.filter((other) => other.name === nas.name).length > 1;
  return (
    <p className={styles.picker}>
      <label htmlFor={id}>NAS</label>
      <select id={id} value={picked.key} onChange={(event) => onPick(event.target.value)} data-testid="trend-nas">
        {nases.map((nas) => (
          <option key={nas.key} value={nas.key}>
            {`${nas.name} (${runs(nas)}${sameName(nas) ? `, last on ${day(Date.parse(nas.lastRunAt))}` : ''})`}
          </option>
        ))}
      </select>
    </p>
  );
}

/** Tags named on a chart and under it: the latest few; older ones are lines, and in the table. */
const namedMarkers = 6;

function TrendFigure({ trend, unit }: { trend: Trend; unit: RateUnit }) {
  const named = trend.markers.slice(-namedMarkers);
  const older = trend.markers.length - named.length;
  return (
    <figure className={styles.trend} data-testid="trend" data-test={trend.test} data-points={trend.points.length}>
      <figcaption>{trend.label}</figcaption>
      <TrendChart trend={trend} unit={unit} />
      {trend.markers.length > 0 && (
        <ul className={styles.markers} aria-label="Tags">
          {older > 0 && (
            <li className={text.muted}>
              {older} earlier {older === 1 ? 'tag' : 'tags'} (marked, and in the table)
            </li>
          )}
          {named.map((marker) => (
            <li key={marker.runId} data-testid="trend-marker">
              {day(marker.at)}: {marker.label}
            </li>
          ))}
        </ul>
      )}
      <TrendTable trend={trend} unit={unit} />
    </figure>
  );
}

function TrendChart({ trend, unit }: { trend: Trend; unit: RateUnit }) {
  const canvasRef = useChart(
    (canvas, colours) => {
      const { points } = trend;
      const first = points[0]?.at ?? 0;
      const last = points.at(-1)?.at ?? first;
      const span = last - first;
      // A little room either side, so the first and last points and their markers are not on the frame: in
      // proportion to the span (runs a minute apart stay a minute apart, not lost in a day's axis).
      const room = Math.max(span * 0.05, 30 * 1000);
      const colour = colours.series[0] ?? colours.text;
      const axis = axisStyle(colours);
      return new Chart(canvas, {
        type: 'line',
        data: {
          datasets: [
            {
              label: trend.test,
              data: points.map((point) => ({ x: point.at, y: rateInUnit(point.bytesPerSecond, unit) })),
              borderColor: colour,
              backgroundColor: colour,
              borderWidth: 2,
              // Years of runs are a line; a handful are points one can pick.
              pointRadius: points.length > 200 ? 0 : 3,
            },
          ],
        },
        options: {
          animation: false,
          responsive: true,
          maintainAspectRatio: false,
          scales: {
            x: {
              type: 'linear',
              min: first - room,
              max: last + room,
              ...axis,
              ticks: {
                ...axis.ticks,
                maxTicksLimit: 5,
                callback: (value) => (span < twoDays ? dayAndTime(Number(value)) : day(Number(value))),
              },
            },
            y: { type: 'linear', beginAtZero: true, ...axisStyle(colours, throughputAxisTitle(unit)) },
          },
          plugins: {
            legend: { display: false },
            tooltip: {
              callbacks: {
                title: (items) => dayAndTime(items[0]?.parsed.x ?? Number.NaN),
                label: (item) => {
                  const point = points[item.dataIndex];
                  if (!point) return '';
                  const tags = point.tags.length > 0 ? ` (${point.tags.join(', ')})` : '';
                  return `${formatRateWithSpread(point.bytesPerSecond, unit, spreadOf(point))}${tags}`;
                },
              },
            },
          },
        },
        plugins: [
          verticalMarkers(
            'trendMarkers',
            trend.markers.map((marker, index) => ({
              x: marker.at,
              label: index >= trend.markers.length - namedMarkers ? marker.label : '',
            })),
            colours,
          ),
        ],
      });
    },
    [trend, unit],
  );
  const from = trend.points[0];
  const to = trend.points.at(-1);
  return (
    <ChartBox height="12rem">
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={`${trend.label}: ${trend.points.length} runs${
          from && to ? ` from ${day(from.at)} to ${day(to.at)}` : ''
        }. The table below has the figures.`}
      />
    </ChartBox>
  );
}

/** The chart's readings as a table, for screen readers and for copying; built only when opened. */
function TrendTable({ trend, unit }: { trend: Trend; unit: RateUnit }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Readings as a table</summary>
      {open && (
        <table className={tables.figures} data-testid="trend-table">
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col">{trend.test}</th>
              <th scope="col">Tags</th>
            </tr>
          </thead>
          <tbody>
            {trend.points.map((point) => (
              <tr key={point.runId}>
                <th scope="row">{dayAndTime(point.at)}</th>
                <td data-bytes-per-second={point.bytesPerSecond}>
                  {formatRateWithSpread(point.bytesPerSecond, unit, null)}
                  <SpreadMark spread={spreadOf(point)} />
                </td>
                <td>{point.tags.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </details>
  );
}
