import { chartPalette, legend, legendRows, niceTicks, round, svgDocument, text } from './frame';

export interface LineSeries {
  label: string;
  /** [x, y] in the chart's units. */
  points: readonly (readonly [number, number])[];
}

export interface LineAxes {
  xTitle: string;
  yTitle: string;
  /** Log scale (base 2) for file sizes, which double from step to step. */
  xLog?: boolean;
  /** How an x tick is written (e.g. file sizes as "64 MiB"). */
  xLabel?: (value: number) => string;
  /** Shaded stretches of x with a caption, e.g. the part a RAM cache holds. */
  bands?: { from: number; to: number; label: string; color: string }[];
}

/** Lines on a shared x axis: throughput over time, or the cache-wall curve over file sizes. */
export function lineChart(series: readonly LineSeries[], axes: LineAxes, title: string): string {
  const width = 760;
  const left = 64;
  const right = 16;
  const top = 28;
  const extraLegendRows = Math.max(
    0,
    legendRows(
      left,
      width - right,
      series.map((line) => line.label),
    ) - 1,
  );
  const bottom = 52 + extraLegendRows * 18;
  const height = 300 + extraLegendRows * 18;
  const plotWidth = width - left - right;
  const plotHeight = height - top - bottom;
  const all = series.flatMap((line) => line.points);
  const xs = all.map(([x]) => (axes.xLog ? Math.log2(Math.max(x, 1)) : x));
  const xMin = axes.xLog ? Math.min(...xs) : 0;
  const xMax = Math.max(xMin + 1, ...xs);
  const yTicks = niceTicks(Math.max(0, ...all.map(([, y]) => y)));
  const yMax = yTicks[yTicks.length - 1] ?? 1;
  const scaleX = (x: number) =>
    left + (((axes.xLog ? Math.log2(Math.max(x, 1)) : x) - xMin) / (xMax - xMin)) * plotWidth;
  const scaleY = (y: number) => top + plotHeight - (y / yMax) * plotHeight;
  const body: string[] = [];
  for (const band of axes.bands ?? []) {
    const from = scaleX(band.from);
    const to = scaleX(band.to);
    body.push(
      `<rect x="${round(from)}" y="${top}" width="${round(Math.max(0, to - from))}" height="${plotHeight}" fill="${band.color}" opacity="0.35"/>`,
    );
    body.push(
      text((from + to) / 2, top + 14, band.label, { 'text-anchor': 'middle', fill: '#374151', 'font-size': 11 }),
    );
  }
  for (const tick of yTicks) {
    const y = scaleY(tick);
    body.push(`<line x1="${left}" x2="${left + plotWidth}" y1="${round(y)}" y2="${round(y)}" stroke="#e5e7eb"/>`);
    body.push(text(left - 6, y + 4, String(tick), { 'text-anchor': 'end', fill: '#6b7280' }));
  }
  const xTicks = axes.xLog
    ? [...new Set(all.map(([x]) => x))].sort((a, b) => a - b)
    : niceTicks(xMax, 8).filter((tick) => tick <= xMax);
  for (const tick of xTicks) {
    body.push(
      text(scaleX(tick), top + plotHeight + 16, axes.xLabel ? axes.xLabel(tick) : String(tick), {
        'text-anchor': 'middle',
        fill: '#6b7280',
        'font-size': 11,
      }),
    );
  }
  body.push(`<rect x="${left}" y="${top}" width="${plotWidth}" height="${plotHeight}" fill="none" stroke="#9ca3af"/>`);
  series.forEach((line, index) => {
    const color = chartPalette[index % chartPalette.length] ?? '#2563eb';
    const points = line.points.map(([x, y]) => `${round(scaleX(x))},${round(scaleY(y))}`).join(' ');
    body.push(`<polyline points="${points}" fill="none" stroke="${color}" stroke-width="2"/>`);
    if (line.points.length <= 24) {
      for (const [x, y] of line.points)
        body.push(`<circle cx="${round(scaleX(x))}" cy="${round(scaleY(y))}" r="3" fill="${color}"/>`);
    }
  });
  body.push(
    text(left + plotWidth / 2, top + plotHeight + 32, axes.xTitle, { 'text-anchor': 'middle', fill: '#374151' }),
  );
  body.push(
    text(14, top + plotHeight / 2, axes.yTitle, {
      'text-anchor': 'middle',
      fill: '#374151',
      transform: `rotate(-90 14 ${round(top + plotHeight / 2)})`,
    }),
  );
  body.push(
    ...legend(
      left,
      top + plotHeight + 48,
      width - right,
      series.map((line, index) => ({
        label: line.label,
        color: chartPalette[index % chartPalette.length] ?? '#2563eb',
      })),
    ),
  );
  return svgDocument(width, height, title, body);
}
