import type { Command } from 'commander';
import type { DiskRunDetails } from '../../../shared/contract/disk';
import { byteSize, integerIn, listOf, oneOf, seconds } from '../arguments';
import { withConnectedEngine, type GlobalOptions } from '../engine-session';
import { commandEnd, runToEnd } from '../front-door';
import { printProgress, type CliIo } from '../output';
import { sweepCellTests } from '../../../shared/sweep/grid';
import { addSshLoginOptions, type SshLoginOptions } from '../ssh-login';
import { checkedFolder } from './disk';

interface SweepCliOptions extends SshLoginOptions {
  dir: string;
  bs: number[];
  size: number[];
  jobs: number[];
  rw: 'write' | 'read' | 'both';
  steadyState: boolean;
  maxRuntime: number;
  budget: number;
  adaptive: boolean;
}

const KiB = 1024;
const MiB = 1024 * KiB;

/** `nasbench sweep`: a fio grid of block size × file size × jobs with steady state, shaped for heatmaps. */
export function addSweepCommand(program: Command, io: CliIo, finish: (code: number) => void): void {
  const command = program
    .command('sweep')
    .description('fio grid (block size × file size × jobs) with steady-state stop, inside a scratch folder in --dir')
    .requiredOption('--dir <path>', 'folder on the NAS to test in (a scratch folder is created and removed inside it)')
    .option('--bs <list>', 'block sizes, e.g. 4k,128k,1M', listOf(byteSize(512, 64 * MiB)), [4 * KiB, 128 * KiB, MiB])
    .option('--size <list>', 'file size per job, e.g. 64M,256M', listOf(byteSize(512)), [64 * MiB, 256 * MiB])
    .option('--jobs <list>', 'numbers of parallel jobs, e.g. 1,4', listOf(integerIn(1, 128)), [1, 4])
    .option('--rw <direction>', 'write, read or both', oneOf(['write', 'read', 'both'] as const), 'write')
    .option('--no-steady-state', 'run every cell for the whole --max-runtime')
    .option('--max-runtime <seconds>', 'longest a cell may run', seconds(600), 30)
    .option('--budget <seconds>', 'skip the remaining cells once this would be exceeded', integerIn(10, 86_400), 3600)
    .option(
      '--adaptive',
      'measure where the grid tells something (jobs until they stop helping, a coarse grid, cells between neighbours that differ) and infer the rest, marked',
      false,
    );
  addSshLoginOptions(command).action(async (options: SweepCliOptions, cmd: Command) => {
    const globals = cmd.optsWithGlobals<GlobalOptions>();
    const samples: { t: number; bytesPerSecond: number }[] = [];
    const ending = commandEnd('disk', io, globals, finish);
    try {
      const dir = checkedFolder(options.dir);
      await withConnectedEngine(options, globals, io.env, async ({ engine, sessionId, signal }) => {
        const start = () =>
          engine.handlers.startDiskSweep({
            sessionId,
            folder: dir,
            blockSizes: options.bs,
            fileSizes: options.size,
            jobs: options.jobs,
            rw: options.rw,
            steadyState: options.steadyState,
            uncached: false,
            maxRuntimeSeconds: options.maxRuntime,
            budgetSeconds: options.budget,
            adaptive: options.adaptive,
          });
        const { end } = await runToEnd(engine, start, {
          signal,
          onEvent: (event) => {
            if (event.kind === 'sample') samples.push({ t: event.t, bytesPerSecond: event.bytesPerSecond });
            if (event.kind === 'step' && event.state !== 'started')
              printProgress(io, `${event.label.padEnd(34)} ${event.state} (${event.index + 1}/${event.count})`);
          },
        });
        ending.print(sweepJson(ending.resultOf(end, (result) => Boolean(result.sweep))));
      });
    } catch (error) {
      ending.fail('sweep', error, (result) => ({ tests: result?.tests ?? [], samples }));
    }
  });
}

function sweepJson(result: DiskRunDetails) {
  const sweep = result.sweep;
  return {
    ok: true as const,
    kind: 'sweep',
    engine: 'fio',
    dir: result.folder,
    fileSystem: result.fileSystem,
    fio: { version: result.tests.find((test) => test.fioVersion)?.fioVersion ?? 'unknown' },
    seconds: sweep?.seconds ?? 0,
    plannedSeconds: sweep?.plannedSeconds ?? 0,
    // Every cell of the grid with a figure, measured and inferred, each marked (the contract's third wave).
    tests: sweep ? sweepCellTests(sweep, result.tests) : result.tests,
    skipped: sweep?.skipped ?? [],
    leftOut: sweep?.leftOut ?? [],
    heatmaps: { panels: sweep?.panels ?? [] },
    ...(sweep?.note ? { note: sweep.note } : {}),
    // An adaptive sweep's run-to-run noise and its closing drift check, as figures beside the note's words.
    ...(sweep?.adaptive ? { adaptive: sweep.adaptive } : {}),
  };
}
