import { Chart, type LegendItem } from 'chart.js';
import type { ResolvedTheme } from '../theme/use-theme';

/**
 * Okabe–Ito colours, which stay distinguishable with the common kinds of colour blindness.
 * The order differs per theme so the first lines have good contrast on that background;
 * yellow is left out on white, where it is hard to see.
 */
const okabeIto = {
  orange: '#E69F00',
  skyBlue: '#56B4E9',
  bluishGreen: '#009E73',
  yellow: '#F0E442',
  blue: '#0072B2',
  vermillion: '#D55E00',
  reddishPurple: '#CC79A7',
};

export interface ChartColours {
  series: readonly string[];
  text: string;
  grid: string;
}

export const chartColours: Record<ResolvedTheme, ChartColours> = {
  light: {
    series: [okabeIto.blue, okabeIto.vermillion, okabeIto.bluishGreen, okabeIto.reddishPurple, okabeIto.orange],
    text: '#3a3f47',
    grid: 'rgba(0, 0, 0, 0.1)',
  },
  dark: {
    series: [okabeIto.skyBlue, okabeIto.orange, okabeIto.bluishGreen, okabeIto.reddishPurple, okabeIto.yellow],
    text: '#c9ced6',
    grid: 'rgba(255, 255, 255, 0.12)',
  },
};

/** Lines also differ by dash pattern, so they can be told apart without colour (or in print). */
export const seriesDashes: readonly number[][] = [[], [8, 4], [2, 3], [12, 4, 2, 4]];
/** For the parts under a solid total line: every one dashed. */
export const partDashes: readonly number[][] = [
  [8, 4],
  [2, 3],
  [12, 4, 2, 4],
  [4, 4],
];

/** Ticks, grid and axis line in the theme's colours; `title` names the axis. */
export function axisStyle(colours: ChartColours, title?: string) {
  return {
    ticks: { color: colours.text },
    grid: { color: colours.grid },
    border: { color: colours.grid },
    ...(title ? { title: { display: true, text: title, color: colours.text } } : {}),
  };
}

/** A colour with transparency, for the area under a single line. */
export function withAlpha(hex: string, alpha: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}

/**
 * Legend entries drawn as short lines in each dataset's width and dash pattern, so the legend
 * looks like the lines it names (chart.js's own point-style entries lose the dashes).
 */
export function lineLegendLabels(colours: ChartColours) {
  return {
    color: colours.text,
    usePointStyle: true,
    pointStyle: 'line' as const,
    pointStyleWidth: 36,
    generateLabels: (chart: Chart): LegendItem[] =>
      Chart.defaults.plugins.legend.labels.generateLabels(chart).map((item) => {
        const dataset = item.datasetIndex === undefined ? undefined : chart.data.datasets[item.datasetIndex];
        if (!dataset || !('borderDash' in dataset)) return item;
        const { borderDash, borderWidth } = dataset;
        return {
          ...item,
          lineDash: Array.isArray(borderDash) ? borderDash.map(Number) : [],
          lineWidth: typeof borderWidth === 'number' ? borderWidth : 2,
        };
      }),
  };
}
