import path from 'node:path';
import type { Command } from 'commander';
import type { CopyRunDetails } from '../../../shared/contract/copy';
import { NasbenchError } from '../../../shared/contract/errors';
import type { RunSample } from '../../../shared/contract/run-events';
import { formatRate } from '../../../shared/util/units';
import { copyDefaults } from '../../engine';
import { byteSize, integerIn } from '../arguments';
import { withNasWhenLoggedIn, type GlobalOptions } from '../engine-session';
import { addSshLoginOptions, type SshLoginOptions } from '../ssh-login';
import { commandEnd, runToEnd } from '../front-door';
import { printProgress, type CliIo } from '../output';

interface CopyOptions extends Partial<SshLoginOptions> {
  dir: string;
  size?: number;
  block: number;
  sweep: boolean;
  smallFiles?: number;
  smallFileSize: number;
  budget: number;
  nasRam?: number;
  verify: boolean;
}

/** `nasbench copy`: the share copy engine on a local (normally mounted) folder. */
export function addCopyCommand(program: Command, io: CliIo, finish: (code: number) => void): void {
  const command = program
    .command('copy')
    .description('share copy test: write and read files in a folder on a mounted share, as a file copy does')
    .requiredOption(
      '--dir <path>',
      'the folder to test in (the tests write only inside a .nasbench-<run> folder there)',
    )
    .option(
      '--size <bytes>',
      'size of the test file, e.g. 1G or 512M (default: sized to settle, at least 1 GiB, on until the rate holds steady)',
      byteSize(4096),
    )
    .option(
      '--block <bytes>',
      'block size of each read and write, e.g. 1M or 64k',
      byteSize(512, 256 * 2 ** 20),
      copyDefaults.blockSize,
    )
    .option('--sweep', 'also run the cache-wall sweep (file sizes doubling from 64 MiB past twice the RAM)', false)
    .option('--small-files <n>', 'also write and read this many small files', integerIn(1, 1_000_000))
    .option(
      '--small-file-size <bytes>',
      'size of each small file',
      byteSize(1, 64 * 2 ** 20),
      copyDefaults.smallFileSize,
    )
    .option('--budget <seconds>', 'time budget of the sweep', integerIn(10, 24 * 3600), copyDefaults.timeBudgetSeconds)
    .option('--nas-ram <bytes>', 'the NAS’s RAM, so the sweep goes past its cache too', byteSize())
    .option('--verify', 'check that the file read back is byte for byte what was written (sha256)', false);
  // With the NAS's login (optional), the NAS also tells the share's session: its Samba's dialect, signing, encryption.
  addSshLoginOptions(command, false).action(async (options: CopyOptions, cmd: Command) => {
    const globals = cmd.optsWithGlobals<GlobalOptions>();
    const samples: { t: number; series: string; bytesPerSecond: number }[] = [];
    const ending = commandEnd('copy', io, globals, finish);
    const lastPrinted = new Map<string, number>();
    try {
      if (options.size !== undefined && options.block > options.size)
        throw new NasbenchError('INVALID_INPUT', 'The block size is larger than the file.', 'Give --block ≤ --size.');
      await withNasWhenLoggedIn(options, globals, io.env, async ({ engine, signal, sessionId }) => {
        const start = () =>
          engine.handlers.startShareCopyRun({
            ...(sessionId ? { sessionId } : {}),
            // A folder given relative to where the command runs, as a shell user means it.
            folder: path.resolve(options.dir),
            ...(options.size !== undefined ? { fileSizeBytes: options.size } : {}),
            blockSizeBytes: options.block,
            sweep: options.sweep,
            ...(options.smallFiles
              ? { smallFiles: { count: options.smallFiles, fileSizeBytes: options.smallFileSize } }
              : {}),
            sweepBudgetSeconds: options.budget,
            ...(options.nasRam !== undefined ? { nasRamBytes: options.nasRam } : {}),
            verify: options.verify,
          });
        const { runId, end } = await runToEnd(engine, start, {
          signal,
          onEvent: (event) => {
            if (event.kind !== 'sample') return;
            samples.push({ t: event.t, series: event.series, bytesPerSecond: event.bytesPerSecond });
            // Samples come five times a second; a terminal reads better at about once a second.
            if (event.t - (lastPrinted.get(event.series) ?? -1) < 1) return;
            lastPrinted.set(event.series, event.t);
            printProgress(io, progressLine(event));
          },
        });
        ending.print({ ok: true, kind: 'copy', ...copyJson(ending.resultOf(end), runId) });
      });
    } catch (error) {
      ending.fail('copy', error, (result) => ({ tests: result?.tests ?? [], samples }));
    }
  });
}

function progressLine(sample: RunSample): string {
  return `${sample.t.toFixed(1).padStart(7)} s  ${sample.series.padEnd(17)} ${formatRate(sample.bytesPerSecond, 'MB/s').padStart(12)}`;
}

/** The contract's `copy` JSON: the run's copy result as the app has it, with the run's id. */
function copyJson({ kind: _kind, ...result }: CopyRunDetails, runId: string) {
  return { ...result, runId };
}
