import path from 'node:path';
import type { Command } from 'commander';
import { NasbenchError } from '../../../shared/contract/errors';
import type { ShareBenchResult } from '../../../shared/contract/share-bench';
import { shareBenchDefaults, shareProfileNames, type ShareJobKind } from '../../../shared/kinds/share/profiles';
import { formatRate } from '../../../shared/util/units';
import { byteSize, integerIn, oneOf } from '../arguments';
import { withNasWhenLoggedIn, type GlobalOptions } from '../engine-session';
import { commandEnd, runToEnd } from '../front-door';
import { printProgress, type CliIo } from '../output';
import { addSshLoginOptions, type SshLoginOptions } from '../ssh-login';

interface ShareOptions extends Partial<SshLoginOptions> {
  dir: string;
  profile: (typeof shareProfileNames)[number];
  engine: 'builtin' | 'fio';
  size?: number;
  time: number;
  passes: number;
  rw?: ShareJobKind;
  rwmixread?: number;
  bs?: number;
  queueDepth?: number;
  threads?: number;
  nasDir?: string;
}

const jobKinds = ['read', 'write', 'randread', 'randwrite', 'rw', 'randrw'] as const;

/** `nasbench share`: CrystalDiskMark's tests from this computer on a mounted share or a local folder. */
export function addShareCommand(program: Command, io: CliIo, finish: (code: number) => void): void {
  const command = program
    .command('share')
    .description(
      'share benchmark from this computer: CrystalDiskMark’s sequential and 4K random tests at real queue depths, on a mounted share or a local folder (no NAS login needed)',
    )
    .requiredOption(
      '--dir <path>',
      'the folder to test in (the test writes only inside a .nasbench-<run> folder there)',
    )
    .option(
      '--profile <name>',
      `the test set: ${shareProfileNames.join(', ')} (ars: the Ars Technica trio)`,
      oneOf(shareProfileNames),
      shareBenchDefaults.profile,
    )
    .option(
      '--engine <name>',
      'builtin (NASBench’s own I/O threads) or fio (fio on this computer)',
      oneOf(['builtin', 'fio'] as const),
      'builtin',
    )
    .option(
      '--size <bytes>',
      'the test file, e.g. 1G or 256M (default: 1 GiB, or twice the RAM where this computer cannot bypass its cache)',
      byteSize(2 ** 20, 2 ** 44),
    )
    .option('--time <seconds>', 'each pass’s length', integerIn(1, 600), shareBenchDefaults.seconds)
    .option(
      '--passes <n>',
      'scored passes per test after the warm-up; the best is the figure',
      integerIn(1, 9),
      shareBenchDefaults.passes,
    )
    .option(
      '--rw <kind>',
      'one job of your own instead of a profile: read, write, randread, randwrite, or a mix: rw, randrw',
      oneOf(jobKinds),
    )
    .option('--rwmixread <percent>', 'a mix’s share of reads, as fio’s (default 50)', integerIn(0, 100))
    .option(
      '--bs <bytes>',
      'its block size, a whole number of 4 KiB pages (default 4k random, 1M sequential)',
      byteSize(4096, 64 * 2 ** 20),
    )
    .option('--queue-depth <n>', 'its I/Os in flight per thread', integerIn(1, 512))
    .option('--threads <n>', 'its threads', integerIn(1, 64))
    .option(
      '--nas-dir <path>',
      'the same folder as the NAS sees it (with --host and --user): the same tests on the NAS’s own disks first, beside the share’s',
    );
  // With the NAS's login (optional), the NAS also tells the share's session terms and its RAM.
  addSshLoginOptions(command, false).action(async (options: ShareOptions, cmd: Command) => {
    const globals = cmd.optsWithGlobals<GlobalOptions>();
    const ending = commandEnd('share', io, globals, finish);
    const lastPrinted = new Map<string, number>();
    try {
      const jobs = ownJob(options);
      await withNasWhenLoggedIn(options, globals, io.env, async ({ engine, signal, sessionId }) => {
        const start = () =>
          engine.handlers.startShareBenchRun({
            ...(sessionId ? { sessionId } : {}),
            // A folder given relative to where the command runs, as a shell user means it.
            folder: path.resolve(options.dir),
            ...(jobs ? { jobs } : { profile: options.profile }),
            engine: options.engine,
            ...(options.size !== undefined ? { fileSizeBytes: options.size } : {}),
            seconds: options.time,
            passes: options.passes,
            ...(options.nasDir ? { nasFolder: options.nasDir } : {}),
          });
        const { runId, end } = await runToEnd(engine, start, {
          signal,
          onEvent: (event) => {
            if (event.kind !== 'sample') return;
            if (event.t - (lastPrinted.get(event.series) ?? -1) < 1) return;
            lastPrinted.set(event.series, event.t);
            printProgress(
              io,
              `${event.t.toFixed(1).padStart(7)} s  ${event.series.padEnd(20)} ${formatRate(event.bytesPerSecond, 'MB/s').padStart(12)}`,
            );
          },
        });
        ending.print({ ok: true, kind: 'share', ...shareJson(ending.resultOf(end), runId) });
      });
    } catch (error) {
      ending.fail('share', error, (result) => ({ tests: result?.tests ?? [] }));
    }
  });
}

/** The contract's `share` JSON: the run's result as the app has it, with the run's id. */
function shareJson({ kind: _kind, ...result }: ShareBenchResult, runId: string) {
  return { ...result, runId };
}

/** A job of the user's own from --rw and its companions; undefined to run the profile. */
function ownJob(options: ShareOptions) {
  const given = [options.bs, options.queueDepth, options.threads, options.rwmixread].some(
    (value) => value !== undefined,
  );
  if (!options.rw) {
    if (given)
      throw new NasbenchError(
        'INVALID_INPUT',
        '--bs, --queue-depth, --threads and --rwmixread describe a job of your own, which needs --rw too.',
        'Add --rw read|write|randread|randwrite|rw|randrw, or leave them out to run a profile.',
      );
    return undefined;
  }
  const mixed = options.rw === 'rw' || options.rw === 'randrw';
  if (options.rwmixread !== undefined && !mixed)
    throw new NasbenchError(
      'INVALID_INPUT',
      '--rwmixread is the share of reads in a mix of reads and writes.',
      'Use it with --rw rw or --rw randrw.',
    );
  const random = options.rw === 'randread' || options.rw === 'randwrite' || options.rw === 'randrw';
  const bs = options.bs ?? (random ? 4096 : 2 ** 20);
  if (bs % 4096 !== 0)
    throw new NasbenchError(
      'INVALID_INPUT',
      'The block size must be a whole number of 4 KiB pages.',
      'Use 4k, 64k, 1M…',
    );
  return [
    {
      rw: options.rw,
      bs,
      queueDepth: options.queueDepth ?? 1,
      threads: options.threads ?? 1,
      ...(mixed ? { readPercent: options.rwmixread ?? 50 } : {}),
    },
  ];
}
