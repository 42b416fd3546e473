import os from 'node:os';
import path from 'node:path';
import packageJson from '../../../package.json';
import type { AppInfo, EventName, EventPayload, MethodHandlers } from '../../../shared/contract';
import { connectHandlers } from '../connections/handlers';
import { ConnectionManager } from '../connections/manager';
import type { SecretStore } from '../connections/secrets';
import { copyHandlers } from '../copy';
import { LoadLeftovers, loadHandlers } from '../load';
import { discoveryHandlers, DiscoveryQueries, RecentDevices } from '../discovery';
import { chromiumPdfPrinter, reportHandlers, type PrintPdf } from '../report';
import { runHandlers } from '../runs/handlers';
import { saveEndedRuns } from '../runs/recorder';
import { RunLifecycle } from '../runs/registry';
import { SettingsStore, settingsHandlers } from '../settings';
import { historyHandlers, RunStore } from '../store';
import { createDispatcher, type Dispatch } from './dispatch';

export interface EngineOptions {
  /** Absolute path of an existing data folder. */
  dataDir: string;
  mode: AppInfo['mode'];
  /** Pinned SSH host keys (default: known_hosts in the data folder). */
  knownHostsFile?: string;
  /** The OS keychain, where the desktop app may remember passwords. */
  secrets?: SecretStore;
  /** How a report becomes a PDF: Electron's printToPDF in the app; a local Chromium otherwise. */
  printPdf?: PrintPdf;
}

/** Event name and payload as a pair, so a listener that checks the name gets the payload's type. */
type EventArgs = { [E in EventName]: [event: E, payload: EventPayload<E>] }[EventName];
type Listener = (...args: EventArgs) => void;

export interface Engine {
  handlers: MethodHandlers;
  /** Validated entry point for calls that arrive over a transport. */
  dispatch: Dispatch;
  /** Every engine event, for a transport to forward; returns an unsubscribe function. */
  onEvent(listener: Listener): () => void;
  connections: ConnectionManager;
  shutdown(): Promise<void>;
}

/**
 * Builds the engine behind the contract: one handler map, put together from each domain's own
 * handlers (connect, runs, history, discovery, reports, settings), which live beside their
 * feature. It knows nothing of who calls it (Electron, browser mode, the CLI).
 */
export function createEngine(options: EngineOptions): Engine {
  const listeners = new Set<Listener>();
  const emit: Listener = (...args) => {
    for (const listener of listeners) listener(...args);
  };
  const app = {
    name: packageJson.productName,
    version: packageJson.version,
    platform: os.platform(),
    arch: os.arch(),
    node: process.versions.node,
  };
  const settings = new SettingsStore(options.dataDir);
  const history = new RunStore(options.dataDir);
  // Temp files of saves that a crash interrupted; never a run, never shown.
  void history.removeLeftovers().catch(() => undefined);
  // History's index read (and checked against the run files) now, not when History is first opened.
  if (options.mode !== 'cli') void history.list().catch(() => undefined);
  const connections = new ConnectionManager({
    dataDir: options.dataDir,
    knownHostsFile: options.knownHostsFile ?? path.join(options.dataDir, 'known_hosts'),
    ...(options.secrets ? { secrets: options.secrets } : {}),
    onProbeProgress: (progress) => emit('probeProgress', progress),
  });
  const runs = new RunLifecycle({
    dataDir: options.dataDir,
    save: saveEndedRuns(history, app, (runId, error) => console.error(`Could not save run ${runId}:`, error)),
    emit: (payload) => emit('runProgress', payload),
  });
  const loadLeftovers = new LoadLeftovers(options.dataDir);
  const discoveries = new DiscoveryQueries(
    async () => (await settings.read()).discoveryEnabled,
    (payload) => emit('devicesChanged', payload),
  );

  const handlers: MethodHandlers = {
    getAppInfo: async () => ({
      name: app.name,
      version: app.version,
      mode: options.mode,
      platform: app.platform,
      arch: app.arch,
      nodeVersion: app.node,
      dataDir: options.dataDir,
    }),
    ...settingsHandlers(settings),
    ...connectHandlers(connections, () => options.secrets?.isAvailable() ?? false),
    ...runHandlers(runs, connections, loadLeftovers),
    ...copyHandlers(),
    ...loadHandlers(loadLeftovers),
    ...discoveryHandlers(discoveries, new RecentDevices(options.dataDir)),
    ...historyHandlers(history),
    ...reportHandlers({ history, settings, printPdf: options.printPdf ?? chromiumPdfPrinter() }),
  };

  return {
    handlers,
    dispatch: createDispatcher(handlers),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    connections,
    shutdown: async () => {
      discoveries.cancel();
      await runs.shutdown();
      connections.closeAll();
    },
  };
}
