import { useEffect } from 'react';
import { rememberChosenNases, useDevicesStore } from './stores/devices';
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
  // NASes chosen on Devices are kept in the data folder, to be offered again after a restart.
  useEffect(() => rememberChosenNases(), []);
  return null;
}
