import { AddressForm } from '../components/AddressForm';
import { ErrorNotice } from '../components/ErrorNotice';
import { ScreenHeading } from '../components/ScreenHeading';
import { useNavigationActions } from '../stores/navigation';
import { useRunsActions, useRunsStore } from '../stores/runs';
import { useSessionActions, type NasAddress } from '../stores/session';
import { selectTestSeconds, useSettingsStore } from '../stores/settings';
import { ShareCopyPanel } from './copy/ShareCopyPanel';
import { DiscoveredDevices, DiscoveredRecentNases } from './devices/DiscoveredDevices';
import { ConnectedNasCard } from './devices/NasShortcuts';
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

  const { chooseNas } = useSessionActions();
  const openConnect = (address: NasAddress) => {
    chooseNas(address);
    show('connect');
  };

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
      <DiscoveredDevices onChoose={openConnect} />
      <ShareCopyPanel />
      <ConnectedNasCard />
      <section className="card" aria-labelledby="add-nas">
        <h2 id="add-nas">Add a NAS by address</h2>
        <p>
          NASBench logs in to the NAS over SSH to run its tests there. Type the address you use to open the NAS’s web
          page; SSH must be switched on in the NAS’s settings.
        </p>
        <AddressForm submitLabel="Continue" onSubmit={openConnect} />
        <DiscoveredRecentNases onChoose={openConnect} />
      </section>
    </>
  );
}
