import { Chart, type Plugin } from 'chart.js';
import type { ChartColours } from './chart-theme';

/** A labelled place on a chart's x axis: a cache wall at a file size, a tag at a run's date. */
export interface ChartMarker {
  x: number;
  label: string;
}

/**
 * Dashed vertical lines with their labels stacked at the top, so labels of markers close together
 * do not overprint; a marker with an empty label is a line only (and takes no row of labels).
 * A small plugin rather than a new package: chart.js draws no markers itself.
 */
export function verticalMarkers(id: string, markers: readonly ChartMarker[], colours: ChartColours): Plugin<'line'> {
  return {
    id,
    afterDatasetsDraw(chart) {
      const { ctx, chartArea, scales } = chart;
      const x = scales.x;
      if (!x) return;
      ctx.save();
      ctx.strokeStyle = colours.text;
      ctx.fillStyle = colours.text;
      ctx.setLineDash([4, 4]);
      ctx.font = `12px ${Chart.defaults.font.family ?? 'sans-serif'}`;
      let row = 0;
      markers.forEach((marker) => {
        const px = x.getPixelForValue(marker.x);
        if (px < chartArea.left || px > chartArea.right) return;
        ctx.beginPath();
        ctx.moveTo(px, chartArea.top);
        ctx.lineTo(px, chartArea.bottom);
        ctx.stroke();
        if (!marker.label) return;
        // Near the right edge the label goes to the left of its line, so it stays inside the chart.
        const width = ctx.measureText(marker.label).width;
        const left = px + 4 + width > chartArea.right ? px - 4 - width : px + 4;
        ctx.fillText(marker.label, left, chartArea.top + 14 + row * 14);
        row += 1;
      });
      ctx.restore();
    },
  };
}
