import { useId, useState } from 'react';
import { CategoryScale, Chart, Tooltip, type ChartArea, type Plugin } from 'chart.js';
import { MatrixController, MatrixElement } from 'chartjs-chart-matrix';
import type { DiskSweepSummary, DiskTestResult, HeatmapPanel } from '../../../../shared/contract/disk';
import { describeSweep, heatmapCellTest, heatmapOpacity, heatmapPanelTitle } from '../../../../shared/sweep/words';
import {
  formatMetric,
  gridCell,
  gridMetrics,
  metricCellLabel,
  metricCellText,
  metricScale,
  metricValue,
  sweepGridCells,
  type GridMetric,
  type SweepGridCell,
} from '../../../../shared/sweep/grid';
import { formatBytes, sizeLabel, type RateUnit } from '../../../../shared/util/units';
import { RadioChoices } from '../../components/Choices';
import { axisStyle, withAlpha, type ChartColours } from '../../components/chart-theme';
import { ChartBox } from '../../components/ChartBox';
import { SpreadMark } from '../../components/Spread';
import tables from '../../components/tables.module.css';
import { useChart } from '../../components/use-chart';
import text from '../../theme/text.module.css';
import { SweepJobScaling } from './SweepJobScaling';
import styles from './SweepHeatmaps.module.css';

Chart.register(MatrixController, MatrixElement, CategoryScale, Tooltip);

/** What the heatmaps show and how: one metric, its shared scale, and what a cell needs to be read. */
interface View {
  metric: GridMetric;
  shade(value: number): number;
  tests: readonly DiskTestResult[];
  unit: RateUnit;
}

/**
 * One cell, placed by its labels: a category scale reads a number as the data point's own index,
 * not as the label's, so numeric x/y would stack cells out of place.
 */
interface Cell {
  x: string;
  y: string;
  column: number;
  row: number;
  /** The metric's figure; null for a cell that did not run (or, for p99, was not measured). */
  value: number | null;
  /** An adaptive sweep inferred it from measured neighbours. */
  inferred: boolean;
  grid: SweepGridCell;
}

function cellSize(area: ChartArea | undefined, side: 'width' | 'height', count: number): number {
  return area ? Math.max(1, area[side] / count - 2) : 0;
}

const xLabels = (panel: HeatmapPanel) => panel.x.map(formatBytes);
const yLabels = (panel: HeatmapPanel) => panel.y.map(sizeLabel);

function cellsOf(panel: HeatmapPanel, view: View): Cell[] {
  const columns = xLabels(panel);
  const rows = yLabels(panel);
  return panel.values.flatMap((values, row) =>
    values.map((_, column) => {
      const grid = gridCell(panel, row, column, view.tests);
      return {
        x: columns[column] ?? '',
        y: rows[row] ?? '',
        column,
        row,
        value: metricValue(grid, view.metric),
        inferred: grid.how === 'inferred',
        grid,
      };
    }),
  );
}

/**
 * Light to full colour on one scale for every panel; a faint outline for cells that did not run;
 * an inferred cell half as strong (and outlined in the text colour): never drawn as measured.
 */
function cellColour(cell: Pick<Cell, 'value' | 'inferred'>, view: View, colours: ChartColours): string {
  const base = colours.series[0] ?? '#0072B2';
  if (cell.value === null) return 'transparent';
  const shade = view.shade(cell.value) * (cell.inferred ? 0.5 : 1);
  return withAlpha(base, heatmapOpacity(shade));
}

/** Each cell's figure written in it, so the colour is never the only way to read it. */
function valuePlugin(cells: readonly Cell[], view: View, colours: ChartColours): Plugin<'matrix'> {
  return {
    id: 'heatmapValues',
    afterDatasetsDraw(chart) {
      const { ctx } = chart;
      const elements = chart.getDatasetMeta(0).data;
      ctx.save();
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.font = `12px ${Chart.defaults.font.family ?? 'sans-serif'}`;
      const placed: string[] = [];
      cells.forEach((cell, index) => {
        const element = elements[index];
        if (!element) return;
        // A matrix element's x/y are its top-left corner.
        const box = element.getProps(['x', 'y', 'width', 'height'], true) as Record<string, number>;
        const x = (box.x ?? 0) + (box.width ?? 0) / 2;
        const y = (box.y ?? 0) + (box.height ?? 0) / 2;
        placed.push(`${cell.x}|${cell.y}|${Math.round(x)}|${Math.round(y)}${cell.inferred ? '|inferred' : ''}`);
        const dark = cell.value !== null && !cell.inferred && view.shade(cell.value) > 0.55;
        ctx.fillStyle = dark ? '#ffffff' : colours.text;
        ctx.fillText(metricCellText(cell.grid, view.metric, view.unit), x, y);
      });
      ctx.restore();
      // Where each cell landed (file size|block size|centre x|centre y), for tests to read back from the chart.
      chart.canvas.setAttribute('data-cells', placed.join(';'));
    },
  };
}

function HeatmapPanelChart({ panel, view }: { panel: HeatmapPanel; view: View }) {
  const canvasRef = useChart(
    (canvas, colours) => {
      const cells = cellsOf(panel, view);
      const columns = panel.x.length;
      const rows = panel.y.length;
      const axis = (labels: string[], title: string, reverse: boolean) => ({
        ...axisStyle(colours, title),
        type: 'category' as const,
        labels,
        offset: true,
        reverse,
        grid: { display: false },
      });
      return new Chart(canvas, {
        type: 'matrix',
        data: {
          datasets: [
            {
              label: heatmapPanelTitle(panel),
              data: cells,
              backgroundColor: (context) =>
                cellColour(cells[context.dataIndex] ?? { value: null, inferred: false }, view, colours),
              borderColor: (context) => (cells[context.dataIndex]?.inferred ? colours.text : colours.grid),
              borderWidth: 1,
              // chartArea is unset until the first layout, when the options are first resolved.
              width: ({ chart: c }) => cellSize(c.chartArea as ChartArea | undefined, 'width', columns),
              height: ({ chart: c }) => cellSize(c.chartArea as ChartArea | undefined, 'height', rows),
            },
          ],
        },
        options: {
          animation: false,
          responsive: true,
          maintainAspectRatio: false,
          scales: {
            x: axis(xLabels(panel), 'File size per job', false),
            // Largest block size on top, as a table reads.
            y: axis(yLabels(panel), 'Block size', true),
          },
          plugins: {
            legend: { display: false },
            tooltip: {
              callbacks: {
                title: () => heatmapPanelTitle(panel),
                label: (item) => {
                  const cell = cells[item.dataIndex];
                  return cell ? metricCellLabel(cell.grid, view.metric, view.unit) : '';
                },
              },
            },
          },
        },
        plugins: [valuePlugin(cells, view, colours)],
      });
    },
    [panel, view],
  );

  const title = heatmapPanelTitle(panel);
  return (
    <figure className={styles.heatmap} data-testid="sweep-heatmap" data-jobs={panel.jobs} data-rw={panel.rw}>
      <figcaption>{title[0]?.toUpperCase() + title.slice(1)}</figcaption>
      <ChartBox height="260px">
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`Heatmap, ${title}: ${metricLabel(view.metric, view.unit)} by block size and file size. The table below has the figures.`}
        />
      </ChartBox>
    </figure>
  );
}

const metricLabel = (metric: GridMetric, unit: RateUnit) =>
  metric === 'throughput' || metric === 'perJob'
    ? `${gridMetrics.find((each) => each.id === metric)?.label.toLowerCase() ?? ''} in ${unit}`
    : metric === 'iops'
      ? 'IOPS'
      : 'p99 latency';

const metricOptions = gridMetrics.map(({ id, label }) => ({ value: id, label, testId: `sweep-metric-${id}` }));

/**
 * The sweep's heatmaps, one per jobs value and direction, coloured on one scale shared by every
 * panel, for the metric chosen (throughput, per job, IOPS, p99 latency), with the figures as a table
 * and how more jobs helped.
 */
export function SweepHeatmaps({
  sweep,
  unit,
  tests = [],
}: {
  sweep: DiskSweepSummary;
  unit: RateUnit;
  /** The sweep's cells as tests: each carries its spread, IOPS and latency. */
  tests?: readonly DiskTestResult[];
}) {
  const id = useId();
  const [metric, setMetric] = useState<GridMetric>('throughput');
  const scale = metricScale(sweepGridCells(sweep, tests), metric);
  const view: View | null = scale && { metric, shade: scale.shade, tests, unit };
  const better = gridMetrics.find((each) => each.id === metric)?.higherIsBetter === false ? 'lowest' : 'highest';
  return (
    <section aria-labelledby="sweep-heatmaps-title" data-testid="sweep-heatmaps">
      <h3 id="sweep-heatmaps-title">Where the NAS is fastest</h3>
      <p data-testid="sweep-summary">{describeSweep(sweep, unit)}</p>
      <SweepJobScaling sweep={sweep} tests={tests} unit={unit} />
      <RadioChoices
        legend="Show"
        name={`${id}-metric`}
        options={metricOptions}
        value={metric}
        onChange={setMetric}
        layout="row"
      />
      {scale && view ? (
        <>
          <p className={text.muted} data-testid="sweep-scale">
            Figures: {metricLabel(metric, unit)}. One colour scale for every panel: palest{' '}
            {formatMetric(better === 'highest' ? scale.min : scale.max, metric, unit)}, darkest{' '}
            {formatMetric(better === 'highest' ? scale.max : scale.min, metric, unit)} (the {better} is the best).
          </p>
          <div className={styles.heatmaps}>
            {sweep.panels.map((panel) => (
              <HeatmapPanelChart key={`${panel.jobs}-${panel.rw}-${metric}`} panel={panel} view={view} />
            ))}
          </div>
        </>
      ) : (
        <p className={text.muted} data-testid="sweep-scale">
          No cell has a {metricLabel(metric, unit)} figure.
        </p>
      )}
      <details>
        <summary>Sweep figures as a table</summary>
        {sweep.panels.map((panel) => (
          <table className={tables.figures} key={`${panel.jobs}-${panel.rw}`} data-testid="sweep-table">
            <caption>
              {heatmapPanelTitle(panel)}: {metricLabel(metric, unit)}
            </caption>
            <thead>
              <tr>
                <th scope="col">Block size</th>
                {panel.x.map((size) => (
                  <th scope="col" key={size}>
                    {formatBytes(size)} files
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {panel.y.map((bs, row) => (
                <tr key={bs}>
                  <th scope="row">{sizeLabel(bs)}</th>
                  {panel.x.map((size, column) => {
                    const cell = gridCell(panel, row, column, tests);
                    const value = metricValue(cell, metric);
                    const figure = formatMetric(value, metric, unit);
                    return (
                      <td key={size} data-inferred={cell.how === 'inferred' || undefined}>
                        {cell.how === 'inferred' && value !== null ? `≈ ${figure} (inferred)` : figure}
                        {/* The ± is the throughput's second-by-second spread (IOPS at one block size moves
                            with it); fio gives one p99 for the whole cell, so a latency carries none. */}
                        {cell.how === 'measured' && metric !== 'p99' && (
                          <SpreadMark spread={heatmapCellTest(panel, row, column, tests)?.spread} />
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </details>
    </section>
  );
}
