import { Command, CommanderError } from 'commander';
import packageJson from '../../package.json';
import { toAppError } from '../../shared/contract/errors';
import { addCopyCommand } from './commands/copy';
import { addDemoCommand } from './commands/demo';
import { addDiscoverCommand } from './commands/discover';
import { addDiskCommand } from './commands/disk';
import { addInfoCommand } from './commands/info';
import { addLoadCommand } from './commands/load';
import { addNetCommand } from './commands/net';
import { addProbeCommand } from './commands/probe';
import { addQuickCommand } from './commands/quick';
import { addReportCommand } from './commands/report';
import { addRunsCommand } from './commands/runs';
import { addServeCommand } from './commands/serve';
import { addShareCommand } from './commands/share';
import { addSweepCommand } from './commands/sweep';
import { exitCode, type CliIo } from './output';

/**
 * Runs the `nasbench` command line (../shared/cli-contract.md) and resolves to its exit code:
 * 0 ok, 1 a failed test or refused input, 2 bad usage. Never calls process.exit, so it can
 * run in-process in tests.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const json = argv.includes('--json');
  let code: number = exitCode.ok;
  const finish = (result: number) => {
    code = result;
  };
  const program = new Command('nasbench')
    .description('How fast is your NAS really, and why? The NASBench engine, headless.')
    .version(packageJson.version, '-V, --version', 'print the version')
    .option('--json', 'print exactly one JSON object on stdout at the end; progress goes to stderr', false)
    .option('--data-dir <dir>', 'where settings, runs and pinned host keys live (default: the app’s data folder)')
    .showHelpAfterError('(run nasbench --help for the commands and options)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout(text),
      // With --json the usage error goes into the JSON object instead.
      writeErr: (text) => (json ? undefined : io.stderr(text)),
    });
  addInfoCommand(program, io, finish);
  addDemoCommand(program, io, finish);
  addDiscoverCommand(program, io, finish);
  addProbeCommand(program, io, finish);
  addNetCommand(program, io, finish);
  addDiskCommand(program, io, finish);
  addSweepCommand(program, io, finish);
  addLoadCommand(program, io, finish);
  addServeCommand(program, io, finish);
  addCopyCommand(program, io, finish);
  addShareCommand(program, io, finish);
  addRunsCommand(program, io, finish);
  addReportCommand(program, io, finish);
  addQuickCommand(program, io, finish);

  try {
    await program.parseAsync(argv, { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) return exitCode.ok; // --help, --version
      if (json) {
        const usage = {
          ok: false,
          kind: 'usage',
          error: {
            code: 'INVALID_INPUT',
            message: error.message.replace(/^error: /, ''),
            hint: 'Run nasbench --help.',
          },
        };
        io.stdout(JSON.stringify(usage) + '\n');
      }
      return exitCode.usage;
    }
    const appError = toAppError(error);
    if (json) io.stdout(JSON.stringify({ ok: false, kind: 'error', error: appError }) + '\n');
    else io.stderr(`Error (${appError.code}): ${appError.message}\nWhat to do: ${appError.hint}\n`);
    return exitCode.failed;
  }
}
