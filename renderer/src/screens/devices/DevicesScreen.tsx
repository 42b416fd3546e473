import { useId } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatSeconds } from '../../../../shared/util/units';
import { AddressForm } from '../../components/AddressForm';
import { Actions, Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ErrorNotice } from '../../components/ErrorNotice';
import { ScreenHeading } from '../../components/ScreenHeading';
import { Term } from '../../components/Term';
import { TestAShare, TestAShareButton } from '../../kinds/share/ShareBenchPanel';
import { useNavigationActions } from '../../stores/navigation';
import { selectAnyRunRunning, useRunsActions, useRunsStore } from '../../stores/runs';
import { useSessionActions, type NasAddress } from '../../stores/nas-connection';
import { selectTestSeconds, useSettingsStore } from '../../stores/settings';
import text from '../../theme/text.module.css';
import { DiscoveredDevices, DiscoveredRecentNases } from './DiscoveredDevices';
import { ConnectedNasCard } from './NasShortcuts';

/** Where a test starts: this computer, a share mounted here, the NASes found on the network or used before, or one typed in. */
export function DevicesScreen() {
  const sharePanelId = useId();
  const testSeconds = useSettingsStore(selectTestSeconds);
  const { starting, startError, running } = useRunsStore(
    useShallow((state) => ({
      starting: state.starting,
      startError: state.startError,
      running: selectAnyRunRunning(state),
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
      {/* The NAS the user is logged in to comes first: its tests are what they came for. */}
      <ConnectedNasCard />
      <Card aria-labelledby="this-computer">
        <h2 id="this-computer">This computer</h2>
        <p>
          Measures its own network stack (<Term id="loopback">loopback</Term>) or a share mounted here. Works with no
          NAS: try it first.
        </p>
        <Actions>
          <Button
            variant="primary"
            data-testid="start-demo"
            disabled={starting || running}
            onClick={() => void runLoopbackTest()}
          >
            {starting ? 'Starting…' : 'Run loopback test'}
          </Button>
          <span className={text.muted}>
            {running ? 'A test is already running: see Run.' : `Takes about ${formatSeconds(testSeconds)}.`}
          </span>
          {/* In this row rather than a card of its own: the address form below stays in view on a laptop's screen. */}
          <TestAShareButton panelId={sharePanelId} />
        </Actions>
        {startError && <ErrorNotice title="The test did not start." error={startError} />}
      </Card>
      {/* A mounted share is enough for this one: most home users have never switched SSH on. */}
      <TestAShare panelId={sharePanelId} />
      <DiscoveredDevices onChoose={openConnect} />
      <Card aria-labelledby="add-nas">
        <h2 id="add-nas">Add a NAS by address</h2>
        <p>
          NASBench logs in to the NAS over <Term id="ssh">SSH</Term> to run its tests there. Type the address you use to
          open the NAS’s web page; SSH must be switched on in the NAS’s settings.
        </p>
        <AddressForm submitLabel="Continue" onSubmit={openConnect} />
        <DiscoveredRecentNases onChoose={openConnect} />
      </Card>
    </>
  );
}
