import os from 'node:os';
import packageJson from '../../../package.json';
import { type AppInfo, type EventName, type EventPayload, type MethodHandlers } from '../../../shared/contract';
import { thisComputerDemoPlan } from '../demo';
import { RunRegistry } from '../runs/registry';
import { SettingsStore } from '../settings/store';
import { createDispatcher, type Dispatch } from './dispatch';

export interface EngineOptions {
  /** Absolute path of an existing data folder. */
  dataDir: string;
  mode: AppInfo['mode'];
}

type Listener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export interface Engine {
  handlers: MethodHandlers;
  /** Validated entry point for calls that arrive over a transport. */
  dispatch: Dispatch;
  /** Every engine event, for a transport to forward; returns an unsubscribe function. */
  onEvent(listener: Listener): () => void;
  shutdown(): Promise<void>;
}

/** Builds the engine behind the contract. It knows nothing of who calls it (Electron, browser, CLI). */
export function createEngine(options: EngineOptions): Engine {
  const listeners = new Set<Listener>();
  const settings = new SettingsStore(options.dataDir);
  const runs = new RunRegistry((payload) => {
    for (const listener of listeners) listener('runProgress', payload);
  });

  const handlers: MethodHandlers = {
    getAppInfo: async () => ({
      name: packageJson.productName,
      version: packageJson.version,
      mode: options.mode,
      platform: os.platform(),
      arch: os.arch(),
      nodeVersion: process.versions.node,
      dataDir: options.dataDir,
    }),
    getSettings: () => settings.read(),
    updateSettings: (patch) => settings.update(patch),
    startDemoRun: async (input) => ({ runId: runs.start(thisComputerDemoPlan(input)) }),
    cancelRun: async ({ runId }) => ({ cancelled: runs.cancel(runId) }),
  };

  return {
    handlers,
    dispatch: createDispatcher(handlers),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    shutdown: () => runs.shutdown(),
  };
}
