import { beforeEach, describe, expect, it } from 'vitest';
import type { RunProgress } from '../../shared/contract/run-events';

/** The part of the app's runs store (renderer code, typed for the DOM) these tests use, loaded as the app loads it. */
interface RunsStore {
  getState(): {
    runs: Record<string, { status: string; sampleCount: number; elapsedSeconds: number; step: unknown } | undefined>;
    activeRunId: string | null;
    actions: { followRunningRuns(runs: RunProgress[][]): boolean; receiveProgress(event: RunProgress): void };
  };
  setState(state: object): void;
}
const modulePath = '../../renderer/src/stores/runs';
const { useRunsStore } = (await import(/* @vite-ignore */ modulePath)) as { useRunsStore: RunsStore };

const runId = '7d3c1f2e-5a6b-4c8d-9e0f-1a2b3c4d5e6f';
const begin: RunProgress = {
  runId,
  kind: 'begin',
  plan: 'disk',
  title: 'NAS disk test',
  target: 'lab',
  startedAt: '2026-11-24T23:00:00.000Z',
  expectedSeconds: 60,
  series: [{ id: 'disk', label: 'Disk' }],
};
const sofar: RunProgress[] = [
  begin,
  { runId, kind: 'step', index: 0, count: 2, label: 'SEQ1M Q8T1 read', state: 'started' },
  { runId, kind: 'sample', t: 1, series: 'disk', bytesPerSecond: 5e8 },
  { runId, kind: 'sample', t: 2, series: 'disk', bytesPerSecond: 6e8 },
];
const end: RunProgress = { runId, kind: 'end', state: 'cancelled', seconds: 3 };

describe('a window that opens mid-run follows the runs already under way', () => {
  beforeEach(() => useRunsStore.setState({ runs: {}, activeRunId: null, finishedRunIds: [] }));

  it('replays what the run said so far and follows it live from there', () => {
    const { actions } = useRunsStore.getState();
    expect(actions.followRunningRuns([sofar])).toBe(true);
    const run = useRunsStore.getState().runs[runId];
    expect(useRunsStore.getState().activeRunId).toBe(runId);
    expect(run).toMatchObject({ status: 'running', sampleCount: 2, elapsedSeconds: 2 });
    expect(run?.step).toMatchObject({ label: 'SEQ1M Q8T1 read', state: 'started' });
    actions.receiveProgress({ runId, kind: 'sample', t: 3, series: 'disk', bytesPerSecond: 7e8 });
    expect(useRunsStore.getState().runs[runId]?.sampleCount).toBe(3);
    // Listed again (a second look), the run is not replayed twice.
    expect(actions.followRunningRuns([sofar])).toBe(false);
    expect(useRunsStore.getState().runs[runId]?.sampleCount).toBe(3);
  });

  it('keeps an end that arrived before the list: the run does not stay running forever', () => {
    const { actions } = useRunsStore.getState();
    actions.receiveProgress(end);
    expect(actions.followRunningRuns([sofar])).toBe(false);
    expect(useRunsStore.getState().runs[runId]?.status).toBe('cancelled');
  });
});
