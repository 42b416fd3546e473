import { CategoryScale, Chart, Tooltip, type ChartArea, type Plugin } from 'chart.js';
import { MatrixController, MatrixElement } from 'chartjs-chart-matrix';
import type { DiskSweepSummary, DiskTestResult, HeatmapPanel } from '../../../../shared/contract/disk';
import {
  describeSweep,
  heatmapCellText,
  inferredMark,
  isInferredCell,
  heatmapCellTest,
  heatmapCellLabel,
  heatmapPanelTitle,
  heatmapScale,
  heatmapOpacity,
  heatmapShade,
} from '../../../../shared/words/sweep';
import { formatBytes, formatRate, sizeLabel, type RateUnit } from '../../../../shared/util/units';
import { axisStyle, withAlpha, type ChartColours } from '../../components/chart-theme';
import { ChartBox } from '../../components/ChartBox';
import { SpreadMark } from '../../components/Spread';
import tables from '../../components/tables.module.css';
import { useChart } from '../../components/use-chart';
import text from '../../theme/text.module.css';
import styles from './SweepHeatmaps.module.css';

Chart.register(MatrixController, MatrixElement, CategoryScale, Tooltip);

type Scale = { min: number; max: number };

/**
 * One cell, placed by its labels: a category scale reads a number as the data point's own index,
 * not as the label's, so numeric x/y would stack cells out of place.
 */
interface Cell {
  x: string;
  y: string;
  column: number;
  row: number;
  /** bytes/s; null for a cell the budget left out. */
  value: number | null;
  /** An adaptive sweep inferred it from measured neighbours. */
  inferred: boolean;
}

function cellSize(area: ChartArea | undefined, side: 'width' | 'height', count: number): number {
  return area ? Math.max(1, area[side] / count - 2) : 0;
}

const xLabels = (panel: HeatmapPanel) => panel.x.map(formatBytes);
const yLabels = (panel: HeatmapPanel) => panel.y.map(sizeLabel);

function cellsOf(panel: HeatmapPanel): Cell[] {
  const columns = xLabels(panel);
  const rows = yLabels(panel);
  return panel.values.flatMap((values, row) =>
    values.map((value, column) => ({
      x: columns[column] ?? '',
      y: rows[row] ?? '',
      column,
      row,
      value,
      inferred: isInferredCell(panel, row, column),
    })),
  );
}

/**
 * Light to full colour on one scale for every panel; a faint outline for cells that did not run;
 * an inferred cell half as strong (and outlined in the text colour): never drawn as measured.
 */
function cellColour(cell: Pick<Cell, 'value' | 'inferred'>, scale: Scale, colours: ChartColours): string {
  const base = colours.series[0] ?? '#0072B2';
  if (cell.value === null) return 'transparent';
  const shade = heatmapShade(cell.value, scale) * (cell.inferred ? 0.5 : 1);
  return withAlpha(base, heatmapOpacity(shade));
}

/** Each cell's figure written in it, so the colour is never the only way to read it. */
function valuePlugin(panel: HeatmapPanel, scale: Scale, colours: ChartColours, unit: RateUnit): Plugin<'matrix'> {
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
      cellsOf(panel).forEach((cell, index) => {
        const element = elements[index];
        if (!element) return;
        // A matrix element's x/y are its top-left corner.
        const box = element.getProps(['x', 'y', 'width', 'height'], true) as Record<string, number>;
        const x = (box.x ?? 0) + (box.width ?? 0) / 2;
        const y = (box.y ?? 0) + (box.height ?? 0) / 2;
        placed.push(`${cell.x}|${cell.y}|${Math.round(x)}|${Math.round(y)}${cell.inferred ? '|inferred' : ''}`);
        const dark = cell.value !== null && !cell.inferred && heatmapShade(cell.value, scale) > 0.55;
        ctx.fillStyle = dark ? '#ffffff' : colours.text;
        ctx.fillText(heatmapCellText(panel, cell.row, cell.column, unit), x, y);
      });
      ctx.restore();
      // Where each cell landed (file size|block size|centre x|centre y), for tests to read back from the chart.
      chart.canvas.setAttribute('data-cells', placed.join(';'));
    },
  };
}

function HeatmapPanelChart({ panel, scale, unit }: { panel: HeatmapPanel; scale: Scale; unit: RateUnit }) {
  const canvasRef = useChart(
    (canvas, colours) => {
      const cells = cellsOf(panel);
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
                cellColour(cells[context.dataIndex] ?? { value: null, inferred: false }, scale, colours),
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
                  return cell ? heatmapCellLabel(panel, cell.row, cell.column, unit) : '';
                },
              },
            },
          },
        },
        plugins: [valuePlugin(panel, scale, colours, unit)],
      });
    },
    [panel, scale, unit],
  );

  const title = heatmapPanelTitle(panel);
  return (
    <figure className={styles.heatmap} data-testid="sweep-heatmap" data-jobs={panel.jobs} data-rw={panel.rw}>
      <figcaption>{title[0]?.toUpperCase() + title.slice(1)}</figcaption>
      <ChartBox height="260px">
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`Heatmap, ${title}: ${unit} by block size and file size. The table below has the figures.`}
        />
      </ChartBox>
    </figure>
  );
}

/** The sweep's heatmaps, one per jobs value and direction, coloured on one shared scale, with the figures as a table. */
export function SweepHeatmaps({
  sweep,
  unit,
  tests = [],
}: {
  sweep: DiskSweepSummary;
  unit: RateUnit;
  /** The sweep's cells as tests: each carries its spread. */
  tests?: readonly DiskTestResult[];
}) {
  const scale = heatmapScale(sweep.panels);
  return (
    <section aria-labelledby="sweep-heatmaps-title" data-testid="sweep-heatmaps">
      <h3 id="sweep-heatmaps-title">Where the NAS is fastest</h3>
      <p data-testid="sweep-summary">{describeSweep(sweep, unit)}</p>
      {scale && (
        <>
          <p className={text.muted} data-testid="sweep-scale">
            Figures in {unit}. One colour scale for every panel: palest {formatRate(scale.min, unit)}, darkest{' '}
            {formatRate(scale.max, unit)}.
          </p>
          <div className={styles.heatmaps}>
            {sweep.panels.map((panel) => (
              <HeatmapPanelChart key={`${panel.jobs}-${panel.rw}`} panel={panel} scale={scale} unit={unit} />
            ))}
          </div>
        </>
      )}
      <details>
        <summary>Sweep figures as a table</summary>
        {sweep.panels.map((panel) => (
          <table className={tables.figures} key={`${panel.jobs}-${panel.rw}`} data-testid="sweep-table">
            <caption>{heatmapPanelTitle(panel)}</caption>
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
                    const value = panel.values[row]?.[column] ?? null;
                    const cell = heatmapCellTest(panel, row, column, tests);
                    return (
                      <td key={size} data-inferred={isInferredCell(panel, row, column) || undefined}>
                        {value === null
                          ? 'not run'
                          : isInferredCell(panel, row, column)
                            ? `${inferredMark} ${formatRate(value, unit)} (inferred)`
                            : formatRate(value, unit)}
                        {value !== null && <SpreadMark spread={cell?.spread} />}
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
