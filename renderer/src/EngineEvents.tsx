import { useEffect } from 'react';
import { rememberChosenNases, useDevicesStore } from './stores/devices';
import { useNavigationStore } from './stores/navigation';
import { useRunsStore } from './stores/runs';

/** The one place that listens to the engine: run progress goes straight into the runs store. */
export function EngineEvents(): null {
  useEffect(
    () => window.nasbench.on('runProgress', (event) => useRunsStore.getState().actions.receiveProgress(event)),
    [],
  );
  useEffect(
    () => window.nasbench.on('devicesChanged', (event) => useDevicesStore.getState().actions.receive(event)),
    [],
  );
  // A window opened or reloaded mid-run takes up the runs already under way (after subscribing
  // above, so nothing they say from now on is missed) and shows the Run screen with its Cancel.
  useEffect(() => {
    void useRunsStore
      .getState()
      .actions.takeUpRunningRuns()
      .then((following) => following && useNavigationStore.getState().actions.show('run'));
  }, []);
  // NASes chosen on Devices are kept in the data folder, to be offered again after a restart.
  useEffect(() => rememberChosenNases(), []);
  return null;
}
