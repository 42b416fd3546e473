import type { Command } from 'commander';
import type { RunSummary } from '../../../shared/contract/runs';
import { formatRate, formatSeconds, type RateUnit } from '../../../shared/util/units';
import { openEngine, type GlobalOptions } from '../engine-session';
import { printResult, type CliIo } from '../output';

/** `nasbench runs`: the saved history, newest first (../shared/cli-contract.md `runs`). */
export function addRunsCommand(program: Command, io: CliIo, finish: (code: number) => void): void {
  program
    .command('runs')
    .description('list saved runs, newest first (files that cannot be read are listed as problems)')
    .action(async (_options: object, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const engine = await openEngine(globals, io.env);
      const { units } = await engine.handlers.getSettings(undefined);
      const { runs, problems } = await engine.handlers.listRuns(undefined);
      // A run file that cannot be read is news, not a failure: the rest of the history is still good.
      for (const problem of problems) {
        io.stderr(`Skipped ${problem.file}: ${problem.error.message} ${problem.error.hint}\n`);
      }
      finish(printResult(io, globals, { ok: true, kind: 'runs', runs, problems }, () => describeRuns(runs, units)));
    });
}

function describeRuns(runs: RunSummary[], units: RateUnit): string {
  if (runs.length === 0) return 'No saved runs yet. Every test you run is saved here when it ends.\n';
  const lines = runs.map((run) =>
    [
      run.startedAt.replace('T', ' ').slice(0, 16),
      run.plan.padEnd(8),
      run.host.padEnd(16),
      run.status.padEnd(9),
      (run.headline ? formatRate(run.headline.bytesPerSecond, units) : '').padStart(12),
      formatSeconds(run.seconds).padStart(10),
      run.tags.length > 0 ? `[${run.tags.join(', ')}]` : '',
      run.id,
    ].join('  '),
  );
  return `${lines.join('\n')}\n`;
}
