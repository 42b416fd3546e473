import { InvalidArgumentError, type Command } from 'commander';
import { filterRuns, nasKeysNamed } from '../../../shared/history/filter';
import type { RunSummary } from '../../../shared/contract/runs';
import { formatRate, formatSeconds, type RateUnit } from '../../../shared/util/units';
import { openEngine, type GlobalOptions } from '../engine-session';
import { printResult, type CliIo } from '../output';

/** `nasbench runs`: the saved history, newest first (../shared/cli-contract.md `runs`). */
export function addRunsCommand(program: Command, io: CliIo, finish: (code: number) => void): void {
  program
    .command('runs')
    .description('list saved runs, newest first (files that cannot be read are listed as problems)')
    .option('--nas <nas>', 'only this NAS: its name, any address it had, or its host key (SHA256:…)')
    .option('--since <date>', 'only runs started on or after this date (2026-03-01, or a full ISO time)', isoDate)
    .option('--link <kind>', 'only runs over this kind of link: wifi, ethernet, usb-ethernet, thunderbolt, virtual')
    .option('--plan <plan>', 'only this plan or test: quick, network, disk, copy, load, …')
    .option('--tag <tag>', 'only runs with this tag')
    .action(async (options: RunsOptions, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const engine = await openEngine(globals, io.env);
      const { units } = await engine.handlers.getSettings(undefined);
      const listed = await engine.handlers.listRuns({ figures: true });
      const { problems } = listed;
      const runs = runsAsked(listed.runs, options);
      // A run file that cannot be read is news, not a failure: the rest of the history is still good.
      for (const problem of problems) {
        io.stderr(`Skipped ${problem.file}: ${problem.error.message} ${problem.error.hint}\n`);
      }
      finish(printResult(io, globals, { ok: true, kind: 'runs', runs, problems }, () => describeRuns(runs, units)));
    });
}

interface RunsOptions {
  nas?: string;
  since?: string;
  link?: string;
  plan?: string;
  tag?: string;
}

/** The runs the options ask for; a NAS named by address finds its runs at every address (by its host key). */
function runsAsked(runs: RunSummary[], options: RunsOptions): RunSummary[] {
  const filter = { ...options, nas: undefined };
  const kept = filterRuns(runs, filter);
  if (options.nas === undefined) return kept;
  const keys = new Set(nasKeysNamed(runs, options.nas));
  return kept.filter((run) => run.nas && keys.has(run.nas.key));
}

function isoDate(text: string): string {
  if (Number.isNaN(Date.parse(text)))
    throw new InvalidArgumentError('Give a date as 2026-03-01 (or a full ISO time such as 2026-03-01T18:00:00Z).');
  return text;
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
