import { InvalidArgumentError, type Command } from 'commander';
import { randomUUID } from 'node:crypto';
import { NasbenchError, toAppError } from '../../../shared/errors';
import { formatRate } from '../../../shared/units';
import {
  DiskPreset,
  parseByteSize,
  runNasDiskTest,
  type DiskSample,
  type DiskTestResult,
  type NasDiskTestResult,
} from '../../engine/disk';
import { probeNas } from '../../engine/probe';
import { openScratchFolder, sweepStaleScratch } from '../../engine/ssh/scratch';
import type { GlobalOptions } from '../engine-session';
import { printProgress, printResult, type CliIo } from '../output';
import { addSshLoginOptions, type SshLoginOptions } from '../ssh-login';
import { withNasSession } from '../with-nas-session';

interface DiskOptions extends SshLoginOptions {
  dir: string;
  preset: DiskPreset;
  uncached: boolean;
  size?: number;
  time?: number;
}

/** `nasbench disk`: fio on the NAS inside --dir (dd when the NAS has no fio). */
export function addDiskCommand(program: Command, io: CliIo, finish: (code: number) => void): void {
  const command = program
    .command('disk')
    .description('disk test on the NAS with fio (dd when fio is missing), inside a scratch folder in --dir')
    .requiredOption('--dir <path>', 'folder on the NAS to test in (a scratch folder is created and removed inside it)')
    .option(
      '--preset <name>',
      'quick (CrystalDiskMark set), ars (seed 004 trio) or bulk (seed 000)',
      parsePreset,
      'quick',
    )
    .option('--uncached', 'bypass the NAS cache with direct I/O (or files larger than its RAM)', false)
    .option('--size <bytes>', 'bytes the test writes, e.g. 256M or 1G (powers of two)', parseSize)
    .option('--time <seconds>', 'seconds per test (default: the preset’s)', parseSeconds);
  addSshLoginOptions(command).action(async (options: DiskOptions, cmd: Command) => {
    const globals = cmd.optsWithGlobals<GlobalOptions>();
    const samples: DiskSample[] = [];
    const finished: DiskTestResult[] = [];
    try {
      await withNasSession(options, io, globals, async ({ session: nas, signal }) => {
        const facts = await probeNas(nas, signal);
        // Leftovers of an earlier run that crashed or lost its connection go first.
        await sweepStaleScratch(nas, options.dir).catch(() => []);
        const result = await runNasDiskTest(nas, {
          folder: options.dir,
          preset: options.preset,
          uncached: options.uncached,
          ...(options.size !== undefined ? { sizeBytes: options.size } : {}),
          ...(options.time !== undefined ? { runtimeSeconds: options.time } : {}),
          facts,
          openScratch: (neededBytes) => openScratchFolder(nas, options.dir, randomUUID(), neededBytes),
          signal,
          onSample: (sample) => {
            samples.push(sample);
            printProgress(
              io,
              `${sample.test.padEnd(22)} ${sample.t.toFixed(1).padStart(6)} s  ${formatRate(sample.bytesPerSecond, 'MB/s')}`,
            );
          },
          onResult: (test) => finished.push(test),
        });
        finish(printResult(io, globals, diskJson(result), () => describe(result)));
      });
    } catch (error) {
      finish(
        printResult(
          io,
          globals,
          { ok: false, kind: 'disk', error: toAppError(error), partial: { tests: finished, samples } },
          () => '',
        ),
      );
    }
  });
}

function diskJson(result: NasDiskTestResult) {
  return {
    ok: true as const,
    kind: 'disk',
    engine: result.engine,
    dir: result.dir,
    fileSystem: result.fileSystem,
    fio: result.fio,
    tests: result.tests,
    ...(result.hints.length > 0 ? { hints: result.hints } : {}),
  };
}

function describe(result: NasDiskTestResult): string {
  const lines = [
    `${result.engine === 'fio' ? `fio ${result.fio?.version ?? ''}` : 'dd (fio is missing)'} in ${result.dir} (${result.fileSystem ?? 'unknown file system'})`,
    ...result.hints,
    ...result.tests.map((test) => {
      const iops = test.engine === 'fio' ? `${Math.round(test.iops).toLocaleString('en-US').padStart(9)} IOPS` : '';
      return `  ${test.name.padEnd(22)} ${formatRate(test.bytesPerSecond, 'MB/s').padStart(12)} ${iops}${test.direct ? '' : '  (buffered)'}`;
    }),
    ...new Set(result.tests.flatMap((test) => (test.note ? [test.note] : []))),
  ];
  return lines.join('\n') + '\n';
}

function parsePreset(value: string): DiskPreset {
  const preset = DiskPreset.safeParse(value);
  if (!preset.success) throw new InvalidArgumentError('give quick, ars or bulk.');
  return preset.data;
}

function parseSize(value: string): number {
  try {
    return parseByteSize(value);
  } catch (error) {
    throw new InvalidArgumentError(error instanceof NasbenchError ? error.hint : 'give a size such as 256M.');
  }
}

function parseSeconds(value: string): number {
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 3600)
    throw new InvalidArgumentError('give a whole number of seconds from 1 to 3600.');
  return seconds;
}
