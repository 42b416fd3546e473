import { InvalidArgumentError, type Command } from 'commander';
import type { RunEnd } from '../../../shared/run-events';
import { formatRate } from '../../../shared/units';
import { openEngine, type GlobalOptions } from '../engine-session';
import { printProgress, printResult, type CliIo } from '../output';

/** `nasbench demo`: the "This computer" loopback test, headless. */
export function addDemoCommand(program: Command, io: CliIo, finish: (code: number) => void): void {
  program
    .command('demo')
    .description("measure this computer's own network stack over loopback with the built-in iperf3 (no NAS needed)")
    .option('--time <seconds>', 'how long to measure', parseSeconds, 3)
    .action(async (options: { time: number }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const engine = await openEngine(globals, io.env);
      const { units } = await engine.handlers.getSettings(undefined);
      const samples: { t: number; bytesPerSecond: number }[] = [];
      const ended = new Promise<RunEnd>((resolve) => {
        engine.onEvent((event, progress) => {
          if (event !== 'runProgress') return;
          if (progress.kind === 'sample') {
            samples.push({ t: progress.t, bytesPerSecond: progress.bytesPerSecond });
            printProgress(io, `${progress.t.toFixed(1).padStart(6)} s  ${formatRate(progress.bytesPerSecond, units)}`);
          } else if (progress.kind === 'end') resolve(progress);
        });
      });
      const { runId } = await engine.handlers.startDemoRun({ seconds: options.time, sampleIntervalMs: 500 });
      const cancel = () => void engine.handlers.cancelRun({ runId });
      process.once('SIGINT', cancel);
      const end = await ended.finally(() => process.removeListener('SIGINT', cancel));
      if (end.state !== 'done' || !end.summary) {
        const error = end.error ?? {
          code: 'INTERNAL' as const,
          message: 'The test ended without a result.',
          hint: 'Run it again.',
        };
        return finish(
          printResult(io, globals, { ok: false, kind: 'demo', error, partial: { runId, samples } }, () => ''),
        );
      }
      const { summary } = end;
      const result = {
        ok: true as const,
        kind: 'demo',
        runId,
        target: 'This computer (loopback)',
        summary: { ...summary, bitsPerSecond: summary.bytesPerSecond * 8 },
        samples,
      };
      finish(
        printResult(
          io,
          globals,
          result,
          () => `Loopback throughput: ${formatRate(summary.bytesPerSecond, units)} on average.\n`,
        ),
      );
    });
}

function parseSeconds(value: string): number {
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 3600) {
    throw new InvalidArgumentError('give a number of seconds from 1 to 3600.');
  }
  return seconds;
}
