import {
  Chart,
  Decimation,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartDataset,
  type LegendItem,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { throughputAxisTitle, updateThroughputPoints, type ChartPoint } from '../../../shared/util/chart-data';
import { bytesPerSecondFromUnit, formatRate, formatSeconds, type RateUnit } from '../../../shared/util/units';
import { timeAxisEnd, useRunsStore, type LiveRun } from '../stores/runs';
import { selectRateUnit, useSettingsStore } from '../stores/settings';
import { useResolvedTheme } from '../theme/use-theme';
import type { RunBegin } from '../../../shared/contract/run-events';
import {
  axisStyle,
  chartColours,
  lineLegendLabels,
  partDashes,
  seriesDashes,
  withAlpha,
  type ChartColours,
} from './chart-theme';
import { ChartBox } from './ChartBox';

// Only what a line chart on linear axes needs, so the bundle stays small.
Chart.register(LineController, LineElement, PointElement, LinearScale, Legend, Tooltip, Filler, Decimation);
Chart.defaults.font.size = 13;

type ThroughputChart = Chart<'line', ChartPoint[]>;

/**
 * Throughput over time for one run. The chart is built once per run (and theme) and then
 * fed straight from the runs store through `subscribe`: a new sample changes the dataset
 * arrays in place and redraws without animation, so React does not re-render per sample.
 */
export function LiveChart({ runId, label }: { runId: string; label: string }) {
  const wrapperRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const theme = useResolvedTheme();

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const colours = chartColours[theme];
    // A canvas does not inherit CSS fonts: hand it the page's system font stack.
    Chart.defaults.font.family = getComputedStyle(canvas).fontFamily;
    let unit = selectRateUnit(useSettingsStore.getState());
    const chart: ThroughputChart = new Chart(canvas, {
      type: 'line',
      data: { datasets: [] },
      options: chartOptions(colours, () => unit),
    });

    const lines = new Map<string, ChartPoint[]>();
    const draw = () => {
      const run = useRunsStore.getState().runs[runId];
      if (!run) return;
      unit = selectRateUnit(useSettingsStore.getState());
      const plotted = syncDatasets(chart, lines, run, unit, colours);
      const { x, y } = chart.options.scales ?? {};
      const end = timeAxisEnd(run);
      if (x) x.max = end;
      if (y && 'title' in y && y.title) y.title.text = throughputAxisTitle(unit);
      chart.update('none');
      wrapperRef.current?.setAttribute('data-points', String(plotted));
      wrapperRef.current?.setAttribute('data-series', run.series.map((info) => info.id).join(' '));
      // What the legend lists: only the lines drawn so far, for tests and the axis they share.
      const drawn = run.series.filter((info) => (lines.get(info.id)?.length ?? 0) > 0);
      wrapperRef.current?.setAttribute('data-legend', drawn.map((info) => info.id).join(' '));
      wrapperRef.current?.setAttribute('data-x-max', String(end));
      // Points per line ("helper-0:5 total:4"), for tests that check every line moves.
      const perLine = run.series.map((info) => `${info.id}:${lines.get(info.id)?.length ?? 0}`);
      wrapperRef.current?.setAttribute('data-series-points', perLine.join(' '));
      if (summaryRef.current) summaryRef.current.textContent = describeLatest(run, unit);
    };

    // Samples can come faster than frames (several legs, a backlog after a stall): draw once per frame at most.
    let frame: number | null = null;
    const scheduleDraw = () => {
      frame ??= requestAnimationFrame(() => {
        frame = null;
        draw();
      });
    };

    draw();
    const stopRuns = useRunsStore.subscribe((state, previous) => {
      if (state.runs[runId] !== previous.runs[runId]) scheduleDraw();
    });
    const stopSettings = useSettingsStore.subscribe((state, previous) => {
      if (selectRateUnit(state) !== selectRateUnit(previous)) scheduleDraw();
    });
    return () => {
      stopRuns();
      stopSettings();
      if (frame !== null) cancelAnimationFrame(frame);
      chart.destroy();
    };
  }, [runId, theme]);

  return (
    <div data-testid="live-chart" ref={wrapperRef}>
      <ChartBox height="18rem">
        <canvas ref={canvasRef} role="img" aria-label={`Throughput over time: ${label}`} />
      </ChartBox>
      <p className="visually-hidden" ref={summaryRef} />
    </div>
  );
}

/**
 * Makes the chart's datasets match the run's series; returns how many points are plotted. Each
 * line's points live in `lines` (reused from draw to draw) and are handed to its dataset, which
 * the decimation plugin then thins on its own side.
 */
function syncDatasets(
  chart: ThroughputChart,
  lines: Map<string, ChartPoint[]>,
  run: LiveRun,
  unit: RateUnit,
  colours: ChartColours,
): number {
  const single = run.series.length === 1;
  const hasTotal = run.series.some((info) => info.id === totalSeries);
  let plotted = 0;
  run.series.forEach((info, index) => {
    let dataset = chart.data.datasets[index];
    if (!dataset || dataset.label !== info.label) {
      dataset = seriesDataset(info, index, { single, hasTotal }, colours);
      chart.data.datasets[index] = dataset;
    }
    let points = lines.get(info.id);
    if (!points) lines.set(info.id, (points = []));
    updateThroughputPoints(points, run.samples[info.id]?.toArray() ?? [], unit);
    dataset.data = points;
    // A plain number, not a function per point: chart.js then resolves one set of options for the whole line.
    dataset.pointRadius = points.length <= sparsePoints ? 3 : 0;
    plotted += points.length;
  });
  chart.data.datasets.length = run.series.length;
  return plotted;
}

const sparsePoints = 20;

/** The sum of several lines (the legs of a multi-link test), as the engine names it. */
const totalSeries = 'total';

/**
 * With a total, it is the line people read first: solid, thicker and in the first colour; the
 * parts under it are dashed, so the lines differ in more than colour.
 */
function seriesDataset(
  info: RunBegin['series'][number],
  index: number,
  run: { single: boolean; hasTotal: boolean },
  colours: ChartColours,
): ChartDataset<'line', ChartPoint[]> {
  const isTotal = info.id === totalSeries;
  const look = run.hasTotal ? (isTotal ? 0 : index + 1) : index;
  const colour = colours.series[look % colours.series.length] ?? colours.text;
  const dashes = run.hasTotal && !isTotal ? partDashes : seriesDashes;
  return {
    label: info.label,
    data: [],
    borderColor: colour,
    backgroundColor: withAlpha(colour, 0.15),
    borderDash: isTotal ? [] : (dashes[index % dashes.length] ?? []),
    borderWidth: isTotal && !run.single ? 3.5 : 2,
    // Readings far apart (a network test reports once a second) are marked, so a short test's one or two still show.
    pointRadius: 3,
    pointHoverRadius: 4,
    pointBackgroundColor: colour,
    fill: run.single ? 'origin' : false,
    // Drawn last, so the total stays on top where lines cross.
    order: isTotal ? 0 : 1,
  };
}

function chartOptions(colours: ChartColours, currentUnit: () => RateUnit) {
  return {
    animation: false as const,
    parsing: false as const,
    normalized: true,
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'nearest' as const, axis: 'x' as const, intersect: false },
    scales: {
      x: { type: 'linear' as const, min: 0, ...axisStyle(colours, 'Seconds since start') },
      y: { type: 'linear' as const, beginAtZero: true, ...axisStyle(colours, throughputAxisTitle(currentUnit())) },
    },
    plugins: {
      // An hour-long run has thousands of readings per line; a few hundred per line draw the same shape.
      decimation: { enabled: true, algorithm: 'lttb' as const, samples: 400, threshold: 500 },
      // A line joins the legend when its first reading arrives: a Quick check announces every step's
      // lines at the start, and fourteen names for one drawn line read as fourteen lines.
      legend: {
        labels: {
          ...lineLegendLabels(colours),
          filter: (item: LegendItem, data: ChartData<'line', ChartPoint[]>) =>
            item.datasetIndex !== undefined && (data.datasets[item.datasetIndex]?.data.length ?? 0) > 0,
        },
      },
      tooltip: {
        callbacks: {
          title: (items: { parsed: { x: number | null } }[]) => formatSeconds(items[0]?.parsed.x ?? Number.NaN),
          label: (item: { dataset: { label?: string }; parsed: { y: number | null } }) => {
            const unit = currentUnit();
            return `${item.dataset.label ?? ''}: ${formatRate(bytesPerSecondFromUnit(item.parsed.y ?? Number.NaN, unit), unit)}`;
          },
        },
      },
    },
  };
}

/** The text alternative to the chart: the newest reading of each line. */
function describeLatest(run: LiveRun, unit: RateUnit): string {
  const readings = run.series.flatMap((info) => {
    const last = run.samples[info.id]?.last();
    return last ? [`${info.label}: ${formatRate(last.value, unit)} at ${formatSeconds(last.t)}`] : [];
  });
  return readings.length > 0 ? `Latest reading. ${readings.join('; ')}.` : 'No readings yet.';
}
