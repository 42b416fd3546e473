import { NasbenchError } from '../../../shared/contract/errors';
import type { Spread } from '../../../shared/contract/figure-quality';
import { spreadOfRepeats } from '../../../shared/util/spread';
import { formatBytes } from '../../../shared/util/units';
import { describeRefusedTool } from '../../../shared/words/describe-nas';
import { foundProgramCheckSh, parseRefusedPrograms, shellCommand } from '../ssh';
import { bufferedStandIn } from './buffered-stand-in';
import { fileSystemNotes, nasDiskCache } from './cache-state';
import { directIoSupport, readTestFolderFacts, type NasCommands, type TestFolderFacts } from './file-system';
import type { DiskSample, DiskTestResult } from './result';

export interface DdTestOptions {
  sizeBytes: number;
  /** Ask for O_DIRECT where this NAS's dd and file system take it; else make the file twice the cache. */
  uncached: boolean;
  memoryBytes?: number | null;
  folder?: TestFolderFacts;
  /** Longest that writing and reading a larger file may take (a plan's budget); unlimited when absent. */
  standInBudgetSeconds?: number;
  signal?: AbortSignal;
  onTestStart?(index: number, name: string): void;
  onSample?(sample: DiskSample): void;
  onResult?(result: DiskTestResult): void;
}

const MiB = 1024 * 1024;

/**
 * dd gives one figure per run, so each test is run as a few back-to-back pieces of the file: their
 * rates are the repeats the spread comes from, and together they are the figure. Two to four
 * pieces, of 16 MiB or more where the file is large enough.
 */
export function ddPieces(blocks: number): number[] {
  const count = blocks < 2 ? 1 : Math.max(2, Math.min(4, Math.floor(blocks / 16)));
  const base = Math.floor(blocks / count);
  return Array.from({ length: count }, (_, index) => (index === count - 1 ? blocks - base * (count - 1) : base));
}

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
  const dd = await ddPath(session);
  const support = directIoSupport(folder);
  const tryDirect = options.uncached && support === 'honoured';
  const probe = `${scratchFolder}/dd-probe.bin`;
  const syncs = [['conv=fdatasync'], ['conv=fsync']];
  const writeFlags = await firstWorking(
    session,
    options.signal,
    [...(tryDirect ? syncs.map((sync) => ['oflag=direct', ...sync]) : []), ...syncs, []],
    (flags) => [dd, 'if=/dev/zero', `of=${probe}`, 'bs=4096', 'count=1', ...flags],
  );
  const readFlags = tryDirect
    ? await firstWorking(session, options.signal, [['iflag=direct'], []], (flags) => [
        dd,
        `if=${probe}`,
        'of=/dev/null',
        'bs=4096',
        ...flags,
      ])
    : [];
  await session.run(['rm', '-f', '--', probe]);

  const memoryBytes = options.memoryBytes ?? null;
  let blocks = Math.max(1, Math.floor(options.sizeBytes / MiB));
  let standInNote: string | undefined;
  // The read is where a cache serves a just-written file: without direct I/O there, a file twice the cache stands in.
  if (options.uncached && !readFlags.includes('iflag=direct')) {
    const standIn = await bufferedStandIn(session, scratchFolder, {
      support: support === 'honoured' ? 'refused' : support,
      folder,
      memoryBytes,
      size: blocks * MiB,
      numjobs: 1,
      existingBytes: 0,
      // dd writes the file and then reads it: twice its bytes in the budget.
      ...(options.standInBudgetSeconds !== undefined ? { budgetSeconds: options.standInBudgetSeconds / 2 } : {}),
    });
    blocks = standIn.size / MiB;
    standInNote = standIn.note;
  }
  const sizeBytes = blocks * MiB;
  const file = `${scratchFolder}/dd-test.bin`;
  const fsNotes = fileSystemNotes(folder, { engine: 'dd', direct: false, rw: 'write', bs: MiB });
  const common = [
    'fio is not installed, so dd measured sequential 1 MiB transfers only (no IOPS or latency).',
    ...(fsNotes.some((note) => note.includes('dd writes zeros'))
      ? []
      : ['dd writes zeros: on a compressing file system (ZFS, btrfs with compression) the write figure is inflated.']),
    ...fsNotes,
  ];
  const pieces = ddPieces(blocks);
  const tests = [
    {
      rw: 'write' as const,
      flags: writeFlags,
      // Each piece writes its part of the file in place (notrunc keeps what the pieces before wrote).
      argv: (skip: number, count: number) => [
        dd,
        'if=/dev/zero',
        `of=${file}`,
        `bs=${MiB}`,
        `seek=${skip}`,
        `count=${count}`,
        ...withNotrunc(writeFlags),
      ],
      notes: writeFlags.length === 0 ? ['This dd cannot sync, so the figure may be what the cache took.'] : [],
    },
    {
      rw: 'read' as const,
      flags: readFlags,
      argv: (skip: number, count: number) => [
        dd,
        `if=${file}`,
        'of=/dev/null',
        `bs=${MiB}`,
        `skip=${skip}`,
        `count=${count}`,
        ...readFlags,
      ],
      notes: standInNote ? [standInNote] : [],
    },
  ];
  const results: DiskTestResult[] = [];
  for (const [index, test] of tests.entries()) {
    const name = `SEQ1M Q1T1 ${test.rw} (dd)`;
    options.onTestStart?.(index, name);
    const timed = await timedPieces(session, pieces, test.argv, options.signal);
    const direct = test.flags.includes('oflag=direct') || test.flags.includes('iflag=direct');
    const cache = nasDiskCache({ folder, memoryBytes, directHonoured: direct, rw: test.rw, bs: MiB, sizeBytes });
    const mayServe =
      test.rw === 'read' && !standInNote && cache.nas === 'may-serve'
        ? [
            `The file (${formatBytes(sizeBytes)}) was just written and is smaller than twice the NAS's cache: ` +
              'the read may come from it.',
          ]
        : [];
    const result: DiskTestResult = {
      name,
      rw: test.rw,
      bs: MiB,
      iodepth: 1,
      numjobs: 1,
      direct,
      sizeBytes,
      ...timed.figures,
      engine: 'dd',
      ioengine: `dd ${test.flags.join(' ')}`.trim(),
      toolPath: dd,
      fioVersion: null,
      fileSystem: folder.fileSystem,
      ...(timed.spread ? { spread: timed.spread } : {}),
      cache,
      note: [...common, ...test.notes, ...mayServe, ...timed.notes].join(' '),
    };
    results.push(result);
    const { bytesPerSecond, seconds } = result;
    options.onSample?.({ index, test: name, t: seconds, bytesPerSecond, ioBytes: sizeBytes });
    options.onResult?.(result);
  }
  await session.run(['rm', '-f', '--', file]);
  return results;
}

/** The write flags with conv=notrunc joined into dd's one conv= list. */
function withNotrunc(flags: readonly string[]): string[] {
  const conv = flags.find((flag) => flag.startsWith('conv='));
  const others = flags.filter((flag) => flag !== conv);
  return [...others, conv ? `conv=notrunc,${conv.slice('conv='.length)}` : 'conv=notrunc'];
}

/** Runs the pieces one after another: the figure is all bytes over all seconds, the spread that of the pieces' rates. */
async function timedPieces(
  session: NasCommands,
  pieces: readonly number[],
  argv: (skip: number, count: number) => string[],
  signal?: AbortSignal,
): Promise<{ figures: DdFigures; notes: string[]; spread: Spread | null }> {
  const rates: number[] = [];
  const notes = new Set<string>();
  const commandLines: string[] = [];
  let seconds = 0;
  let skip = 0;
  for (const count of pieces) {
    const timed = await timedDd(session, argv(skip, count), count * MiB, signal);
    rates.push(timed.figures.bytesPerSecond);
    seconds += timed.figures.seconds;
    commandLines.push(timed.figures.commandLine);
    for (const note of timed.notes) notes.add(note);
    skip += count;
  }
  return {
    figures: ddFigures(skip * MiB, seconds, commandLines.join(' && ')),
    notes: [...notes],
    spread: spreadOfRepeats(rates),
  };
}

/**
 * The dd on the NAS's PATH as an absolute path, run only when its owner installed it (as every
 * program NASBench finds: ssh/found-program.ts); `dd` itself when the shell cannot say.
 */
async function ddPath(session: NasCommands): Promise<string> {
  const check = `${foundProgramCheckSh}\nnb_use dd "$(command -v dd)" && echo "$nb_run"\nprintf %s "$nb_refused"`;
  const lines = (await session.run(check)).stdout.split('\n');
  const found = lines[0]?.trim() ?? '';
  if (found.startsWith('/')) return found;
  const refused = parseRefusedPrograms(lines)[0];
  if (refused) {
    throw new NasbenchError(
      'TOOL_MISSING',
      `fio is not installed on this NAS, and NASBench would measure with dd instead. ${describeRefusedTool(refused)}`,
      `Install fio on the NAS, or make ${refused.at} writable by its owner only.`,
    );
  }
  return 'dd';
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

/** dd moves 1 MiB blocks and times nothing per request: IOPS are blocks per second, no latency percentiles. */
function ddFigures(bytes: number, seconds: number, commandLine: string): DdFigures {
  const bytesPerSecond = bytes / seconds;
  return {
    bytesPerSecond,
    iops: bytesPerSecond / MiB,
    latencyNs: { p50: null, p99: null },
    ioBytes: bytes,
    seconds,
    commandLine,
  };
}

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
  return {
    figures: ddFigures(bytes, seconds, commandLine),
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
