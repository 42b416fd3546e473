import type { Command } from 'commander';
import { NasbenchError } from '../../../shared/contract/errors';
import type { LoadHelper } from '../../../shared/contract/load';
import { formatRate } from '../../../shared/util/units';
import { readHelperAddress } from '../../../shared/kinds/load/words';
import { byteSize, collect, integerIn, oneOf } from '../arguments';
import { withConnectedEngine, withEngine, type EngineScope, type GlobalOptions } from '../engine-session';
import { addSshLoginOptions, type SshLoginOptions } from '../ssh-login';
import { checkedFolder } from './disk';
import { commandEnd, runToEnd } from '../front-door';
import { printProgress, type CliIo } from '../output';

interface LoadOptions extends Partial<SshLoginOptions> {
  /** Also load the NAS from the NAS itself, in this NAS folder (logs in with --host/--user). */
  nasFolder?: string;
  client: string[];
  dir: string[];
  rw: 'write' | 'read';
  bs: number;
  size: number;
  time: number;
  buffered: boolean;
  stepUp: boolean;
}

const MiB = 2 ** 20;

/**
 * `nasbench load`: load on the NAS from several computers at once. Each runs `fio --server`; this
 * computer's fio drives them all (fio's client/server mode). The n-th `--dir` is the share as the
 * n-th computer sees it; one `--dir` serves all.
 */
export function addLoadCommand(program: Command, io: CliIo, finish: (code: number) => void): void {
  const command = program
    .command('load')
    .description('load from several computers at once through fio --server on each (fio client/server mode)')
    .requiredOption('--client <host[:port]>', 'a computer running fio --server (repeat for each)', collect, [])
    .requiredOption(
      '--dir <path>',
      'the share folder as that computer sees it (repeat per --client, or once for all)',
      collect,
      [],
    )
    .option('--rw <direction>', 'write or read', oneOf(['write', 'read'] as const), 'write')
    .option('--bs <size>', 'block size', byteSize(512, 64 * MiB), MiB)
    .option('--size <size>', 'file size per computer', byteSize(MiB, 2 ** 44), 1024 * MiB)
    .option('--time <seconds>', 'how long each computer measures', integerIn(3, 3600), 20)
    .option('--step-up', 'measure with the first computer, then the first two, … then all: how the total grows', false)
    .option('--buffered', 'let each computer use its own file cache (for systems that refuse direct I/O)', false)
    .option(
      '--nas-folder <path>',
      'also load the NAS from the NAS itself, in this folder: its fio, started over SSH (--host, --user) and stopped after',
    );
  addSshLoginOptions(command, false).action(async (options: LoadOptions, cmd: Command) => {
    const globals = cmd.optsWithGlobals<GlobalOptions>();
    const samples: { t: number; series: string; bytesPerSecond: number }[] = [];
    const ending = commandEnd('load', io, globals, finish);
    try {
      const helpers = helpersOf(options);
      await withNasWhenAsked(options, globals, io.env, async ({ engine, signal, sessionId }) => {
        const start = () =>
          engine.handlers.startLoadRun({
            helpers,
            ...(sessionId && options.nasFolder ? { nas: { sessionId, folder: options.nasFolder } } : {}),
            rw: options.rw,
            blockSizeBytes: options.bs,
            fileSizeBytes: options.size,
            seconds: options.time,
            direct: !options.buffered,
            stepUp: options.stepUp,
          });
        const { runId, end } = await runToEnd(engine, start, {
          signal,
          onEvent: (event) => {
            if (event.kind !== 'sample') return;
            samples.push({ t: event.t, series: event.series, bytesPerSecond: event.bytesPerSecond });
            printProgress(
              io,
              `${event.t.toFixed(1).padStart(7)} s  ${event.series.padEnd(12)} ${formatRate(event.bytesPerSecond, 'MB/s').padStart(12)}`,
            );
          },
        });
        const found = ending.resultOf(end);
        ending.print({ ok: true, kind: 'load', runId, clients: found.clients, total: found.total, rw: found.rw });
      });
    } catch (error) {
      ending.fail('load', error, (result) => ({ clients: result?.clients ?? [], samples }));
    }
  });
}

/** The engine, logged in to the NAS when the NAS itself takes part (--nas-folder). */
function withNasWhenAsked<T>(
  options: LoadOptions,
  globals: GlobalOptions,
  env: NodeJS.ProcessEnv,
  work: (scope: EngineScope & { sessionId: string | null }) => Promise<T>,
): Promise<T> {
  if (options.nasFolder === undefined) return withEngine(globals, env, (scope) => work({ ...scope, sessionId: null }));
  // Checked before logging in: a refused folder name never reaches the NAS.
  checkedFolder(options.nasFolder);
  const { host, user } = options;
  if (!host || !user)
    throw new NasbenchError(
      'INVALID_INPUT',
      '--nas-folder needs the NAS’s login.',
      'Give --host and --user (and --identity, or NASBENCH_PASSWORD) with --nas-folder.',
    );
  return withConnectedEngine({ ...options, host, user } as SshLoginOptions, globals, env, work);
}

/** `--client HOST[:PORT]` paired with `--dir`: the n-th with the n-th, or one folder for all. */
function helpersOf(options: LoadOptions): LoadHelper[] {
  if (options.dir.length !== 1 && options.dir.length !== options.client.length) {
    throw new NasbenchError(
      'INVALID_INPUT',
      `${options.client.length} computers but ${options.dir.length} folders.`,
      'Give one --dir per --client, in the same order, or a single --dir that every computer sees the same way.',
    );
  }
  return options.client.map((client, index) => {
    const found = readHelperAddress(client);
    if (!found)
      throw new NasbenchError(
        'INVALID_INPUT',
        `"${client}" is not a computer's address.`,
        'Give HOST or HOST:PORT, e.g. 192.168.1.20:8765.',
      );
    return { ...found, dir: options.dir[index] ?? options.dir[0] ?? '' };
  });
}
