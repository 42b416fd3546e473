import { createRoot } from 'react-dom/client';
import { LiveChart } from '../../../renderer/src/components/LiveChart';
import { useRunsStore } from '../../../renderer/src/stores/runs';
import '../../../renderer/src/theme/tokens.css';
import '../../../renderer/src/theme/base.css';

/**
 * The app's own LiveChart and runs store, with nothing else: a test page that feeds them run
 * events as the engine would, so the e2e test can time the chart under an hour of samples.
 */
const runId = '5d0c7a10-0000-4000-8000-000000000001';
const series = ['leg-1', 'leg-2', 'leg-3', 'total'].map((id) => ({ id, label: id }));
const { receiveProgress } = useRunsStore.getState().actions;
receiveProgress({
  kind: 'begin',
  runId,
  plan: 'network',
  title: 'An hour of samples',
  target: 'test page',
  startedAt: new Date().toISOString(),
  expectedSeconds: 3600,
  series,
});

let sent = 0;
/** One sample: the series take turns, so four samples make one second of the run. */
function sendOne(): void {
  const line = series[sent % series.length];
  const t = Math.floor(sent / series.length) + 1;
  const wobble = Math.sin(sent / 7) * 5e6;
  receiveProgress({ kind: 'sample', runId, series: line?.id ?? 'total', t, bytesPerSecond: 110e6 + wobble });
  sent += 1;
}

declare global {
  interface Window {
    chartLoad: {
      /** Runs that many samples into the store, then shows the chart: a run opened after it began. */
      prefillAndShow(count: number): void;
      /** Sends `count` samples one task each, `gapMs` apart; resolves when all are sent. */
      stream(count: number, gapMs: number): Promise<void>;
      plotted(): number;
    };
  }
}

window.chartLoad = {
  prefillAndShow(count) {
    for (let i = 0; i < count; i += 1) sendOne();
    const root = document.getElementById('root');
    if (root) createRoot(root).render(<LiveChart runId={runId} label="An hour of samples" />);
  },
  stream(count, gapMs) {
    return new Promise((resolve) => {
      let left = count;
      const next = () => {
        if (left === 0) return resolve();
        sendOne();
        left -= 1;
        setTimeout(next, gapMs);
      };
      next();
    });
  },
  plotted: () => Number(document.querySelector('[data-testid="live-chart"]')?.getAttribute('data-points') ?? 0),
};
