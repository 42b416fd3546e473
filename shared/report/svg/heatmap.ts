import type { DiskTestResult, HeatmapPanel } from '../../contract/disk';
import { heatmapOpacity, heatmapPanelTitle, inferredMark } from '../../sweep/words';
import { gridCell, gridMetrics, metricCellText, metricValue, type GridMetric } from '../../sweep/grid';

/** An inferred cell is drawn paler (and outlined dashed): never as strong as a measured one. */
const inferredShade = 0.5;
import { formatBytes, sizeLabel, type RateUnit } from '../../util/units';
import { svgDocument, text } from './frame';

/**
 * The app's heatmap colour on a white page: its first series colour (Okabe–Ito blue, #0072B2) at the
 * app's opacity for this shade, so a cell looks the same in the report as in the app.
 */
function shadeColor(shade: number): string {
  const alpha = heatmapOpacity(shade);
  const over = (channel: number) => Math.round(255 + (channel - 255) * alpha);
  return `rgb(${over(0x00)},${over(0x72)},${over(0xb2)})`;
}

/** How a heatmap reads: one metric of a panel's cells, on a scale shared by every panel (metricScale). */
export interface HeatmapView {
  metric: GridMetric;
  /** A figure's place on the shared scale, 0 (worst) to 1 (best). */
  shade(value: number): number;
  tests: readonly DiskTestResult[];
  unit: RateUnit;
}

/**
 * One sweep panel: file sizes across (larger to the right), block sizes up (larger on top, as in the
 * app), the figure written in every cell. Each cell names its sizes (data-*), so where it sits can be
 * checked against what it holds.
 */
export function heatmap(panel: HeatmapPanel, view: HeatmapView): string {
  const { metric, unit } = view;
  const metricLabel = gridMetrics.find((each) => each.id === metric)?.label ?? '';
  const cellWidth = 110;
  const cellHeight = 30;
  const left = 70;
  const top = 28;
  const anyInferred = panel.inferred?.some((row) => row.some(Boolean)) ?? false;
  const figures = metric === 'iops' ? 'IOPS' : metric === 'p99' ? 'p99 latency' : `${metricLabel}, ${unit}`;
  const caption =
    `${figures}; rows: block size, columns: file size` +
    (anyInferred ? `; ${inferredMark}: inferred from measured neighbours, not measured` : '');
  // Wide enough for the caption too (about 6 px a character at 11 px): a 2 × 2 panel is narrower than it.
  const width = Math.max(left + panel.x.length * cellWidth + 10, 8 + caption.length * 6);
  const height = top + panel.y.length * cellHeight + 40;
  const body: string[] = [text(left, 16, heatmapPanelTitle(panel), { 'font-weight': 'bold' })];
  panel.y.forEach((blockSize, index) => {
    const row = panel.y.length - 1 - index;
    body.push(text(left - 6, top + row * cellHeight + 19, sizeLabel(blockSize), { 'text-anchor': 'end' }));
    panel.x.forEach((fileSize, column) => {
      const cell = gridCell(panel, index, column, view.tests);
      const value = metricValue(cell, metric);
      const inferred = cell.how === 'inferred';
      const shade = value === null ? 0 : view.shade(value) * (inferred ? inferredShade : 1);
      const x = left + column * cellWidth;
      const y = top + row * cellHeight;
      body.push(
        `<rect x="${x}" y="${y}" width="${cellWidth - 2}" height="${cellHeight - 2}" fill="${value === null ? '#f3f4f6' : shadeColor(shade)}"` +
          (inferred ? ' stroke="#374151" stroke-dasharray="4 3" data-inferred="true"' : '') +
          ` data-file-size="${fileSize}" data-block-size="${blockSize}"/>`,
      );
      body.push(
        text(x + cellWidth / 2, y + 19, metricCellText(cell, metric, unit), {
          'text-anchor': 'middle',
          fill: shade > 0.55 ? '#ffffff' : '#111827',
        }),
      );
    });
  });
  panel.x.forEach((fileSize, column) => {
    body.push(
      text(left + column * cellWidth + cellWidth / 2, top + panel.y.length * cellHeight + 14, formatBytes(fileSize), {
        'text-anchor': 'middle',
        fill: '#6b7280',
      }),
    );
  });
  body.push(
    text(8, height - 6, caption, {
      fill: '#374151',
      'font-size': 11,
    }),
  );
  return svgDocument(width, height, `Disk sweep heatmap (${metricLabel}), ${heatmapPanelTitle(panel)}`, body);
}
