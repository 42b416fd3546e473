import { describe, expect, it } from 'vitest';
import { create } from 'zustand';
import type { AppError, Result } from '../../shared/contract/errors';
import type { RunProgress } from '../../shared/contract/run-events';

/** The renderer's start sequence and runs store (typed for the DOM), loaded as the app loads them. */
interface StartState {
  problems: Record<string, never>;
  starting: boolean;
  startError: AppError | null;
}
type Setter = (change: Partial<StartState> | ((state: StartState) => Partial<StartState>)) => void;
const startPath = '../../renderer/src/stores/start-run';
const runsPath = '../../renderer/src/stores/runs';
const { endStart } = (await import(/* @vite-ignore */ startPath)) as {
  endStart(set: Setter, result: Result<{ runId: string }>): string | undefined;
};
const { useRunsStore } = (await import(/* @vite-ignore */ runsPath)) as {
  useRunsStore: { getState(): { actions: { receiveProgress(event: RunProgress): void } } };
};

const runId = '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const busy: AppError = {
  code: 'NAS_BUSY',
  message: 'Another run is already measuring this NAS.',
  hint: 'Wait for it to end, or cancel it.',
};

describe('a panel refused because another run measures the NAS', () => {
  it('drops the refusal once that run has ended, not before', () => {
    const { receiveProgress } = useRunsStore.getState().actions;
    receiveProgress({
      runId,
      kind: 'begin',
      plan: 'disk',
      title: 'NAS disk test',
      target: 'lab',
      startedAt: '2026-11-25T04:00:00.000Z',
      expectedSeconds: 60,
      series: [{ id: 'disk', label: 'Disk' }],
    });
    const panel = create<StartState>()(() => ({ problems: {}, starting: true, startError: null }));
    endStart(panel.setState, { ok: false, error: busy });
    expect(panel.getState().startError).toBe(busy);
    receiveProgress({ runId, kind: 'sample', t: 1, series: 'disk', bytesPerSecond: 1e8 });
    expect(panel.getState().startError).toBe(busy);
    receiveProgress({ runId, kind: 'end', state: 'done', seconds: 2 });
    expect(panel.getState().startError).toBeNull();
  });
});
