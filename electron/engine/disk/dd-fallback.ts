import { NasbenchError } from '../../../shared/errors';
import { formatBytes } from '../../../shared/units';
import { shellCommand } from '../ssh/quote';
import { directIoSupport, readTestFolderFacts, type NasCommands, type TestFolderFacts } from './file-system';
import type { DiskSample, DiskTestResult } from './result';

export interface DdTestOptions {
  sizeBytes: number;
  /** Ask for O_DIRECT where this NAS's dd and file system take it. */
  uncached: boolean;
  memoryBytes?: number | null;
  folder?: TestFolderFacts;
  signal?: AbortSignal;
  onTestStart?(index: number, name: string): void;
  onSample?(sample: DiskSample): void;
  onResult?(result: DiskTestResult): void;
}

const MiB = 1024 * 1024;

/**
 * Without fio: one sequential write and one sequential read of a file with dd, in 1 MiB blocks.
 * dd's flags differ between builds (BusyBox has oflag=direct and conv=fsync but no fdatasync), so
 * they are found by trying them on a tiny file first. The write ends with a sync where dd can,
 * so the figure is what reached the disks.
 */
export async function runDdTests(
  session: NasCommands,
  scratchFolder: string,
  options: DdTestOptions,
): Promise<DiskTestResult[]> {
  const folder = options.folder ?? (await readTestFolderFacts(session, scratchFolder));
  const tryDirect = options.uncached && directIoSupport(folder) === 'honoured';
  const probe = `${scratchFolder}/dd-probe.bin`;
  const syncs = [['conv=fdatasync'], ['conv=fsync']];
  const writeFlags = await firstWorking(
    session,
    options.signal,
    [...(tryDirect ? syncs.map((sync) => ['oflag=direct', ...sync]) : []), ...syncs, []],
    (flags) => ['dd', 'if=/dev/zero', `of=${probe}`, 'bs=4096', 'count=1', ...flags],
  );
  const readFlags = tryDirect
    ? await firstWorking(session, options.signal, [['iflag=direct'], []], (flags) => [
        'dd',
        `if=${probe}`,
        'of=/dev/null',
        'bs=4096',
        ...flags,
      ])
    : [];
  await session.run(['rm', '-f', '--', probe]);

  const blocks = Math.max(1, Math.floor(options.sizeBytes / MiB));
  const sizeBytes = blocks * MiB;
  const file = `${scratchFolder}/dd-test.bin`;
  const common = [
    'fio is not installed, so dd measured sequential 1 MiB transfers only (no IOPS or latency).',
    'dd writes zeros: on a compressing file system (ZFS, btrfs with compression) the write figure is inflated.',
  ];
  const tests = [
    {
      rw: 'write' as const,
      flags: writeFlags,
      argv: ['dd', 'if=/dev/zero', `of=${file}`, `bs=${MiB}`, `count=${blocks}`, ...writeFlags],
      notes: writeFlags.length === 0 ? ['This dd cannot sync, so the figure may be what the cache took.'] : [],
    },
    {
      rw: 'read' as const,
      flags: readFlags,
      argv: ['dd', `if=${file}`, 'of=/dev/null', `bs=${MiB}`, ...readFlags],
      notes:
        readFlags.length === 0 && (options.memoryBytes == null || sizeBytes < options.memoryBytes)
          ? [
              `The file (${formatBytes(sizeBytes)}) was just written and is smaller than the NAS's memory: ` +
                'the read may come from its cache.',
            ]
          : [],
    },
  ];
  const results: DiskTestResult[] = [];
  for (const [index, test] of tests.entries()) {
    const name = `SEQ1M Q1T1 ${test.rw} (dd)`;
    options.onTestStart?.(index, name);
    const timed = await timedDd(session, test.argv, sizeBytes, options.signal);
    const result: DiskTestResult = {
      name,
      rw: test.rw,
      bs: MiB,
      iodepth: 1,
      numjobs: 1,
      direct: test.flags.includes('oflag=direct') || test.flags.includes('iflag=direct'),
      sizeBytes,
      ...timed.figures,
      engine: 'dd',
      ioengine: `dd ${test.flags.join(' ')}`.trim(),
      fioVersion: null,
      fileSystem: folder.fileSystem,
      note: [...common, ...test.notes, ...timed.notes].join(' '),
    };
    results.push(result);
    const { bytesPerSecond, seconds } = result;
    options.onSample?.({ index, test: name, t: seconds, bytesPerSecond, ioBytes: sizeBytes });
    options.onResult?.(result);
  }
  await session.run(['rm', '-f', '--', file]);
  return results;
}

/** The first flag set this dd accepts here (exit 0), trying each on the tiny probe file. */
async function firstWorking(
  session: NasCommands,
  signal: AbortSignal | undefined,
  candidates: string[][],
  command: (flags: string[]) => string[],
): Promise<string[]> {
  for (const flags of candidates) {
    const run = await session.run(command(flags), { timeoutMs: 20_000, ...(signal ? { signal } : {}) });
    if (run.code === 0) return flags;
  }
  return [];
}

type DdFigures = Pick<DiskTestResult, 'bytesPerSecond' | 'iops' | 'latencyNs' | 'ioBytes' | 'seconds' | 'commandLine'>;

async function timedDd(
  session: NasCommands,
  argv: string[],
  bytes: number,
  signal?: AbortSignal,
): Promise<{ figures: DdFigures; notes: string[] }> {
  const commandLine = shellCommand(argv);
  const started = performance.now();
  // The C locale keeps dd's summary in one format ("1.5 s", not "1,5 s").
  const run = await session.run(`LC_ALL=C ${commandLine} 2>&1`, {
    timeoutMs: Math.ceil((bytes / (5 * MiB) + 60) * 1000),
    ...(signal ? { signal } : {}),
  });
  const wall = (performance.now() - started) / 1000;
  if (run.code !== 0) throw ddFailure(run.stdout);
  // dd's own time where it prints one (GNU: "copied, 1.2 s", newer BusyBox: "copied, 1.2 seconds").
  const own = Number(/copied,\s*([\d.]+)\s*s/.exec(run.stdout)?.[1]);
  const seconds = Number.isFinite(own) && own > 0 ? own : wall;
  const bytesPerSecond = bytes / seconds;
  return {
    figures: {
      bytesPerSecond,
      iops: bytesPerSecond / MiB,
      latencyNs: { p50: null, p99: null },
      ioBytes: bytes,
      seconds,
      commandLine,
    },
    notes:
      seconds === wall ? ['This dd reports no time of its own: it was timed from here, SSH round trip included.'] : [],
  };
}

function ddFailure(output: string): NasbenchError {
  if (/No space left on device/.test(output)) {
    return new NasbenchError(
      'DISK_FULL',
      'The NAS volume ran out of space during the dd test.',
      'Free some space or choose a smaller test size.',
    );
  }
  if (/Permission denied|Read-only file system/.test(output)) {
    return new NasbenchError(
      'PERMISSION_DENIED',
      'dd was not allowed to write its test file.',
      'Choose a folder this user may write to.',
    );
  }
  return new NasbenchError(
    'INTERNAL',
    'dd failed on the NAS.',
    output.trim().split('\n').slice(0, 2).join(' ').slice(0, 300) || 'Run the same dd by hand on the NAS to see why.',
  );
}
