import { chartPalette, fitText, niceTicks, round, svgDocument, text, textWidth } from './frame';

export interface Bar {
  label: string;
  /** The value the bar's length shows, in the chart's unit. */
  value: number;
  /** The figure written at the end of the bar, with its unit. */
  figure: string;
  /** Bars of one group share a colour (network, disk, share copy). */
  group: string;
}

/** One horizontal bar per test, longest scale shared, each bar with its figure written out. */
export function barChart(bars: readonly Bar[], axisTitle: string, title: string): string {
  const width = 760;
  // Room for the longest figure after the longest bar ("1,415 MB/s ±73%" was clipped at 90 px),
  // and for the labels up to 300 px; a longer label is shortened, the table beside has it whole.
  const figureWidth = Math.max(90, ...bars.map((bar) => textWidth(bar.figure, 12, true) + 12));
  const labelWidth = Math.min(300, Math.max(120, ...bars.map((bar) => textWidth(bar.label) + 12)));
  const rowHeight = 24;
  const top = 10;
  const plotWidth = width - labelWidth - figureWidth;
  const height = top + bars.length * rowHeight + 40;
  const ticks = niceTicks(Math.max(0, ...bars.map((bar) => bar.value)));
  const max = ticks[ticks.length - 1] ?? 1;
  const groups = [...new Set(bars.map((bar) => bar.group))];
  const body: string[] = [];
  for (const tick of ticks) {
    const x = labelWidth + (tick / max) * plotWidth;
    const bottom = top + bars.length * rowHeight;
    body.push(`<line x1="${round(x)}" x2="${round(x)}" y1="${top}" y2="${bottom}" stroke="#e5e7eb"/>`);
    body.push(text(x, bottom + 14, String(tick), { 'text-anchor': 'middle', fill: '#6b7280' }));
  }
  bars.forEach((bar, index) => {
    const y = top + index * rowHeight;
    const length = max > 0 ? (bar.value / max) * plotWidth : 0;
    const color = chartPalette[groups.indexOf(bar.group) % chartPalette.length] ?? '#2563eb';
    body.push(text(labelWidth - 8, y + 16, fitText(bar.label, labelWidth - 12), { 'text-anchor': 'end' }));
    body.push(
      `<rect x="${labelWidth}" y="${y + 4}" width="${round(Math.max(length, 1))}" height="16" fill="${color}"/>`,
    );
    body.push(text(labelWidth + length + 6, y + 16, bar.figure, { 'font-weight': 'bold' }));
  });
  body.push(text(labelWidth + plotWidth / 2, height - 6, axisTitle, { 'text-anchor': 'middle', fill: '#374151' }));
  return svgDocument(width, height, title, body);
}
