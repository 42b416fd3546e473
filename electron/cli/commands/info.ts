import type { Command } from 'commander';
import { openEngine, type GlobalOptions } from '../engine-session';
import { printResult, type CliIo } from '../output';

/** `nasbench info`: version, platform and the data folder in use. */
export function addInfoCommand(program: Command, io: CliIo, finish: (code: number) => void): void {
  program
    .command('info')
    .description('show the version and the data folder in use (settings, runs and pinned host keys live there)')
    .action(async (_options: object, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const engine = await openEngine(globals, io.env);
      const info = await engine.handlers.getAppInfo(undefined);
      const settings = await engine.handlers.getSettings(undefined);
      finish(
        printResult(io, globals, { ok: true, kind: 'info', ...info, settings }, () =>
          [
            `${info.name} ${info.version} (${info.platform} ${info.arch}, Node ${info.nodeVersion})`,
            `Data folder: ${info.dataDir}`,
            `Units: ${settings.units}; discovery ${settings.discoveryEnabled ? 'on' : 'off'}`,
            '',
          ].join('\n'),
        ),
      );
    });
}
