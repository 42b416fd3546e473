import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import packageJson from '../../../package.json';
import { runFileTextOf } from '../../../shared/report/embedded-run';
import { type AppInfo, type EventName, type EventPayload, type MethodHandlers } from '../../../shared/contract';
import type { ClientFacts, NasFacts } from '../../../shared/probe';
import { ConnectionManager } from '../connections/manager';
import type { SecretStore } from '../connections/secrets';
import { listMountedShares, offerShares } from '../copy';
import { shareCopyOptionsOf, shareCopyRunPlan } from '../copy/run-plan';
import { thisComputerDemoPlan } from '../demo';
import { DiscoverySessions } from '../discovery';
import { RecentDevices } from '../discovery/recent-devices';
import { diskRunPlan } from '../disk/run-plan';
import { diskSweepRunPlan } from '../disk/sweep-run-plan';
import { planLinkLegs } from '../net/leg-planner';
import { networkRunPlan } from '../net/run-plan';
import { probeClient, probeNas } from '../probe';
import { chromiumPdfPrinter, exportReport, type PrintPdf } from '../report';
import { nasNamesOf } from '../runs/nas-names';
import { preparePlanRun, previewPlan, type PlanAccess } from '../runs/plans/prepare';
import { saveEndedRuns } from '../runs/recorder';
import { BusyFiles } from '../runs/busy-files';
import { RunRegistry, type RunPlan } from '../runs/registry';
import { SettingsStore } from '../settings/store';
import { RunStore } from '../store';
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

/** Builds the engine behind the contract. It knows nothing of who calls it (Electron, browser, CLI). */
export function createEngine(options: EngineOptions): Engine {
  const listeners = new Set<Listener>();
  const settings = new SettingsStore(options.dataDir);
  const connections = new ConnectionManager({
    dataDir: options.dataDir,
    knownHostsFile: options.knownHostsFile ?? path.join(options.dataDir, 'known_hosts'),
    ...(options.secrets ? { secrets: options.secrets } : {}),
  });
  const history = new RunStore(options.dataDir);
  // Temp files of saves that a crash interrupted; never a run, never shown.
  void history.removeLeftovers().catch(() => undefined);
  const app = {
    name: packageJson.productName,
    version: packageJson.version,
    platform: os.platform(),
    arch: os.arch(),
    node: process.versions.node,
  };
  // Every run that ends (completed, failed, cancelled) is saved before its end event goes out.
  const save = saveEndedRuns(history, app, (runId, error) => console.error(`Could not save run ${runId}:`, error));
  const busy = new BusyFiles(options.dataDir);
  const releases = new Map<string, () => Promise<void>>();
  const runs = new RunRegistry(
    (payload) => {
      for (const listener of listeners) listener('runProgress', payload);
    },
    async (run) => {
      const addendum = await save(run);
      await releases.get(run.begin.runId)?.();
      releases.delete(run.begin.runId);
      return addendum;
    },
  );
  /** One run per NAS: the registry refuses a second one in this process, the busy files one in another NASBench. */
  const startRun = async (plan: RunPlan): Promise<string> => {
    const release = plan.nas ? await busy.claim(plan.nas, plan.title) : async () => undefined;
    try {
      const runId = runs.start(plan);
      releases.set(runId, release);
      return runId;
    } catch (error) {
      await release();
      throw error;
    }
  };

  const discoveries = new DiscoverySessions(
    async () => (await settings.read()).discoveryEnabled,
    (payload) => {
      for (const listener of listeners) listener('devicesChanged', payload);
    },
  );
  const recentDevices = new RecentDevices(options.dataDir);

  /** The last probe of each session: saved with its runs, so a run says what NAS and link it measured. */
  const probes = new Map<string, { nas: NasFacts; client: ClientFacts }>();
  const savedWith = (input: { sessionId: string }) => {
    const { host, port } = connections.session(input.sessionId).info;
    const probe = probes.get(input.sessionId);
    // One run per NAS at a time: the registry refuses a second one with any of these names.
    return { parameters: input, environment: probe ?? {}, nas: nasNamesOf(host, port, probe?.nas) };
  };
  /** What a plan needs of a session: plans are computed from its probe (the last one, or a fresh one). */
  const planAccess = (sessionId: string): PlanAccess => ({
    session: connections.session(sessionId),
    probe: async () => probes.get(sessionId) ?? (await handlers.probeNas({ sessionId })),
    openScratch: (folder, neededBytes) => connections.openScratch(sessionId, folder, randomUUID(), neededBytes),
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
    startDemoRun: async (input) => ({ runId: runs.start({ ...thisComputerDemoPlan(input), parameters: input }) }),
    cancelRun: async ({ runId }) => ({ cancelled: runs.cancel(runId) }),
    connectNas: (input) => connections.connect(input),
    probeNas: async ({ sessionId }) => {
      const session = connections.session(sessionId);
      const [nas, client] = await Promise.all([probeNas(session), probeClient(session.info.host)]);
      probes.set(sessionId, { nas, client });
      return { nas, client };
    },
    disconnectNas: async ({ sessionId }) => {
      probes.delete(sessionId);
      return { closed: connections.disconnect(sessionId) };
    },
    getSavedLogin: async ({ host, port, username }) => ({
      passwordRemembered: await connections.hasRememberedPassword(username, host, port),
      canRemember: options.secrets?.isAvailable() ?? false,
    }),
    planLinkTest: async ({ sessionId }) => {
      const nas = await probeNas(connections.session(sessionId));
      return planLinkLegs(nas, async (address) => (await probeClient(address)).route);
    },
    startDiskRun: async (input) => ({
      runId: await startRun({ ...diskRunPlan(connections, input), ...savedWith(input) }),
    }),
    startDiskSweep: async (input) => ({
      runId: await startRun({ ...diskSweepRunPlan(connections, input), ...savedWith(input) }),
    }),
    startNetworkRun: async (input) => ({
      runId: await startRun({ ...networkRunPlan(connections.session(input.sessionId), input), ...savedWith(input) }),
    }),
    previewPlan: (input) => previewPlan(input, planAccess(input.sessionId)),
    startPlan: async (input) => {
      const { preview, run } = await preparePlanRun(input, planAccess(input.sessionId));
      return { runId: await startRun(run), preview };
    },
    startShareCopyRun: async (input) => ({
      runId: runs.start({ ...shareCopyRunPlan(shareCopyOptionsOf(input)), parameters: input }),
    }),
    listMountedShares: async (input) => offerShares(await listMountedShares(), input?.nas),
    startDiscovery: (input) => discoveries.start(input),
    cancelDiscovery: async ({ discoveryId }) => ({ cancelled: discoveries.cancel(discoveryId) }),
    listRecentDevices: () => recentDevices.list(),
    rememberDevice: (input) => recentDevices.remember(input),
    listRuns: () => history.list(),
    getRun: ({ runId }) => history.get(runId),
    deleteRun: async ({ runId }) => ({ deleted: await history.delete(runId) }),
    importRun: ({ text }) => history.import(runFileTextOf(text)),
    exportReport: (input) =>
      exportReport(input, { history, settings, printPdf: options.printPdf ?? chromiumPdfPrinter() }),
    setRunTags: ({ runId, tags }) => history.setTags(runId, tags),
    forgetPassword: async ({ host, port, username }) => ({
      forgotten: await connections.forgetPassword(username, host, port),
    }),
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
