import { ErrorNotice } from '../components/ErrorNotice';
import { ScreenHeading } from '../components/ScreenHeading';
import { useNavigationActions } from '../stores/navigation';
import { useRunsActions, useRunsStore } from '../stores/runs';
import { selectTestSeconds, useSettingsStore } from '../stores/settings';
import { formatSeconds } from '../../../shared/units';
import { useShallow } from 'zustand/react/shallow';

export function DevicesScreen() {
  const testSeconds = useSettingsStore(selectTestSeconds);
  const { starting, startError, running } = useRunsStore(
    useShallow((state) => ({
      starting: state.starting,
      startError: state.startError,
      running: Object.values(state.runs).some((run) => run.status === 'running'),
    })),
  );
  const { startDemoRun } = useRunsActions();
  const { show } = useNavigationActions();

  const runLoopbackTest = async () => {
    if (await startDemoRun(testSeconds)) show('run');
  };

  return (
    <>
      <ScreenHeading>Devices</ScreenHeading>
      <section className="card" aria-labelledby="this-computer">
        <h2 id="this-computer">This computer</h2>
        <p>Measures this computer’s own network stack (loopback). Works with no NAS — try the app here first.</p>
        <div className="actions">
          <button
            type="button"
            className="button button--primary"
            data-testid="start-demo"
            disabled={starting || running}
            onClick={() => void runLoopbackTest()}
          >
            {starting ? 'Starting…' : 'Run loopback test'}
          </button>
          <span className="muted">
            {running ? 'A test is already running: see Run.' : `Takes about ${formatSeconds(testSeconds)}.`}
          </span>
        </div>
        {startError && <ErrorNotice title="The test did not start." error={startError} />}
      </section>
      <p className="muted">
        Finding NASes on your network and connecting to them over SSH are not available in this version yet.
      </p>
    </>
  );
}
