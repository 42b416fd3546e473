import { InvalidArgumentError, type Command } from 'commander';
import { randomUUID } from 'node:crypto';
import { NasbenchError, toAppError } from '../../../shared/errors';
import { formatRate } from '../../../shared/units';
import { parseByteSize, type DiskSample, type DiskTestResult } from '../../engine/disk';
import { requireFio } from '../../engine/disk/sweep-run-plan';
import { runSweep, sweepDefaults, type SweepDirection, type SweepResult } from '../../engine/disk/sweep';
import { probeNas } from '../../engine/probe';
import { openScratchFolder, sweepStaleScratch } from '../../engine/ssh/scratch';
import type { GlobalOptions } from '../engine-session';
import { printProgress, printResult, type CliIo } from '../output';
import { addSshLoginOptions, type SshLoginOptions } from '../ssh-login';
import { withNasSession } from '../with-nas-session';

interface SweepCliOptions extends SshLoginOptions {
  dir: string;
  bs: number[];
  size: number[];
  jobs: number[];
  rw: SweepDirection | 'both';
  steadyState: boolean;
  maxRuntime: number;
  budget: number;
}

const KiB = 1024;
const MiB = 1024 * KiB;

/** `nasbench sweep`: a fio grid of block size × file size × jobs with steady state, shaped for heatmaps. */
export function addSweepCommand(program: Command, io: CliIo, finish: (code: number) => void): void {
  const command = program
    .command('sweep')
    .description('fio grid (block size × file size × jobs) with steady-state stop, inside a scratch folder in --dir')
    .requiredOption('--dir <path>', 'folder on the NAS to test in (a scratch folder is created and removed inside it)')
    .option('--bs <list>', 'block sizes, e.g. 4k,128k,1M', parseSizeList, [4 * KiB, 128 * KiB, MiB])
    .option('--size <list>', 'file size per job, e.g. 64M,256M', parseSizeList, [64 * MiB, 256 * MiB])
    .option('--jobs <list>', 'numbers of parallel jobs, e.g. 1,4', parseCountList, [1, 4])
    .option('--rw <direction>', 'write, read or both', parseDirection, 'write')
    .option('--no-steady-state', 'run every cell for the whole --max-runtime')
    .option('--max-runtime <seconds>', 'longest a cell may run', parseSeconds, sweepDefaults.maxRuntimeSeconds)
    .option('--budget <seconds>', 'skip the remaining cells once this would be exceeded', parseSeconds, 3600);
  addSshLoginOptions(command).action(async (options: SweepCliOptions, cmd: Command) => {
    const globals = cmd.optsWithGlobals<GlobalOptions>();
    const samples: DiskSample[] = [];
    const finished: DiskTestResult[] = [];
    try {
      await withNasSession(options, io, globals, async ({ session: nas, signal }) => {
        const facts = await probeNas(nas, signal);
        const fioVersion = requireFio(facts);
        await sweepStaleScratch(nas, options.dir).catch(() => []);
        const result = await runSweep(nas, {
          folder: options.dir,
          blockSizes: options.bs,
          fileSizes: options.size,
          jobs: options.jobs,
          rw: options.rw,
          steadyState: options.steadyState,
          maxRuntimeSeconds: options.maxRuntime,
          timeBudgetSeconds: options.budget,
          memoryBytes: facts.memoryBytes,
          openScratch: (neededBytes) => openScratchFolder(nas, options.dir, randomUUID(), neededBytes),
          signal,
          onSample: (sample) => samples.push(sample),
          onResult: (test) => {
            finished.push(test);
            printProgress(io, `${test.name.padEnd(34)} ${formatRate(test.bytesPerSecond, 'MB/s')}`);
          },
          onProgress: (progress) =>
            printProgress(io, `${progress.done}/${progress.total} cells, about ${progress.etaSeconds} s to go`),
        });
        finish(printResult(io, globals, sweepJson(result, fioVersion), () => describe(result)));
      });
    } catch (error) {
      finish(
        printResult(
          io,
          globals,
          { ok: false, kind: 'sweep', error: toAppError(error), partial: { tests: finished, samples } },
          () => '',
        ),
      );
    }
  });
}

function sweepJson(result: SweepResult, fioVersion: string) {
  return {
    ok: true as const,
    kind: 'sweep',
    engine: 'fio',
    dir: result.dir,
    fileSystem: result.fileSystem,
    fio: { version: result.tests[0]?.fioVersion ?? fioVersion },
    seconds: result.seconds,
    plannedSeconds: result.plannedSeconds,
    tests: result.tests,
    skipped: result.skipped,
    heatmaps: result.heatmaps,
    ...(result.note ? { note: result.note } : {}),
  };
}

function describe(result: SweepResult): string {
  const lines = [
    `fio sweep in ${result.dir} (${result.fileSystem ?? 'unknown file system'}): ${Math.round(result.seconds)} s, ` +
      `worst case was ${result.plannedSeconds} s`,
    ...result.tests.map((test) => {
      const stable = test.steadyState ? (test.steadyState.attained ? '  steady' : '  not steady (ran to the cap)') : '';
      return `  ${test.name.padEnd(34)} ${formatRate(test.bytesPerSecond, 'MB/s').padStart(12)}${stable}`;
    }),
    ...(result.note ? [result.note] : []),
  ];
  return lines.join('\n') + '\n';
}

function parseSizeList(value: string): number[] {
  try {
    return value.split(',').map((part) => parseByteSize(part));
  } catch (error) {
    throw new InvalidArgumentError(error instanceof NasbenchError ? error.hint : 'give sizes such as 4k,128k,1M.');
  }
}

function parseCountList(value: string): number[] {
  const counts = value.split(',').map(Number);
  if (counts.some((count) => !Number.isInteger(count) || count < 1 || count > 256))
    throw new InvalidArgumentError('give whole numbers from 1 to 256, e.g. 1,4.');
  return counts;
}

function parseDirection(value: string): SweepDirection | 'both' {
  if (value === 'write' || value === 'read' || value === 'both') return value;
  throw new InvalidArgumentError('give write, read or both.');
}

function parseSeconds(value: string): number {
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 86_400)
    throw new InvalidArgumentError('give a whole number of seconds from 1 to 86400.');
  return seconds;
}
