import path from 'node:path';
import type { Command } from 'commander';
import { NasbenchError } from '../../../shared/contract/errors';
import type { PlanSettings, PlanPreview } from '../../../shared/contract/plans';
import type { RunEnd, RunProgress } from '../../../shared/contract/run-events';
import { formatBytes, formatSeconds } from '../../../shared/util/units';
import { explainRun } from '../../../shared/verdicts/plan-answer';
import { figuresOfRun } from '../../../shared/verdicts';
import type { Verdict } from '../../../shared/contract/verdict';
import { answersOf } from '../../../shared/verdicts/answer';
import { byteSize, collect, integerIn } from '../arguments';
import { withConnectedEngine, type GlobalOptions } from '../engine-session';
import { call, failedRun, leftBehindOf, runToEnd } from '../front-door';
import { printProgress, printResult, type CliIo } from '../output';
import { describeQuickResults, quickResults } from '../quick-results';
import { addSshLoginOptions, type SshLoginOptions } from '../ssh-login';
import { checkedFolder } from './disk';

interface QuickOptions extends SshLoginOptions {
  connection?: string;
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
    .option(
      '--share-size <bytes>',
      'file size for the share copy, e.g. 256M (default 256M)',
      byteSize(2 ** 20, 2 ** 44),
    )
    .option('--tag <tag>', 'a tag for the saved run, e.g. "after NVMe cache" (repeatable)', collect, [])
    .option(
      '--connection <name>',
      'what you call this connection, e.g. "Cable" or "Wi-Fi" (default: from the interface)',
    );
  addSshLoginOptions(command).action(async (options: QuickOptions, cmd: Command) => {
    const globals = cmd.optsWithGlobals<GlobalOptions>();
    let partial: Record<string, unknown> = {};
    let ended: RunEnd | undefined;
    try {
      // Checked before logging in: a refused folder name never reaches the NAS.
      const nasFolder = options.dir === undefined ? undefined : checkedFolder(options.dir);
      await withConnectedEngine(options, globals, io.env, async ({ engine, sessionId, signal }) => {
        const input: PlanSettings = {
          plan: 'quick',
          sessionId,
          ...(nasFolder ? { nasFolder } : {}),
          // A folder typed on the command line is the user's answer already: there is no one to ask in a
          // script. The result and its verdicts still call a local folder what it is.
          ...(options.shareDir ? { shareFolder: path.resolve(options.shareDir), useLocalShareFolder: true } : {}),
          ...(options.time !== undefined ? { networkSeconds: options.time } : {}),
          ...(options.diskTime !== undefined ? { diskSeconds: options.diskTime } : {}),
          ...(options.shareSize !== undefined ? { shareFileBytes: options.shareSize } : {}),
          ...(options.tag?.length ? { tags: options.tag } : {}),
          ...(options.connection ? { connection: options.connection } : {}),
        };
        printPreview(io, await call(engine, 'previewPlan', input));
        const { end, record } = await runToEnd(engine, () => call(engine, 'startPlan', input), {
          signal,
          onEvent: (event) => printStep(io, event),
        });
        ended = end;
        if (!record) throw new NasbenchError('INTERNAL', 'The run was not saved.', 'Run the Quick check again.');
        const { units } = await engine.handlers.getSettings(undefined);
        const verdicts = explainRun(record, units);
        const answers = answersOf(figuresOfRun(record), record.connection?.name ?? null, units);
        const results = quickResults(record);
        const summary = {
          runId: record.id,
          seconds: record.seconds,
          status: record.status,
          steps: record.steps,
          ...(record.connection ? { connection: record.connection } : {}),
        };
        if (end.error) {
          partial = { ...summary, verdicts, results };
          throw new NasbenchError(end.error.code, end.error.message, end.error.hint, {
            ...(end.error.details ? { details: end.error.details } : {}),
          });
        }
        const json = { ok: true as const, kind: 'quick', ...summary, answers, verdicts, results, ...leftBehindOf(end) };
        finish(printResult(io, globals, json, () => describeQuickResults(record, verdicts, units)));
      });
    } catch (error) {
      finish(printResult(io, globals, failedRun('quick', error, partial, ended), () => ''));
      if (!globals.json && Array.isArray(partial.verdicts)) io.stderr(verdictLines(partial.verdicts as Verdict[]));
    }
  });
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
