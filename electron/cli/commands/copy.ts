import { InvalidArgumentError, type Command } from 'commander';
import { NasbenchError, toAppError } from '../../../shared/errors';
import { formatBytes, formatRate, formatSeconds } from '../../../shared/units';
import {
  copyDefaults,
  parseByteSize,
  runShareCopy,
  type CopySample,
  type CopyTestResult,
  type ShareCopyResult,
} from '../../engine/copy';
import type { GlobalOptions } from '../engine-session';
import { printProgress, printResult, type CliIo } from '../output';

interface CopyOptions {
  dir: string;
  size: number;
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
  program
    .command('copy')
    .description('share copy test: write and read files in a folder on a mounted share, as a file copy does')
    .requiredOption(
      '--dir <path>',
      'the folder to test in (the tests write only inside a .nasbench-<run> folder there)',
    )
    .option('--size <bytes>', 'size of the test file, e.g. 1G or 512M', byteSize(4096, 2 ** 50), copyDefaults.fileSize)
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
    .option(
      '--budget <seconds>',
      'time budget of the sweep',
      integerIn(10, 7 * 24 * 3600),
      copyDefaults.timeBudgetSeconds,
    )
    .option('--nas-ram <bytes>', 'the NAS’s RAM, so the sweep goes past its cache too', byteSize(1, 2 ** 50))
    .option('--verify', 'check that the file read back is byte for byte what was written (sha256)', false)
    .action(async (options: CopyOptions, cmd: Command) => {
      const globals = cmd.optsWithGlobals<GlobalOptions>();
      const samples: { t: number; series: string; bytesPerSecond: number }[] = [];
      const tests: CopyTestResult[] = [];
      const controller = new AbortController();
      const cancel = () =>
        controller.abort(
          new NasbenchError(
            'CANCELLED',
            'The copy test was cancelled; the files it wrote were removed.',
            'Start it again when you are ready.',
          ),
        );
      process.once('SIGINT', cancel);
      const lastPrinted = new Map<string, number>();
      try {
        if (options.block > options.size)
          throw new NasbenchError('INVALID_INPUT', 'The block size is larger than the file.', 'Give --block ≤ --size.');
        const result = await runShareCopy({
          dir: options.dir,
          fileSize: options.size,
          blockSize: options.block,
          sweep: options.sweep,
          smallFiles: options.smallFiles ? { count: options.smallFiles, fileSize: options.smallFileSize } : undefined,
          timeBudgetSeconds: options.budget,
          nasRamBytes: options.nasRam,
          checksum: options.verify,
          signal: controller.signal,
          onTest: (test) => tests.push(test),
          onSample: (sample) => {
            samples.push({ t: sample.t, series: sample.series, bytesPerSecond: sample.bytesPerSecond });
            // The engine reports five times a second; a terminal reads better at about once a second.
            if (sample.t - (lastPrinted.get(sample.series) ?? -1) < 1 && sample.bytesDone < sample.bytesTotal) return;
            lastPrinted.set(sample.series, sample.t);
            printProgress(io, progressLine(sample));
          },
        });
        finish(printResult(io, globals, { ok: true, kind: 'copy', ...copyJson(result) }, () => describe(result)));
      } catch (error) {
        finish(
          printResult(
            io,
            globals,
            { ok: false, kind: 'copy', error: toAppError(error), partial: { tests, samples } },
            () => '',
          ),
        );
      } finally {
        process.removeListener('SIGINT', cancel);
      }
    });
}

function progressLine(sample: CopySample): string {
  const percent = sample.bytesTotal > 0 ? Math.round((100 * sample.bytesDone) / sample.bytesTotal) : 0;
  return `${sample.t.toFixed(1).padStart(7)} s  ${sample.series.padEnd(17)} ${formatRate(sample.bytesPerSecond, 'MB/s').padStart(12)}  ${percent}%`;
}

function copyJson(result: ShareCopyResult) {
  return {
    dir: result.dir,
    runId: result.runId,
    fileSystem: result.fileSystem,
    share: result.share,
    tests: result.tests,
    ...(result.sweep ? { sweep: result.sweep } : {}),
    ...(result.roundTripIdentical !== undefined ? { roundTripIdentical: result.roundTripIdentical } : {}),
    notes: result.notes,
  };
}

function describeTest(test: CopyTestResult): string {
  const what =
    test.test === 'small-files'
      ? `${test.files ?? 0} files of ${formatBytes(test.fileSize)}`
      : `${formatBytes(test.fileSize)} in ${formatBytes(test.blockSize)} blocks`;
  const perFile = test.filesPerSecond ? `  ${Math.round(test.filesPerSecond)} files/s` : '';
  const how = test.direct ? 'uncached' : test.cached ? 'may be cached' : 'buffered';
  return `${test.test.padEnd(11)} ${test.op.padEnd(6)} ${what.padEnd(28)} ${formatRate(test.bytesPerSecond, 'MB/s').padStart(12)}${perFile}  (${how}, ${formatSeconds(test.seconds)})`;
}

function describe(result: ShareCopyResult): string {
  const where = result.share
    ? `${result.dir} — ${result.share.protocol} share ${result.share.server}:${result.share.share}`
    : `${result.dir}${result.fileSystem ? ` (${result.fileSystem})` : ''}`;
  const lines = [`Copy test in ${where}`, ...result.tests.filter((test) => test.test !== 'sweep').map(describeTest)];
  if (result.roundTripIdentical !== undefined)
    lines.push(
      result.roundTripIdentical
        ? 'Read back byte for byte as written.'
        : 'THE FILE READ BACK DIFFERS from what was written.',
    );
  if (result.sweep) {
    lines.push('Cache-wall sweep (buffered, as a copy):', '   file size        write         read');
    for (const point of result.sweep.points)
      lines.push(
        `${formatBytes(point.fileSize).padStart(12)} ${formatRate(point.writeBytesPerSecond, 'MB/s').padStart(12)} ${formatRate(point.readBytesPerSecond, 'MB/s').padStart(12)}`,
      );
    lines.push(result.sweep.note, result.sweep.rule);
  }
  lines.push(...result.notes);
  return lines.join('\n') + '\n';
}

function byteSize(min: number, max: number) {
  return (value: string) => {
    const bytes = parseByteSize(value);
    if (bytes === undefined || bytes < min || bytes > max)
      throw new InvalidArgumentError(`give a size from ${formatBytes(min)} to ${formatBytes(max)}, e.g. 64M, 1G, 4k.`);
    return bytes;
  };
}

function integerIn(min: number, max: number) {
  return (value: string) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < min || number > max)
      throw new InvalidArgumentError(`give a whole number from ${min} to ${max}.`);
    return number;
  };
}
