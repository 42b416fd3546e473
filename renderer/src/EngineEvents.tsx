import { useEffect } from 'react';
import { useRunsStore } from './stores/runs';

/** The one place that listens to the engine: run progress goes straight into the runs store. */
export function EngineEvents(): null {
  useEffect(
    () => window.nasbench.on('runProgress', (event) => useRunsStore.getState().actions.receiveProgress(event)),
    [],
  );
  return null;
}
