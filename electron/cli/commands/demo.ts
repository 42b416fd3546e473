import type { Command } from 'commander';
import { formatRate } from '../../../shared/util/units';
import { numberIn } from '../arguments';
import { withEngine, type GlobalOptions } from '../engine-session';
import { runToEnd } from '../front-door';
import { printProgress, printResult, type CliIo } from '../output';

/** `nasbench demo`: the "This computer" loopback test, headless. */
export function addDemoCommand(program: Command, io: CliIo, finish: (code: number) => void): void {
  program
    .command('demo')
    .description("measure this computer's own network stack over loopback with the built-in iperf3 (no NAS needed)")
    .option('--time <seconds>', 'how long to measure', numberIn(1, 3600), 3)
    .action(async (options: { time: number }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      await withEngine(globals, io.env, async ({ engine, signal }) => {
        const { units } = await engine.handlers.getSettings(undefined);
        const samples: { t: number; bytesPerSecond: number }[] = [];
        const { runId, end } = await runToEnd(
          engine,
          () => engine.handlers.startDemoRun({ seconds: options.time, sampleIntervalMs: 500 }),
          {
            signal,
            onEvent: (progress) => {
              if (progress.kind !== 'sample') return;
              samples.push({ t: progress.t, bytesPerSecond: progress.bytesPerSecond });
              printProgress(
                io,
                `${progress.t.toFixed(1).padStart(6)} s  ${formatRate(progress.bytesPerSecond, units)}`,
              );
            },
          },
        );
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
    });
}
