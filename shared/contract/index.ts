import { z } from 'zod';
import { maxTestSeconds } from './limits';
import { ConnectInput, Connection, ProbeProgress, ProbeResult, SavedLoginQuery, SessionId } from './connect';
import { NasIdentity, ShareCopyRunInput, ShareOnOffer } from './copy';
import { ShareBenchRunInput } from './share-bench';
import { LoadHelper, LoadHelperCheck, LoadRunInput } from './load';
import { DevicesChanged, DiscoveryId, DiscoveryInput, RecentDevice, RememberDeviceInput } from './discovery';
import { AppError, type Result } from './errors';
import { DiskRunInput, DiskSweepRunInput } from './disk';
import { NasFolder } from './nas-folder';
import { LinkPlan, NetworkRunInput } from './network';
import { PlanSettings, PlanPreview } from './plans';
import { RunId, RunProgress } from './run-events';
import { ExportedReport, ExportReportInput } from './report';
import { RunListPosition, RunRecord, RunSummary, RunTags } from './runs';
import { Settings, SettingsPatch } from './settings';

/**
 * The one API contract between the engine and every front end (Electron IPC, the browser
 * mode's WebSocket, the CLI). Handlers, the preload bridge and the WebSocket client are all
 * generated from these two maps; add a method here and every transport gets it.
 */

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  /** How the UI is connected to the engine. */
  mode: z.enum(['desktop', 'web', 'cli']),
  platform: z.string(),
  arch: z.string(),
  nodeVersion: z.string(),
  dataDir: z.string(),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const DemoRunOptions = z.strictObject({
  /** How long to measure. */
  seconds: z.number().min(1).max(maxTestSeconds),
  /** How often to report a sample; 250 ms gives a smooth live chart. */
  sampleIntervalMs: z.number().int().min(100).max(5000).default(500),
});
export type DemoRunOptions = z.input<typeof DemoRunOptions>;

const NoInput = z.undefined();

export const methods = {
  getAppInfo: { input: NoInput, output: AppInfo },
  getSettings: { input: NoInput, output: Settings },
  updateSettings: { input: SettingsPatch, output: Settings },
  /** Measures this computer's own loopback network stack; works with no NAS at all. */
  startDemoRun: { input: DemoRunOptions, output: z.object({ runId: RunId }) },
  cancelRun: { input: z.strictObject({ runId: RunId }), output: z.object({ cancelled: z.boolean() }) },
  /**
   * The runs in progress, each as every event it has sent so far (begin, samples, delays, steps):
   * a window opened or reloaded mid-run replays them and follows the run from there.
   */
  listRunningRuns: { input: NoInput, output: z.array(z.object({ events: z.array(RunProgress) })) },
  /** Opens an SSH session; HOST_KEY_UNKNOWN (with the fingerprint) asks the user to confirm a new host. */
  connectNas: { input: ConnectInput, output: Connection },
  /**
   * What the NAS is, and how this computer reaches it. `kept`: the session's last probe, not read
   * again (a reloaded window picking its session up); NOT_FOUND when the session is gone.
   */
  probeNas: { input: z.strictObject({ sessionId: SessionId, kept: z.boolean().optional() }), output: ProbeResult },
  disconnectNas: { input: z.strictObject({ sessionId: SessionId }), output: z.object({ closed: z.boolean() }) },
  /** Whether a password for this login is in the OS keychain (desktop app only). */
  getSavedLogin: {
    input: SavedLoginQuery,
    output: z.object({ passwordRemembered: z.boolean(), canRemember: z.boolean() }),
  },
  forgetPassword: { input: SavedLoginQuery, output: z.object({ forgotten: z.boolean() }) },
  /**
   * Whether tests may write in this folder on the NAS (it exists, is a folder, this login may write in
   * it) and how much is free there: asked when the folder is chosen, so a bad one is named before a
   * run starts. Only reads: nothing is created.
   */
  checkNasFolder: {
    input: z.strictObject({ sessionId: SessionId, folder: NasFolder }),
    output: z.object({ freeBytes: z.number().nonnegative() }),
  },
  /** Proposes the legs of a multi-link (bonded) test from the probe and this computer's routes. */
  planLinkTest: { input: z.strictObject({ sessionId: SessionId }), output: LinkPlan },
  /** fio (or dd when fio is missing) in a scratch folder inside a folder on the NAS. */
  startDiskRun: { input: DiskRunInput, output: z.object({ runId: RunId }) },
  /** A fio grid (block size × file size × jobs) with steady-state stops; its end event carries heatmaps. */
  startDiskSweep: { input: DiskSweepRunInput, output: z.object({ runId: RunId }) },
  /** The network test against a connected NAS (iperf3 started on it over SSH). */
  startNetworkRun: { input: NetworkRunInput, output: z.object({ runId: RunId }) },
  /** What a guided plan will do, how long it will take and what it writes where, before it starts. */
  previewPlan: { input: PlanSettings, output: PlanPreview },
  /** Runs a guided plan's steps as one run; refused (NAS_BUSY) while another run measures the same NAS. */
  startPlan: { input: PlanSettings, output: z.object({ runId: RunId, preview: PlanPreview }) },
  /** Copies files to and from a local folder (normally a mounted share) and reads them back uncached. */
  startShareCopyRun: { input: ShareCopyRunInput, output: z.object({ runId: RunId }) },
  /** CrystalDiskMark's tests on a local folder (normally a mounted share), from this computer, at real queue depths. */
  startShareBenchRun: { input: ShareBenchRunInput, output: z.object({ runId: RunId }) },
  /** Load on the NAS from several computers at once, each running `fio --server` (fio's client/server mode). */
  startLoadRun: { input: LoadRunInput, output: z.object({ runId: RunId }) },
  /** Asks each computer of a load test before the run (fio's null engine: nothing is written). */
  checkLoadHelpers: {
    input: z.strictObject({ helpers: z.array(LoadHelper).min(1).max(16) }),
    output: z.array(LoadHelperCheck),
  },
  /** The network shares mounted on this computer, to offer as folders for the copy test. */
  listMountedShares: {
    input: z.strictObject({ nas: NasIdentity.optional() }).optional(),
    output: z.array(ShareOnOffer),
  },
  /** Searches the LAN (mDNS, SSDP); the list arrives as `devicesChanged` events. Refused when switched off in settings. */
  startDiscovery: { input: DiscoveryInput, output: z.object({ discoveryId: DiscoveryId }) },
  cancelDiscovery: {
    input: z.strictObject({ discoveryId: DiscoveryId }),
    output: z.object({ cancelled: z.boolean() }),
  },
  /** NASes typed or connected to before, newest first, kept in the data folder. */
  listRecentDevices: { input: NoInput, output: z.array(RecentDevice) },
  rememberDevice: { input: RememberDeviceInput, output: z.array(RecentDevice) },
  /**
   * Saved runs, newest first; files that cannot be read are skipped and listed in `problems`.
   * `figures`: each run's figures and like-for-like key too, for trends (left out by default:
   * 10,000 runs' figures are megabytes the list does not need); `nas`: only that NAS's runs
   * (RunSummary.nas.key); `newest`: only the first N of them (a page); `after`: only those listed
   * after this run (the last of the page before). `total` counts the runs `after` and `newest`
   * pick from. An answer names its `listing`: pages asked for with it come from that same look at
   * the run files (while the engine still keeps it), not from checking every file again.
   */
  listRuns: {
    input: z
      .strictObject({
        figures: z.boolean().optional(),
        nas: z.string().max(300).optional(),
        newest: z.number().int().positive().optional(),
        after: RunListPosition.optional(),
        listing: z.string().max(64).optional(),
      })
      .optional(),
    output: z.object({
      runs: z.array(RunSummary),
      problems: z.array(z.object({ file: z.string(), error: AppError })),
      total: z.number().int().nonnegative().optional(),
      listing: z.string().optional(),
    }),
  },
  getRun: { input: z.strictObject({ runId: RunId }), output: RunRecord },
  deleteRun: { input: z.strictObject({ runId: RunId }), output: z.object({ deleted: z.boolean() }) },
  /**
   * A run file from someone else (its JSON text, or an HTML report with the run embedded); it gets
   * a new id only if one here already has its id.
   */
  importRun: {
    input: z.strictObject({
      text: z
        .string()
        .min(1)
        .max(64 * 2 ** 20),
    }),
    output: z.object({ run: RunSummary, renamed: z.boolean() }),
  },
  /**
   * A saved run as a shareable file (HTML, PDF, Markdown, CSV, JSON), anonymised unless
   * `anonymize: false`; importRun takes the HTML and JSON back.
   */
  exportReport: { input: ExportReportInput, output: ExportedReport },
  /** Replaces a run's tags, e.g. ["Wi-Fi", "after NVMe cache"]. */
  setRunTags: { input: z.strictObject({ runId: RunId, tags: RunTags }), output: RunSummary },
} as const;

export const events = {
  runProgress: RunProgress,
  /** The growing list of one discovery; the last one has `finished: true`. */
  devicesChanged: DevicesChanged,
  /** A probe's parts as they start and end (Connect and Plan show them while the NAS is read). */
  probeProgress: ProbeProgress,
} as const;

export type Methods = typeof methods;
export type MethodName = keyof Methods;
export type EventName = keyof typeof events;
export const methodNames = Object.keys(methods) as MethodName[];
export const eventNames = Object.keys(events) as EventName[];

export type MethodInput<M extends MethodName> = z.input<Methods[M]['input']>;
export type MethodParsedInput<M extends MethodName> = z.output<Methods[M]['input']>;
export type MethodOutput<M extends MethodName> = z.output<Methods[M]['output']>;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

/** Methods without input may be called with no argument. */
type CallArgs<M extends MethodName> =
  undefined extends MethodInput<M> ? [input?: MethodInput<M>] : [input: MethodInput<M>];

/** What the renderer sees as `window.nasbench`, whichever transport sits behind it. */
export type NasbenchApi = {
  [M in MethodName]: (...args: CallArgs<M>) => Promise<Result<MethodOutput<M>>>;
} & {
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
};

/** The engine side: one implementation per method, receiving already-validated input. */
export type MethodHandlers = {
  [M in MethodName]: (input: MethodParsedInput<M>) => Promise<MethodOutput<M>>;
};

export function isMethodName(name: unknown): name is MethodName {
  return typeof name === 'string' && Object.hasOwn(methods, name);
}

/** IPC channel names, shared by main and preload so they cannot drift apart. */
export const ipcChannel = {
  method: (name: MethodName) => `nasbench:call:${name}`,
  event: (name: EventName) => `nasbench:event:${name}`,
};

/**
 * Builds the api object from a transport: used by the Electron preload and the browser-mode
 * WebSocket client, so both expose exactly the contract's methods and `on()`.
 */
export function buildApi(transport: {
  call: (method: MethodName, input: unknown) => Promise<Result<unknown>>;
  subscribe: (event: EventName, listener: (payload: unknown) => void) => () => void;
}): NasbenchApi {
  const api: Record<string, unknown> = {};
  for (const name of methodNames) {
    api[name] = (input?: unknown) => transport.call(name, input);
  }
  api.on = (event: EventName, listener: (payload: unknown) => void) => transport.subscribe(event, listener);
  return api as NasbenchApi;
}
