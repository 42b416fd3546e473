import { Chart, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { useRef } from 'react';
import { formatSeconds } from '../../../shared/util/units';
import { formatDelay } from '../../../shared/kinds/network/delay';
import { timeAxisEnd, useRunsStore } from '../stores/runs';
import { axisStyle, withAlpha, type ChartColours } from './chart-theme';
import { ChartBox } from './ChartBox';
import { useChart, type FedChart } from './use-chart';

Chart.register(LineController, LineElement, PointElement, LinearScale, Tooltip);

type DelayPoint = { x: number; y: number };

/**
 * The delay to the NAS while a network test runs, beside its throughput: idle before the test's
 * data flows, then under its load. Fed from the runs store as the throughput chart is (no React
 * render per reading); shown only for runs whose network tests time the delay.
 */
export function DelayChart({ runId }: { runId: string }) {
  const hasDelays = useRunsStore((state) => state.runs[runId]?.delays !== undefined);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const canvasRef = useChart(
    (canvas, colours) => {
      const points: DelayPoint[] = [];
      const chart = new Chart<'line', DelayPoint[]>(canvas, delayChartConfig(points, colours));
      const draw = () => {
        const run = useRunsStore.getState().runs[runId];
        const readings = run?.delays?.toArray() ?? [];
        points.length = 0;
        for (const reading of readings) points.push({ x: reading.t, y: reading.value });
        // The same time axis as the throughput chart above it, so the two line up.
        const x = chart.options.scales?.x;
        const end = run ? timeAxisEnd(run) : undefined;
        if (x && end !== undefined) x.max = end;
        chart.update('none');
        if (end !== undefined) wrapperRef.current?.setAttribute('data-x-max', String(end));
        const last = readings.at(-1);
        if (summaryRef.current && last)
          summaryRef.current.textContent = `Latest delay to the NAS: ${formatDelay(last.value)} at ${formatSeconds(last.t)}.`;
      };
      draw();
      // Readings come four times a second; draw once per frame at most.
      let frame: number | null = null;
      const stop = useRunsStore.subscribe((state, previous) => {
        const now = state.runs[runId];
        const before = previous.runs[runId];
        // A new reading, or the throughput ran past the axis's end (the delay's readings may stop first).
        const moved = now && before && timeAxisEnd(now) !== timeAxisEnd(before);
        if (now?.delayCount === before?.delayCount && !moved) return;
        frame ??= requestAnimationFrame(() => {
          frame = null;
          draw();
        });
      });
      const fed: FedChart = {
        chart,
        unsubscribe: () => {
          stop();
          if (frame !== null) cancelAnimationFrame(frame);
        },
      };
      return fed;
    },
    [runId, hasDelays],
  );

  if (!hasDelays) return null;
  return (
    <div data-testid="delay-chart" ref={wrapperRef}>
      <ChartBox height="10rem">
        <canvas ref={canvasRef} role="img" aria-label="Delay to the NAS over time" />
      </ChartBox>
      <p className="visually-hidden" ref={summaryRef} />
    </div>
  );
}

function delayChartConfig(points: DelayPoint[], colours: ChartColours) {
  const colour = colours.series[1] ?? colours.text;
  return {
    type: 'line' as const,
    data: {
      datasets: [
        {
          label: 'Delay to the NAS',
          data: points,
          borderColor: colour,
          backgroundColor: withAlpha(colour, 0.15),
          borderWidth: 2,
          pointRadius: 0,
          fill: 'origin' as const,
        },
      ],
    },
    options: {
      animation: false as const,
      parsing: false as const,
      normalized: true,
      responsive: true,
      maintainAspectRatio: false,
      scales: {
        x: { type: 'linear' as const, min: 0, ...axisStyle(colours, 'Seconds since start') },
        y: { type: 'linear' as const, beginAtZero: true, ...axisStyle(colours, 'Delay (ms)') },
      },
      plugins: {
        legend: { display: false },
        tooltip: {
          callbacks: {
            title: (items: { parsed: { x: number | null } }[]) => formatSeconds(items[0]?.parsed.x ?? Number.NaN),
            label: (item: { parsed: { y: number | null } }) => formatDelay(item.parsed.y ?? Number.NaN),
          },
        },
      },
    },
  };
}
