import { Chart } from 'chart.js';
import { useEffect, useRef, type DependencyList, type RefObject } from 'react';
import { useResolvedTheme } from '../theme/use-theme';
import { chartColours, type ChartColours } from './chart-theme';

/** A chart that is fed from a store while it shows: `unsubscribe` stops the feed before the chart goes. */
export interface FedChart {
  chart: Chart;
  unsubscribe(): void;
}

/**
 * A chart.js chart on a canvas for as long as the component shows it: built for the current
 * theme, rebuilt when `deps` or the theme change, destroyed on the way out. Returns the canvas ref.
 */
export function useChart(
  build: (canvas: HTMLCanvasElement, colours: ChartColours) => Chart | FedChart,
  deps: DependencyList,
): RefObject<HTMLCanvasElement | null> {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const theme = useResolvedTheme();
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // A canvas does not inherit CSS fonts: hand it the page's system font stack.
    Chart.defaults.font.family = getComputedStyle(canvas).fontFamily;
    const built = build(canvas, chartColours[theme]);
    return () => {
      if (built instanceof Chart) return built.destroy();
      built.unsubscribe();
      built.chart.destroy();
    };
    // `build` closes over `deps`; listing them is the caller's job, as with useEffect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [theme, ...deps]);
  return canvasRef;
}
