import { Option, type Command } from 'commander';
import type { DiskRunDetails } from '../../../shared/contract/disk';
import { NasbenchError } from '../../../shared/contract/errors';
import { checkNasFolder } from '../../../shared/contract/nas-folder';
import type { RunProgress } from '../../../shared/contract/run-events';
import { formatRate } from '../../../shared/util/units';
import { byteSize, oneOf, seconds } from '../arguments';
import { withConnectedEngine, type GlobalOptions } from '../engine-session';
import { commandEnd, runToEnd } from '../front-door';
import { printProgress, type CliIo } from '../output';
import { addSshLoginOptions, type SshLoginOptions } from '../ssh-login';

interface DiskOptions extends SshLoginOptions {
  dir: string;
  preset: 'quick' | 'ars' | 'bulk';
  uncached: boolean;
  cached: boolean;
  size?: number;
  time?: number;
}

/** `nasbench disk`: fio on the NAS inside --dir (dd when the NAS has no fio), as the app's disk test runs it. */
export function addDiskCommand(program: Command, io: CliIo, finish: (code: number) => void): void {
  const command = program
    .command('disk')
    .description('disk test on the NAS with fio (dd when fio is missing), inside a scratch folder in --dir')
    .requiredOption('--dir <path>', 'folder on the NAS to test in (a scratch folder is created and removed inside it)')
    .option(
      '--preset <name>',
      'quick (CrystalDiskMark’s set), ars (Ars Technica’s trio) or bulk (bulk streaming)',
      oneOf(['quick', 'ars', 'bulk'] as const),
      'quick',
    )
    // Uncached by default, as the app's disk test and the contract (DiskRunInput.uncached) are: "the
    // disk's speed" means the disks, not the NAS's memory. --uncached stays accepted (the contract names it).
    .addOption(
      new Option(
        '--uncached',
        'measure the disks past the NAS’s memory cache (the default): direct I/O where the file system honours it, else files twice its RAM',
      ).default(true),
    )
    .addOption(
      new Option('--cached', 'measure through the NAS’s memory cache (buffered I/O) instead').conflicts('uncached'),
    )
    .option('--size <bytes>', 'bytes the test writes, e.g. 256M or 1G (powers of two)', byteSize())
    .option('--time <seconds>', 'seconds per test (default: the preset’s)', seconds(3600));
  addSshLoginOptions(command).action(async (options: DiskOptions, cmd: Command) => {
    const globals = cmd.optsWithGlobals<GlobalOptions>();
    const samples: { index: number; test: string; t: number; bytesPerSecond: number }[] = [];
    const ending = commandEnd('disk', io, globals, finish);
    try {
      const dir = checkedFolder(options.dir);
      await withConnectedEngine(options, globals, io.env, async ({ engine, sessionId, signal }) => {
        let current = { index: 0, test: '' };
        const onEvent = (event: RunProgress) => {
          if (event.kind === 'step' && event.state === 'started') current = { index: event.index, test: event.label };
          if (event.kind !== 'sample') return;
          samples.push({ ...current, t: event.t, bytesPerSecond: event.bytesPerSecond });
          printProgress(
            io,
            `${current.test.padEnd(22)} ${event.t.toFixed(1).padStart(6)} s  ${formatRate(event.bytesPerSecond, 'MB/s')}`,
          );
        };
        const start = () =>
          engine.handlers.startDiskRun({
            sessionId,
            folder: dir,
            preset: options.preset,
            uncached: diskCacheMode(options),
            ...(options.size !== undefined ? { sizeBytes: options.size } : {}),
            ...(options.time !== undefined ? { runtimeSeconds: options.time } : {}),
          });
        const { end } = await runToEnd(engine, start, { signal, onEvent });
        ending.print(diskJson(ending.resultOf(end)));
      });
    } catch (error) {
      ending.fail('disk', error, (result) => ({ tests: result?.tests ?? [], samples }));
    }
  });
}

/** Whether the disk test bypasses the NAS's cache: yes unless --cached was given. */
export function diskCacheMode(options: Pick<DiskOptions, 'cached'>): boolean {
  return options.cached !== true;
}

/** Checked before logging in: a refused folder name never reaches the NAS, not even its sweep. */
export function checkedFolder(folder: string): string {
  const check = checkNasFolder(folder);
  if (!check.ok) throw new NasbenchError('INVALID_INPUT', check.problem, check.hint);
  return check.folder;
}

function diskJson(result: DiskRunDetails) {
  const fioVersion = result.tests.find((test) => test.fioVersion)?.fioVersion;
  return {
    ok: true as const,
    kind: 'disk',
    engine: result.engine,
    dir: result.folder,
    fileSystem: result.fileSystem,
    fio: result.engine === 'fio' ? { version: fioVersion ?? 'unknown' } : null,
    tests: result.tests,
    ...(result.hints.length > 0 ? { hints: result.hints } : {}),
  };
}
