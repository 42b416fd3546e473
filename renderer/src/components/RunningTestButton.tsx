import { useState } from 'react';
import { useNavigationStore } from '../stores/navigation';
import { useRunsStore } from '../stores/runs';
import { Button } from './Button';

/**
 * NAS_BUSY's way out: the run that holds the NAS, on the Run screen with its Cancel. It may have
 * started before this window (a reload), so the engine's running runs are taken up first; a run
 * held by another NASBench on this computer is not ours to show, and the words say so.
 */
export function RunningTestButton({ runId }: { runId: string }) {
  const [elsewhere, setElsewhere] = useState(false);
  const show = async () => {
    await useRunsStore.getState().actions.takeUpRunningRuns();
    if (useRunsStore.getState().runs[runId]?.status !== 'running') return setElsewhere(true);
    useRunsStore.getState().actions.watchRun(runId);
    useNavigationStore.getState().actions.show('run');
  };
  if (elsewhere) return <p>That test runs in another NASBench window on this computer: cancel it there.</p>;
  return (
    <Button size="small" onClick={() => void show()} data-testid="show-running-test">
      Show the running test
    </Button>
  );
}
