import type { AppError } from '../../../shared/contract/errors';
import type { CacheState } from '../../../shared/contract/figure-quality';
import { spreadOfSamples } from '../../../shared/util/spread';
import type { LoadHelper, LoadHelperResult, LoadResult, LoadRunInput } from '../../../shared/contract/load';
import type { LocalTunnelEnd } from '../ssh';
import { runController, type ControllerRun, type ServerAddress } from './controller';
import { readGreeting, commandSucceeded, terseJob } from './fio-output';
import { helperError } from './helper-errors';
import { layoutJobFile, loadJobFile, rampSeconds, removeFolderJob, scratchPath } from './job';
import { cleanUp, type LoadLeftovers } from './leftovers';
import { roomFor } from './space-check';

/**
 * One computer of a run: a helper, or the NAS itself (`onNas`, its fio started over SSH and
 * reached through it, by `tunnel`, always last); one that cannot take part (`unusable`: no fio,
 * another version, no room) is marked with why.
 */
export type LoadComputer = LoadHelper & {
  onNas?: boolean;
  unusable?: AppError;
  cache?: CacheState;
  tunnel?: LocalTunnelEnd;
};

/** Where this computer's controller connects for a computer: its fio server, or the tunnel to the NAS's. */
function serverOf(computer: LoadComputer): ServerAddress {
  const tunnel = computer.tunnel;
  if (!tunnel) return computer;
  tunnel.admitOne();
  return 'socketPath' in tunnel ? { socketPath: tunnel.socketPath } : { host: tunnel.host, port: tunnel.port };
}

type Input = Required<Omit<LoadRunInput, 'helpers' | 'nas'>> & { helpers: LoadComputer[] };

export interface LoadHooks {
  runId: string;
  signal: AbortSignal;
  fio?: string;
  /** A helper's live rate (index from 0), bytes/s. */
  onRate?: (helper: number, bytesPerSecond: number) => void;
  /** A phase starting: reads lay out their files first, on every helper at once. */
  onPhase?: (phase: 'layout' | 'measure') => void;
  /** Stepping up: measuring with this many computers now. */
  onStep?: (computers: number) => void;
  /** Scratch folders earlier runs could not remove: swept before this run, added to when one stays. */
  leftovers?: LoadLeftovers;
}

/**
 * Load from every helper at once: one fio controller per helper, all started together; each
 * measures past a ramp-up longer than their starts differ. Reads first lay the files out on every
 * helper, so that all read together. A helper that fails is marked and the others go on; a helper
 * whose job was stopped is sent the clean-up alone, so no scratch folder stays. Stepping up
 * (`stepUp`) measures with the first computer, then the first two, … then all; the NAS itself,
 * when it takes part, joins only the last step (it is not one more computer on the network).
 */
export async function runLoad(given: Input, hooks: LoadHooks): Promise<LoadResult> {
  await hooks.leftovers?.sweep(given.helpers.filter((helper) => !helper.onNas));
  const input = { ...given, helpers: await withRoom(given.helpers, given.fileSizeBytes, hooks.fio ?? 'fio') };
  const network = input.helpers.filter((helper) => !helper.onNas);
  const withNas = network.length < input.helpers.length;
  if (!input.stepUp || network.length < 2) return measureTogether(input, hooks);
  // One computer, then two, … then all: how the total grows as computers are added. Each step is
  // named by how many computers measured in it: with one that failed, "2 computers" would be one.
  const steps: { computers: number; bytesPerSecond: number }[] = [];
  const keep = (result: LoadResult) => {
    const measured = result.clients.filter((client) => client.ok && !client.onNas).length;
    if (measured > 0 && !steps.some((step) => step.computers === measured))
      steps.push({ computers: measured, bytesPerSecond: result.total.bytesPerSecond });
  };
  const alone = withNas ? network.length : network.length - 1;
  for (let count = 1; count <= alone && !hooks.signal.aborted; count += 1) {
    hooks.onStep?.(count);
    keep(await measureTogether({ ...input, helpers: network.slice(0, count) }, hooks));
  }
  hooks.onStep?.(input.helpers.length);
  const all = await measureTogether(input, hooks);
  if (!withNas) keep(all);
  return { ...all, stepUp: steps };
}

/**
 * The computers, each one whose folder lacks room for the run marked with why before anything is
 * written (the NAS's own folder was checked over SSH when its scratch folder was made). Every
 * computer's file counts against each folder: they may all be on the one share under test.
 */
async function withRoom(computers: LoadComputer[], fileSizeBytes: number, fio: string): Promise<LoadComputer[]> {
  const neededBytes = fileSizeBytes * computers.length;
  return Promise.all(
    computers.map(async (computer) => {
      if (computer.onNas || computer.unusable) return computer;
      const problem = await roomFor(computer, serverOf(computer), neededBytes, fio);
      return problem ? { ...computer, unusable: problem } : computer;
    }),
  );
}

async function measureTogether(input: Input, hooks: LoadHooks): Promise<LoadResult> {
  const fio = hooks.fio ?? 'fio';
  const failed = new Map<number, AppError>(
    input.helpers.flatMap((helper, index) => (helper.unusable ? [[index, helper.unusable] as const] : [])),
  );
  /** Helpers whose server took a job: only there can a scratch folder have been made. */
  const reached = new Set<number>();
  const noteReached = (index: number, run: ControllerRun | null) => {
    if (run && readGreeting(run.output).fioVersion !== null) reached.add(index);
  };
  const spec = (index: number) => ({ ...input, runId: hooks.runId, index: index + 1 });
  const watchdogMs = (input.seconds + rampSeconds + 120) * 1000 + (input.fileSizeBytes / 10e6) * 1000;
  const controller = (helper: LoadComputer, job: string, onRate?: (rate: number) => void) =>
    runController(serverOf(helper), job, { fio, signal: hooks.signal, watchdogMs, ...(onRate ? { onRate } : {}) });

  if (input.rw === 'read') {
    hooks.onPhase?.('layout');
    const laidOut = await Promise.all(
      input.helpers.map((helper, index) => controller(helper, layoutJobFile(helper, spec(index)))),
    );
    laidOut.forEach((run, index) => {
      const helper = input.helpers[index] as LoadComputer;
      noteReached(index, run);
      const problem = helperError(helper, run, terseJob(run.output, `layout-${index + 1}`)?.error ?? null);
      if (problem) failed.set(index, problem);
    });
  }
  hooks.onPhase?.('measure');
  // Each helper's live rates, about one a second: how steady its figure was.
  const rates: number[][] = input.helpers.map(() => []);
  const runs = await Promise.all(
    input.helpers.map(async (helper, index): Promise<ControllerRun | null> => {
      if (failed.has(index) || hooks.signal.aborted) return null;
      return controller(helper, loadJobFile(helper, spec(index)), (rate) => {
        rates[index]?.push(rate);
        hooks.onRate?.(index, rate);
      });
    }),
  );
  runs.forEach((run, index) => noteReached(index, run));
  const measured = input.helpers.map((helper, index) =>
    helperResult(helper, index, input, runs[index] ?? null, failed.get(index), rates[index] ?? []),
  );
  // A helper whose job did not run to its own clean-up (cancelled, failed, lost) gets the clean-up
  // alone; one that cannot be reached keeps its scratch folder until NASBench reaches it again.
  const clients = await Promise.all(
    measured.map(async (client, index): Promise<LoadHelperResult> => {
      const run = runs[index];
      const helper = input.helpers[index] as LoadComputer;
      // On the NAS itself, the run's scratch folder goes over SSH when the run ends.
      if (helper.onNas || !reached.has(index)) return client;
      if (client.ok && run && commandSucceeded(run.output, removeFolderJob(helper.dir))) return client;
      if (await cleanUp(helper, hooks.runId, index + 1, fio)) return client;
      const { host, port, dir } = helper;
      await hooks.leftovers?.remember({ host, port, dir, runId: hooks.runId, index: index + 1 }).catch(() => undefined);
      return { ...client, leftBehind: scratchPath(helper.dir, hooks.runId) };
    }),
  );
  const starts = runs.flatMap((run, index) => (run?.firstRateAt && clients[index]?.ok ? [run.firstRateAt] : []));
  return {
    kind: 'load',
    rw: input.rw,
    blockSizeBytes: input.blockSizeBytes,
    fileSizeBytes: input.fileSizeBytes,
    direct: input.direct,
    clients,
    total: {
      bytesPerSecond: clients.reduce((sum, client) => sum + (client.ok ? client.bytesPerSecond : 0), 0),
      startSpreadSeconds: starts.length > 1 ? (Math.max(...starts) - Math.min(...starts)) / 1000 : 0,
      ...optionalSpread(totalRates(rates.filter((_, index) => clients[index]?.ok))),
      cache: cacheOf(input),
    },
  };
}

/** The helpers' second-by-second rates added up, as far as every one of them has a reading. */
function totalRates(perHelper: number[][]): number[] {
  const length = Math.min(...perHelper.map((list) => list.length));
  if (perHelper.length === 0 || !Number.isFinite(length)) return [];
  return Array.from({ length }, (_, second) => perHelper.reduce((sum, list) => sum + (list[second] ?? 0), 0));
}

const optionalSpread = (samples: number[]) => {
  const spread = spreadOfSamples(samples);
  return spread ? { spread } : {};
};

/**
 * Which caches the figures went through. Each computer's own: bypassed with direct I/O, as the
 * copy test counts it. The NAS's: unknown — this run has no login to the NAS, so its RAM (and
 * whether it could hold the files) is not known; a write may land in it, a read may come from it.
 */
function cacheOf(input: Input): CacheState {
  return { client: input.direct ? 'bypassed' : 'buffered', nas: 'unknown' };
}

function helperResult(
  helper: LoadComputer,
  index: number,
  input: Input,
  run: ControllerRun | null,
  earlier: AppError | undefined,
  rates: number[],
): LoadHelperResult {
  const { rw } = input;
  const { fioVersion, os } = readGreeting(run?.output ?? '');
  const base = {
    host: helper.host,
    port: helper.port,
    dir: helper.dir,
    fioVersion,
    os,
    ...(helper.onNas ? { onNas: true, via: 'ssh' as const } : {}),
  };
  const job = run ? terseJob(run.output, `helper-${index + 1}`) : null;
  const problem = earlier ?? (run ? helperError(helper, run, job?.error ?? null) : null);
  const counts = job?.[rw];
  if (problem || !counts || counts.ms <= 0) {
    const error = problem ?? {
      code: 'INTERNAL' as const,
      message: `fio on ${helper.host} reported no ${rw === 'read' ? 'reads' : 'writes'}.`,
      hint: 'Run again; if it persists, run the job on that computer by hand.',
    };
    return { ...base, ok: false, bytesPerSecond: 0, ioBytes: 0, seconds: 0, error };
  }
  const ioBytes = counts.kib * 1024;
  const seconds = counts.ms / 1000;
  return {
    ...base,
    ok: true,
    bytesPerSecond: ioBytes / seconds,
    ioBytes,
    seconds,
    // The NAS's own job brings its caches (its folder's file system, its RAM); the others' are these.
    cache: helper.cache ?? cacheOf(input),
    ...optionalSpread(rates),
  };
}
