import { useEffect } from 'react';
import { rememberChosenNases, useDevicesStore } from './stores/devices';
import { useNavigationStore } from './stores/navigation';
import { useProbeProgressStore } from './stores/probe-progress';
import { useRunsStore } from './stores/runs';

/** The one place that listens to the engine: run progress, discoveries and probes go straight into their stores. */
export function EngineEvents(): null {
  useEffect(
    () => window.nasbench.on('runProgress', (event) => useRunsStore.getState().actions.receiveProgress(event)),
    [],
  );
  useEffect(
    () => window.nasbench.on('devicesChanged', (event) => useDevicesStore.getState().actions.receive(event)),
    [],
  );
  useEffect(
    () => window.nasbench.on('probeProgress', (event) => useProbeProgressStore.getState().actions.receive(event)),
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
