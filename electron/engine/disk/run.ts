import { NasbenchError } from '../../../shared/contract/errors';
import { formatBytes } from '../../../shared/util/units';
import { shellCommand, shellQuote, spaceMargin } from '../ssh';
import { bufferedStandIn } from './buffered-stand-in';
import { fileSystemNotes, nasDiskCache } from './cache-state';
import {
  directIoSupport,
  readFreeBytes,
  readTestFolderFacts,
  type DirectIoSupport,
  type TestFolderFacts,
  type NasCommands,
} from './file-system';
import { fioSpread } from './figure-spread';
import type { FioTool } from './fio-tool';
import { checkFioJob, fioArgv, jobFootprint, jobTimeoutMs, type FioEngine, type FioJob } from './job';
import { fioFailureFromText, summarizeFioReport, type FioReport, type FioSummary } from './parse';
import type { DiskTest } from './presets';
import { inTest, type DiskSample, type DiskTestResult } from './result';
import { FioStatusStream, type FioSample } from './status-stream';

export interface RunFioOptions {
  /** The fio the probe found and the I/O engine for the NAS's kernel (default: `fio` on the PATH, libaio). */
  fio?: FioTool;
  signal?: AbortSignal;
  /** Called as each test begins (before fio lays out its files), so progress can say what runs now. */
  onTestStart?(index: number, name: string): void;
  onSample?(sample: DiskSample): void;
  onResult?(result: DiskTestResult): void;
  /** The NAS's RAM (from the probe): files of twice that defeat its cache when direct I/O is not available. */
  memoryBytes?: number | null;
  /**
   * Longest that writing larger files for a buffered stand-in may take (a plan's budget); without it
   * only the free space limits them.
   */
  standInBudgetSeconds?: number;
  /** What the caller already read about the folder; read here when missing. */
  folder?: TestFolderFacts;
  /** Receives each fio report as parsed, for the record (and for tests that check our reading of it). */
  onReport?(report: FioReport, index: number): void;
}

/** What a run learns as it goes and keeps for the tests after: the engine that loads, and how direct I/O fares. */
interface RunState {
  ioengine: FioEngine | null;
  direct: DirectIoSupport | 'refused';
  /** The test files on the NAS now: their base name and bytes. */
  files: { fileName: string; bytes: number } | null;
  /** What the last sequential write wrote into each of its files, for a read that reads only that. */
  written: { fileName: string; bytesPerJob: number } | null;
}

/**
 * Runs fio tests one after another inside the run's scratch folder (which the caller opened with a
 * free-space check and removes afterwards, whatever happens). Samples stream as fio reports; each
 * test's result comes from fio's final JSON. On cancel the session kills fio's process group.
 */
export async function runFioTests(
  session: NasCommands,
  scratchFolder: string,
  tests: readonly DiskTest[],
  options: RunFioOptions = {},
): Promise<DiskTestResult[]> {
  const folder = options.folder ?? (await readTestFolderFacts(session, scratchFolder));
  const startEngine = options.fio && options.fio.ioengine !== 'libaio' ? options.fio.ioengine : null;
  const state: RunState = { ioengine: startEngine, direct: directIoSupport(folder), files: null, written: null };
  const results: DiskTestResult[] = [];
  for (const [index, test] of tests.entries()) {
    options.signal?.throwIfAborted();
    options.onTestStart?.(index, test.name);
    try {
      const result = await runOneTest(session, scratchFolder, test, index, folder, state, options);
      results.push(result);
      options.onResult?.(result);
    } catch (error) {
      throw inTest(error, test.name);
    }
  }
  if (state.files) await removeTestFiles(session, scratchFolder, state.files.fileName);
  return results;
}

async function runOneTest(
  session: NasCommands,
  scratchFolder: string,
  test: DiskTest,
  index: number,
  folder: TestFolderFacts,
  state: RunState,
  options: RunFioOptions,
): Promise<DiskTestResult> {
  let job = checkFioJob({ ...test.job, ...(state.ioengine ? { ioengine: state.ioengine } : {}) });
  let note: string | undefined;
  if (job.direct && state.direct !== 'honoured') {
    ({ job, note } = await standIn(session, scratchFolder, job, folder, state, options));
  }
  if (test.readsWhatWasWritten) ({ job, note } = readWhatWasWritten(job, state, note));
  for (;;) {
    await makeRoom(session, scratchFolder, job, state);
    try {
      const ran = await runFio(session, scratchFolder, job, test, index, options);
      options.onReport?.(ran.report, index);
      if (job.rw === 'write' && !job.timeBased) {
        state.written = { fileName: job.fileName, bytesPerJob: ran.summary.ioBytes / job.numjobs };
      }
      const tool = { commandLine: ran.commandLine, toolPath: options.fio?.path ?? 'fio' };
      return resultOf(test, job, ran, tool, folder, note, options.memoryBytes ?? null);
    } catch (error) {
      const reason = error instanceof NasbenchError ? error.details?.reason : undefined;
      if (reason === 'engine-missing' && job.ioengine !== 'psync') {
        state.ioengine = 'psync';
        job = { ...job, ioengine: 'psync' };
      } else if (reason === 'direct-refused' && job.direct) {
        state.direct = 'refused';
        ({ job, note } = await standIn(session, scratchFolder, job, folder, state, options));
      } else {
        throw error;
      }
    }
  }
}

async function runFio(
  session: NasCommands,
  scratchFolder: string,
  job: FioJob,
  test: DiskTest,
  index: number,
  options: RunFioOptions,
): Promise<FioRun> {
  const argv = fioArgv(job, scratchFolder, options.fio?.path);
  const commandLine = shellCommand(argv);
  const stream = new FioStatusStream();
  const samples: FioSample[] = [];
  const run = await session.run(commandLine, {
    timeoutMs: jobTimeoutMs(job),
    ...(options.signal ? { signal: options.signal } : {}),
    onStdoutLine: (line) => {
      for (const sample of stream.push(`${line}\n`)) {
        samples.push(sample);
        options.onSample?.({ index, test: test.name, ...sample });
      }
    },
  });
  let report: FioReport;
  try {
    // From the stream the line reader took: stdout is not kept beside it (a long test's status
    // objects, one a second, would all be held until fio ends).
    report = stream.finalReport();
  } catch (error) {
    // No report: fio's own words on stderr (or stdout) say why, when they say anything we know.
    const known = fioFailureFromText(`${run.stderr}\n${stream.said}`);
    if (known) throw known;
    if (run.code === 127) {
      throw new NasbenchError('TOOL_MISSING', 'fio is not installed on this NAS.', 'Install fio, or use the dd test.');
    }
    if (run.code !== 0) {
      throw new NasbenchError(
        'INTERNAL',
        `fio failed on the NAS (exit ${run.code ?? run.signal}).`,
        firstLines(run.stderr) || 'Run the same command by hand on the NAS to see why.',
        { details: { commandLine } },
      );
    }
    throw error;
  }
  return { summary: summarizeFioReport(report), commandLine, report, samples };
}

/**
 * A read of the files the write before it wrote, kept to the bytes it wrote in each (their mean:
 * fio's group report gives no job's own figure, and a file a little short of it fio extends with
 * real data before the read starts, outside the measured time).
 */
function readWhatWasWritten(
  job: FioJob,
  state: RunState,
  note: string | undefined,
): { job: FioJob; note: string | undefined } {
  const written = state.written?.fileName === job.fileName ? state.written.bytesPerJob : null;
  if (written === null || written >= job.size) return { job, note };
  const size = Math.max(job.bs, Math.floor(written / job.bs) * job.bs);
  const cut =
    `The write ended at its time limit with ${formatBytes(size * job.numjobs)} written of ` +
    `${formatBytes(job.size * job.numjobs)}, so the read covered what it wrote.`;
  return { job: { ...job, size }, note: note ? `${note} ${cut}` : cut };
}

/** One fio run: its summary, the command line, the report and the live samples it streamed. */
interface FioRun {
  summary: FioSummary;
  commandLine: string;
  report: FioReport;
  samples: FioSample[];
}

/** Buffered I/O in place of direct I/O (buffered-stand-in.ts), recorded as `direct: false`. */
async function standIn(
  session: NasCommands,
  scratchFolder: string,
  job: FioJob,
  folder: TestFolderFacts,
  state: RunState,
  options: RunFioOptions,
): Promise<{ job: FioJob; note: string }> {
  const existingBytes = state.files?.fileName === job.fileName ? state.files.bytes : 0;
  const { size, note } = await bufferedStandIn(session, scratchFolder, {
    support: state.direct,
    folder,
    memoryBytes: options.memoryBytes ?? null,
    size: job.size,
    numjobs: job.numjobs,
    existingBytes,
    ...(options.standInBudgetSeconds !== undefined ? { budgetSeconds: options.standInBudgetSeconds } : {}),
  });
  return { job: { ...job, direct: false, size }, note };
}

/**
 * The free-space check before each test: tests that share files (Quick's eight) need room once;
 * a test with new files first removes the previous test's files, then needs room for its own.
 */
async function makeRoom(session: NasCommands, scratchFolder: string, job: FioJob, state: RunState): Promise<void> {
  if (state.files && state.files.fileName !== job.fileName) {
    await removeTestFiles(session, scratchFolder, state.files.fileName);
    state.files = null;
  }
  const needed = jobFootprint(job);
  const extra = needed - (state.files?.bytes ?? 0);
  if (extra <= 0) return;
  const free = await readFreeBytes(session, scratchFolder);
  const margin = spaceMargin(extra);
  if (free !== null && free < extra + margin) {
    throw new NasbenchError(
      'NOT_ENOUGH_SPACE',
      `The folder has ${formatBytes(free)} free; the next test needs ${formatBytes(extra)} plus ` +
        `${formatBytes(margin)} kept free. It was not started.`,
      'Free some space on the volume, or choose a smaller test size.',
      { details: { freeBytes: free, neededBytes: extra, marginBytes: margin } },
    );
  }
  state.files = { fileName: job.fileName, bytes: needed };
}

async function removeTestFiles(session: NasCommands, scratchFolder: string, fileName: string): Promise<void> {
  // The prefix is quoted; only the trailing * is left to the shell, to match fio's numbered files.
  await session.run(`rm -f -- ${shellQuote(`${scratchFolder}/${fileName}.`)}*`, { timeoutMs: 60_000 });
}

function resultOf(
  test: DiskTest,
  job: FioJob,
  { summary, report, samples }: FioRun,
  ran: { commandLine: string; toolPath: string },
  folder: TestFolderFacts,
  note: string | undefined,
  memoryBytes: number | null,
): DiskTestResult {
  const notes = note ? [note] : [];
  notes.push(...fileSystemNotes(folder, { engine: 'fio', direct: job.direct, rw: job.rw, bs: job.bs }));
  const spread = fioSpread(samples, report, job.numjobs);
  // Direct I/O counts only where the file system honours it; a stand-in already runs with direct: false.
  const directHonoured = job.direct && directIoSupport(folder) === 'honoured';
  // psync sends one request at a time per job, whatever iodepth says (fio caps it at 1).
  const iodepth = job.ioengine === 'psync' ? 1 : job.iodepth;
  if (iodepth !== job.iodepth) {
    notes.push(
      `fio on this NAS has no libaio engine, so psync ran one request at a time (queue depth 1, not ${job.iodepth}).`,
    );
  }
  return {
    name: test.name,
    rw: job.rw,
    bs: job.bs,
    iodepth,
    numjobs: job.numjobs,
    direct: job.direct,
    sizeBytes: jobFootprint(job),
    bytesPerSecond: summary.bytesPerSecond,
    iops: summary.iops,
    latencyNs: { p50: summary.latencyNs.p50, p99: summary.latencyNs.p99 },
    ioBytes: summary.ioBytes,
    seconds: summary.seconds,
    engine: 'fio',
    ioengine: job.ioengine,
    commandLine: ran.commandLine,
    toolPath: ran.toolPath,
    fioVersion: report.fioVersion,
    fileSystem: folder.fileSystem,
    ...(spread ? { spread } : {}),
    cache: nasDiskCache({
      folder,
      memoryBytes,
      directHonoured,
      rw: job.rw,
      bs: job.bs,
      sizeBytes: jobFootprint(job),
    }),
    ...(summary.steadyState ? { steadyState: summary.steadyState } : {}),
    ...(notes.length > 0 ? { note: notes.join(' ') } : {}),
  };
}

function firstLines(text: string): string {
  return text.trim().split('\n').slice(0, 3).join(' ').slice(0, 300);
}
