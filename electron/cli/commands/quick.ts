import { InvalidArgumentError, type Command } from 'commander';
import { z } from 'zod';
import { NasbenchError, toAppError } from '../../../shared/errors';
import {
  PlanInput as PlanInputSchema,
  type PlanInput,
  type PlanOptions,
  type PlanPreview,
} from '../../../shared/plans';
import type { RunEnd, RunProgress } from '../../../shared/run-events';
import type { RunRecord } from '../../../shared/runs';
import { formatBytes, formatSeconds } from '../../../shared/units';
import { explainFigures, figuresOfRun, type Verdict } from '../../../shared/verdicts';
import { createEngine, type Engine } from '../../engine';
import { parseByteSize } from '../../engine/disk';
import type { GlobalOptions } from '../engine-session';
import { printProgress, printResult, type CliIo } from '../output';
import { describeQuickResults, quickResults } from '../quick-results';
import { addSshLoginOptions, type SshLoginOptions } from '../ssh-login';
import { withNasSession } from '../with-nas-session';

interface QuickOptions extends SshLoginOptions {
  dir?: string;
  shareDir?: string;
  time?: number;
  diskTime?: number;
  shareSize?: number;
  tag?: string[];
}

/** `nasbench quick`: the Quick check plan, saved like every run, with its verdicts in plain words. */
export function addQuickCommand(program: Command, io: CliIo, finish: (code: number) => void): void {
  const command = program
    .command('quick')
    .description(
      'the Quick check: network both ways, the NAS disks (--dir) and a mounted share (--share-dir), with verdicts',
    )
    .option('--dir <path>', 'folder on the NAS for the disk tests (a scratch folder inside it is removed afterwards)')
    .option('--share-dir <path>', 'local folder, normally a mounted share of this NAS, for the copy test')
    .option('--time <seconds>', 'seconds per network direction (default 5)', integerIn(1, 600))
    .option('--disk-time <seconds>', 'seconds per disk test (default 3)', integerIn(1, 600))
    .option('--share-size <bytes>', 'file size for the share copy, e.g. 256M (default 256M)', parseSize)
    .option('--tag <tag>', 'a tag for the saved run, e.g. "after NVMe cache" (repeatable)', collect, []);
  addSshLoginOptions(command).action(async (options: QuickOptions, cmd: Command) => {
    const globals = cmd.optsWithGlobals<GlobalOptions>();
    let partial: Record<string, unknown> = {};
    try {
      await withNasSession(options, io, globals, async ({ session, dataDir, signal }) => {
        const engine = createEngine({ dataDir, mode: 'cli' });
        try {
          const input: PlanInput = {
            plan: 'quick',
            sessionId: engine.connections.adopt(session),
            ...(options.dir ? { nasFolder: options.dir } : {}),
            ...(options.shareDir ? { shareFolder: options.shareDir } : {}),
            ...(options.time !== undefined ? { networkSeconds: options.time } : {}),
            ...(options.diskTime !== undefined ? { diskSeconds: options.diskTime } : {}),
            ...(options.shareSize !== undefined ? { shareFileBytes: options.shareSize } : {}),
            ...(options.tag?.length ? { tags: options.tag } : {}),
          };
          const plan = checkedInput(input);
          printPreview(io, await engine.handlers.previewPlan(plan));
          const { record, end } = await runToEnd(engine, plan, signal, io);
          const { units } = await engine.handlers.getSettings(undefined);
          const verdicts = explainFigures(figuresOfRun(record), { unit: units });
          const results = quickResults(record);
          const summary = { runId: record.id, seconds: record.seconds, status: record.status, steps: record.steps };
          if (end.error) {
            partial = { ...summary, verdicts, results };
            throw new NasbenchError(end.error.code, end.error.message, end.error.hint, {
              ...(end.error.details ? { details: end.error.details } : {}),
            });
          }
          const json = { ok: true as const, kind: 'quick', ...summary, verdicts, results };
          finish(printResult(io, globals, json, () => describeQuickResults(record, verdicts, units)));
        } finally {
          await engine.shutdown();
        }
      });
    } catch (error) {
      finish(printResult(io, globals, { ok: false, kind: 'quick', error: toAppError(error), partial }, () => ''));
      if (!globals.json && Array.isArray(partial.verdicts)) io.stderr(verdictLines(partial.verdicts as Verdict[]));
    }
  });
}

/** Starts the plan and waits for its end event; by then the run is saved, so its record can be read back. */
async function runToEnd(
  engine: Engine,
  input: PlanOptions,
  signal: AbortSignal,
  io: CliIo,
): Promise<{ record: RunRecord; end: RunEnd }> {
  const ends = new Map<string, RunEnd>();
  let waiting: { runId: string; resolve: (end: RunEnd) => void } | undefined;
  const stop = engine.onEvent((event, payload) => {
    if (event !== 'runProgress') return;
    printStep(io, payload);
    if (payload.kind !== 'end') return;
    ends.set(payload.runId, payload);
    if (waiting?.runId === payload.runId) waiting.resolve(payload);
  });
  try {
    const { runId } = await engine.handlers.startPlan(input);
    const cancel = () => void engine.handlers.cancelRun({ runId });
    signal.addEventListener('abort', cancel, { once: true });
    const end = ends.get(runId) ?? (await new Promise<RunEnd>((resolve) => (waiting = { runId, resolve })));
    signal.removeEventListener('abort', cancel);
    return { record: await engine.handlers.getRun({ runId }), end };
  } finally {
    stop();
  }
}

/** The engine's handlers take checked input, as its transports give them; a bad folder path is refused here. */
function checkedInput(input: PlanInput): PlanOptions {
  const parsed = PlanInputSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new NasbenchError(
    'INVALID_INPUT',
    `The Quick check cannot start: ${z.prettifyError(parsed.error)}`,
    'Run nasbench quick --help.',
  );
}

function printPreview(io: CliIo, preview: PlanPreview): void {
  const lines = [
    `${preview.title}: ${preview.answers} About ${formatSeconds(preview.expectedSeconds)}.`,
    ...preview.steps.map(
      (step) =>
        `  ${step.index + 1}. ${step.label} (~${formatSeconds(step.seconds)}): ${step.what}` +
        step.writes
          .map((write) => ` Writes up to ${formatBytes(write.bytes)} in ${write.where}, removed afterwards.`)
          .join(''),
    ),
    ...preview.leftOut.map((left) => `  Left out: ${left.label}. ${left.reason}`),
    ...preview.notes.map((note) => `  ${note}`),
  ];
  printProgress(io, lines.join('\n'));
}

function printStep(io: CliIo, event: RunProgress): void {
  if (event.kind !== 'step') return;
  const mark = { started: '…', finished: '✓', failed: '✗', skipped: '–' }[event.state];
  const why = event.error && event.state !== 'started' ? `: ${event.error.message}` : '';
  printProgress(io, `${mark} ${event.index + 1}/${event.count} ${event.label}${why}`);
}

function verdictLines(verdicts: Verdict[]): string {
  return verdicts.map((verdict) => `• ${verdict.text}`).join('\n') + (verdicts.length ? '\n' : '');
}

function integerIn(min: number, max: number) {
  return (value: string) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < min || number > max)
      throw new InvalidArgumentError(`give a whole number from ${min} to ${max}.`);
    return number;
  };
}

function parseSize(value: string): number {
  try {
    return parseByteSize(value);
  } catch (error) {
    throw new InvalidArgumentError(error instanceof NasbenchError ? error.hint : 'give a size such as 256M.');
  }
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
