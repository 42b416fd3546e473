import {
  Chart,
  Legend,
  LineController,
  LineElement,
  LinearScale,
  LogarithmicScale,
  PointElement,
  Tooltip,
  type Plugin,
} from 'chart.js';
import { useState } from 'react';
import { cacheRegions, type CacheRegion } from '../../../../shared/util/cache-regions';
import type { CacheWallSweep, CopyTestResult } from '../../../../shared/contract/copy';
import { throughputAxisTitle } from '../../../../shared/util/chart-data';
import { formatBytes, formatRate, rateInUnit, type RateUnit } from '../../../../shared/util/units';
import { axisStyle, lineLegendLabels, seriesDashes, withAlpha, type ChartColours } from '../../components/chart-theme';
import { ChartBox } from '../../components/ChartBox';
import { verticalMarkers } from '../../components/chart-markers';
import { SpreadMark } from '../../components/Spread';
import tables from '../../components/tables.module.css';
import { useChart } from '../../components/use-chart';
import { selectRateUnit, useSettingsStore } from '../../stores/settings';
import text from '../../theme/text.module.css';

// File sizes double at each step: a log axis spaces them evenly, as iozone's curves do.
Chart.register(LineController, LineElement, PointElement, LinearScale, LogarithmicScale, Legend, Tooltip);

interface Marker {
  fileSize: number;
  label: string;
}

/** Where the curve falls off (and the RAM it falls off at), as dashed vertical lines with a label. */
export function sweepMarkers(sweep: CacheWallSweep): Marker[] {
  const markers: Marker[] = [];
  if (sweep.writeWall) markers.push({ fileSize: sweep.writeWall.fileSize, label: 'Write cache wall' });
  if (sweep.readWall) markers.push({ fileSize: sweep.readWall.fileSize, label: 'Read cache wall' });
  markers.push({ fileSize: sweep.clientRamBytes, label: 'This computer’s RAM' });
  if (sweep.nasRamBytes) markers.push({ fileSize: sweep.nasRamBytes, label: 'NAS RAM' });
  return markers;
}

/** Shades the cached and uncached stretches of the size axis behind the curves, each with its name at the foot. */
function regionPlugin(regions: CacheRegion[], colours: ChartColours): Plugin<'line'> {
  return {
    id: 'sweepRegions',
    beforeDatasetsDraw(chart) {
      const { ctx, chartArea, scales } = chart;
      const x = scales.x;
      if (!x) return;
      ctx.save();
      ctx.font = `12px ${Chart.defaults.font.family ?? 'sans-serif'}`;
      for (const region of regions) {
        const left = Math.max(chartArea.left, x.getPixelForValue(region.from));
        const right = Math.min(chartArea.right, x.getPixelForValue(region.to));
        if (right <= left) continue;
        // Cached: a light wash of the write colour; uncached: of the grid's grey, so the two read apart in print too.
        ctx.fillStyle = region.kind === 'cached' ? withAlpha(colours.series[0] ?? '#0072B2', 0.08) : colours.grid;
        ctx.fillRect(left, chartArea.top, right - left, chartArea.bottom - chartArea.top);
        ctx.fillStyle = colours.text;
        ctx.fillText(region.label, left + 4, chartArea.bottom - 6);
      }
      ctx.restore();
    },
  };
}

/** Throughput against file size for the sweep's writes and reads, on a logarithmic size axis. */
export function CacheWallChart({ sweep }: { sweep: CacheWallSweep }) {
  const unit = useSettingsStore(selectRateUnit);
  const canvasRef = useChart(
    (canvas, colours) => {
      const line = (label: string, index: number, pick: (point: CacheWallSweep['points'][number]) => number) => {
        const colour = colours.series[index] ?? colours.text;
        return {
          label,
          data: sweep.points.map((point) => ({ x: point.fileSize, y: rateInUnit(pick(point), unit) })),
          borderColor: colour,
          backgroundColor: colour,
          borderDash: seriesDashes[index] ?? [],
          borderWidth: 2,
          pointRadius: 3,
        };
      };
      const axis = axisStyle(colours);
      return new Chart(canvas, {
        type: 'line',
        data: {
          datasets: [
            line('Write', 0, (point) => point.writeBytesPerSecond),
            line('Read', 1, (point) => point.readBytesPerSecond),
          ],
        },
        options: {
          animation: false,
          responsive: true,
          maintainAspectRatio: false,
          scales: {
            x: {
              type: 'logarithmic',
              ...axisStyle(colours, 'File size'),
              // One tick per size tested (64 MiB, 128 MiB, …) instead of powers of ten.
              afterBuildTicks: (scale) => {
                scale.ticks = sweep.points.map((point) => ({ value: point.fileSize }));
              },
              ticks: { ...axis.ticks, callback: (value) => formatBytes(Number(value)) },
            },
            y: { type: 'linear', beginAtZero: true, ...axisStyle(colours, throughputAxisTitle(unit)) },
          },
          plugins: {
            legend: { labels: lineLegendLabels(colours) },
            tooltip: {
              callbacks: {
                title: (items) => formatBytes(items[0]?.parsed.x ?? Number.NaN),
                label: (item) => `${item.dataset.label ?? ''}: ${(item.parsed.y ?? 0).toFixed(1)} ${unit}`,
              },
            },
          },
        },
        plugins: [
          regionPlugin(cacheRegions(sweep), colours),
          verticalMarkers(
            'sweepMarkers',
            sweepMarkers(sweep).map((marker) => ({ x: marker.fileSize, label: marker.label })),
            colours,
          ),
        ],
      });
    },
    [sweep, unit],
  );

  const walls = [sweep.writeWall && 'writing', sweep.readWall && 'reading'].filter(Boolean).join(' and ');
  return (
    <ChartBox height="320px" testId="copy-sweep-chart">
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={`Throughput by file size, writing and reading${walls ? `; the cache wall is marked for ${walls}` : ''}; shaded: ${cacheRegions(
          sweep,
        )
          .map((region) => region.label.toLowerCase())
          .join(', then ')}. The table below has the figures.`}
      />
    </ChartBox>
  );
}

/** The sweep's figures as a table: the chart's text alternative, built only when opened. */
export function CacheWallTable({
  sweep,
  unit,
  tests = [],
}: {
  sweep: CacheWallSweep;
  unit: RateUnit;
  /** The run's copy tests: each sweep size's own test carries its spread. */
  tests?: readonly CopyTestResult[];
}) {
  const spreadAt = (fileSize: number, op: 'write' | 'read') =>
    tests.find((test) => test.test === 'sweep' && test.op === op && test.fileSize === fileSize)?.spread;
  const [open, setOpen] = useState(false);
  const wallAt = (size: number) =>
    [sweep.writeWall?.fileSize === size && 'write', sweep.readWall?.fileSize === size && 'read']
      .filter(Boolean)
      .join(', ');
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Sweep figures as a table</summary>
      {open && (
        <table className={tables.figures} data-testid="copy-sweep-table">
          <thead>
            <tr>
              <th scope="col">File size</th>
              <th scope="col">Write</th>
              <th scope="col">Read</th>
              <th scope="col">Cache wall</th>
            </tr>
          </thead>
          <tbody>
            {sweep.points.map((point) => (
              <tr key={point.fileSize}>
                <th scope="row">{formatBytes(point.fileSize)}</th>
                <td>
                  {formatRate(point.writeBytesPerSecond, unit)}
                  <SpreadMark spread={spreadAt(point.fileSize, 'write')} />
                </td>
                <td>
                  {formatRate(point.readBytesPerSecond, unit)}
                  <SpreadMark spread={spreadAt(point.fileSize, 'read')} />
                </td>
                <td>{wallAt(point.fileSize) ? `Falls off here (${wallAt(point.fileSize)})` : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className={text.muted}>{sweep.rule}</p>
    </details>
  );
}
