import { NasbenchError } from '../../../shared/contract/errors';
import type { Spread } from '../../../shared/contract/figure-quality';
import { shellCommand, type NasLogin, type ScratchFolder } from '../ssh';
import { runIperfTest, type IperfSample } from './iperf-client';
import { resolveNasAddress, startRemoteIperfServer } from './remote-server';
import { joinNotes, spreadOfRate, unsteadyNote, type RateReading } from './rate-spread';
import { inMemoryFolder } from '../disk';

/** To the disks: iperf3 on the NAS writes what it receives to a file. From the disks: it sends a file. */
export type ThroughDiskWay = 'to-disk' | 'from-disk';

export interface DiskThroughNetworkResult {
  /** Labelled, because it is neither a pure network nor a pure disk figure (the TerraMaster F4-223 write-up). */
  label: string;
  direction: 'write' | 'read';
  bytes: number;
  seconds: number;
  bitsPerSecond: number;
  /** The file iperf3 wrote or read on the NAS (gone by the time this returns). */
  file: string;
  fileBytes: number;
  /** The NAS's memory could have taken the write, or served the read (see likelyCachedOf). */
  likelyCached?: boolean;
  /** How steady the rate was, second by second (absent for a test too short to say). */
  spread?: Spread;
  note?: string;
}

export interface ThroughDiskOptions {
  way: ThroughDiskWay;
  folder: string;
  /** Opens a scratch folder in `folder` after checking there is room for `neededBytes`. */
  openScratch(folder: string, neededBytes: number): Promise<ScratchFolder>;
  seconds: number;
  /**
   * The file's size. To the disks, the most the server may write (both ends stop there); from the disks,
   * the file it sends, which must outlast the test (iperf3 stops sending at its end).
   */
  fileBytes: number;
  nasMemoryBytes?: number | null;
  /** The folder's file system, as the disks-alone test found it (null: not known). */
  fileSystem?: string | null;
  /** The iperf3 and fio the probe found on the NAS (iperf3 default: from its PATH; no fio: dd lays out the file). */
  iperf3Path?: string;
  fioPath?: string | null;
  /** TCP write size and socket buffer (iperf3's -l and -w). */
  blockBytes?: number;
  windowBytes?: number;
  signal?: AbortSignal;
  onSample?(sample: IperfSample): void;
}

/**
 * Linux starts making a writer wait for the disks once unwritten data passes 20% of its memory
 * (vm.dirty_ratio's default); below that a write is taken by the NAS's memory at the network's pace.
 */
const dirtyShareOfMemory = 0.2;

/**
 * The network straight to (or from) the NAS's disks, the TerraMaster F4-223 write-up's and the bonded
 * 2.5 GbE write-up's test: `iperf3 -s -F FILE` on the NAS in a scratch folder. To the disks, the built-in
 * client sends and the NAS's iperf3 writes what it receives to the file. From the disks, the file is laid
 * out first (fio with direct I/O, so the NAS's memory does not hold it) and the server sends it in reverse
 * mode (iperf3 opens it for reading when it is the sender): the connection still goes from this computer to
 * the NAS, so no firewall on this computer is in the way. The folder and file are removed afterwards,
 * whatever happens.
 */
export async function measureThroughDisk(
  session: NasLogin,
  options: ThroughDiskOptions,
): Promise<DiskThroughNetworkResult> {
  const toDisk = options.way === 'to-disk';
  const scratch = await options.openScratch(options.folder, options.fileBytes);
  const signal = options.signal ? { signal: options.signal } : {};
  try {
    const file = `${scratch.path}/${toDisk ? 'network-to-disk' : 'disk-to-network'}.bin`;
    const laidOutDirect = toDisk ? false : await layOutFile(session, file, options);
    const host = await resolveNasAddress(session.info.host);
    const server = await startRemoteIperfServer(session, {
      extraArgs: ['-F', file],
      bindAddress: host,
      // To the disks the file may grow to what the scratch check made room for, and no further.
      ...(toDisk ? { maxFileBytes: options.fileBytes } : {}),
      testSeconds: options.seconds,
      ...(options.iperf3Path ? { iperf3Path: options.iperf3Path } : {}),
      ...signal,
    });
    try {
      const readings: RateReading[] = [];
      const result = await runIperfTest({
        host,
        port: server.port,
        direction: toDisk ? 'upload' : 'download',
        seconds: options.seconds,
        ...(toDisk ? { maxBytes: options.fileBytes } : {}),
        ...(options.blockBytes ? { blockBytes: options.blockBytes } : {}),
        ...(options.windowBytes ? { windowBytes: options.windowBytes } : {}),
        ...signal,
        onSample: (sample) => {
          readings.push({ t: sample.t, rate: sample.bytesPerSecond });
          options.onSample?.(sample);
        },
      });
      const likelyCached = likelyCachedOf(options, result.bytes, laidOutDirect);
      const spread = spreadOfRate(readings);
      const note = joinNotes(
        cacheNote(options.way, likelyCached),
        // A file that ran out ends the sending early: the rate counts the idle rest of the test.
        !toDisk && result.bytes >= options.fileBytes * 0.98
          ? 'The whole file was sent before the test ended, so the figure reads low.'
          : undefined,
        unsteadyNote(spread),
      );
      return {
        label: toDisk
          ? 'Network to NAS disk (iperf3 writing to a file on the NAS)'
          : 'NAS disk to network (iperf3 on the NAS sending a file)',
        direction: toDisk ? 'write' : 'read',
        bytes: result.bytes,
        seconds: result.seconds,
        bitsPerSecond: result.bitsPerSecond,
        file,
        fileBytes: options.fileBytes,
        ...(likelyCached !== undefined ? { likelyCached } : {}),
        ...(spread ? { spread } : {}),
        ...(note ? { note } : {}),
      };
    } finally {
      await server.stop();
    }
  } finally {
    await scratch.remove();
  }
}

/**
 * Whether the NAS's memory could have stood in for its disks. A folder in memory (tmpfs) has no disks
 * below it. A read: a file laid out with direct I/O is not in the page cache, except on ZFS, whose ARC
 * keeps it (before OpenZFS 2.3 direct I/O is accepted and ignored); one written through the cache is
 * there if it fits. A write: the NAS takes in memory what stays under its share for unwritten data.
 * Unknown memory: not said.
 */
export function likelyCachedOf(
  options: Pick<ThroughDiskOptions, 'way' | 'fileBytes' | 'nasMemoryBytes' | 'fileSystem'>,
  bytes: number,
  laidOutDirect: boolean,
): boolean | undefined {
  const memory = options.nasMemoryBytes;
  const fileSystem = { fileSystem: options.fileSystem ?? null };
  if (inMemoryFolder(fileSystem)) return true;
  if (options.way === 'from-disk' && laidOutDirect && fileSystem.fileSystem !== 'zfs') return false;
  if (memory === undefined || memory === null) return undefined;
  return options.way === 'to-disk' ? bytes < memory * dirtyShareOfMemory : options.fileBytes < memory;
}

function cacheNote(way: ThroughDiskWay, likelyCached: boolean | undefined): string | undefined {
  if (likelyCached === undefined) return undefined;
  if (way === 'to-disk')
    return likelyCached
      ? 'What was sent fits in the NAS’s memory, which takes a write before its disks do: the figure may be the memory’s.'
      : 'More was sent than the NAS’s memory holds for unwritten data, so its disks set the pace.';
  return likelyCached
    ? 'The NAS’s memory may hold the file (it fits there, or its file system keeps what was written), so it was probably read from there rather than its disks.'
    : 'The file was read from the NAS’s disks (laid out past its memory).';
}

/**
 * Writes the file to be sent, of data that does not compress. fio with direct I/O leaves none of it in
 * the NAS's memory; where fio is missing or the file system refuses direct I/O, dd writes it through the
 * memory. Returns whether the direct layout worked.
 */
async function layOutFile(session: NasLogin, file: string, options: ThroughDiskOptions): Promise<boolean> {
  const signal = options.signal ? { signal: options.signal } : {};
  const run = { ...signal, timeoutMs: 600_000 };
  if (options.fioPath) {
    const fio = await session.run(
      shellCommand([
        options.fioPath,
        '--name=layout',
        `--filename=${file}`,
        '--rw=write',
        '--bs=1M',
        `--size=${options.fileBytes}`,
        '--direct=1',
        '--end_fsync=1',
        '--refill_buffers',
        '--output-format=terse',
      ]),
      run,
    );
    if (fio.code === 0) return true;
  }
  const megabytes = Math.ceil(options.fileBytes / 2 ** 20);
  const written = await session.run(
    shellCommand(['dd', 'if=/dev/urandom', `of=${file}`, 'bs=1048576', `count=${megabytes}`]),
    run,
  );
  if (written.code !== 0)
    throw new NasbenchError(
      'DISK_FULL',
      'Could not write the test file on the NAS.',
      written.stderr.trim() || 'Check free space.',
    );
  return false;
}
