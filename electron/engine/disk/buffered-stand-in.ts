import { spaceMargin } from '../ssh';
import { bufferedNote, filesThatDefeatCache, inMemoryFolder, nasCacheBytes } from './cache-state';
import {
  directIoExplanation,
  readFreeBytes,
  type DirectIoSupport,
  type NasCommands,
  type TestFolderFacts,
} from './file-system';

const MiB = 1024 * 1024;

/**
 * The rate the time budget assumes for writing larger test files: a single hard disk, so that a
 * stand-in never takes much longer than the budget allows on the slowest NAS that is still common.
 */
export const assumedLayoutBytesPerSecond = 100e6;

export interface StandInInput {
  /** Why direct I/O could not be used here. */
  support: DirectIoSupport | 'refused';
  folder: TestFolderFacts;
  memoryBytes: number | null;
  /** Bytes per job the test asked for, and its job count. */
  size: number;
  numjobs: number;
  /** Bytes of test files already on the NAS that the larger ones would replace. */
  existingBytes: number;
  /** Longest that writing the larger files may take (at assumedLayoutBytesPerSecond); unlimited when absent. */
  budgetSeconds?: number;
}

export interface StandIn {
  /** Bytes per job to use: the test's own, or enough that all jobs together are twice the NAS's cache. */
  size: number;
  note: string;
}

/**
 * When direct I/O is not available, buffered I/O stands in. It can only say "uncached" when the
 * files are at least twice the cache that could hold them, so they are made that large where the
 * free space and the time budget allow; otherwise they stay as asked and the note says the cache may
 * serve the figures (as `cache.nas` does).
 */
export async function bufferedStandIn(
  session: NasCommands,
  scratchFolder: string,
  input: StandInInput,
): Promise<StandIn> {
  const base = directIoExplanation(input.support, input.folder.fileSystem);
  // RAM-backed folders: a file larger than RAM cannot exist there, and there is no disk to reach.
  if (input.support === 'memory' || inMemoryFolder(input.folder)) {
    return { size: input.size, note: `${base} Its files live in the NAS's memory.`.trim() };
  }
  const asked = input.size * input.numjobs;
  const cache = nasCacheBytes(input.folder, input.memoryBytes);
  if (cache === null) return { size: input.size, note: bufferedNote(base, asked, null) };
  const wanted = Math.ceil(filesThatDefeatCache(cache) / input.numjobs / MiB) * MiB;
  if (wanted <= input.size) return { size: input.size, note: bufferedNote(base, asked, cache) };
  const total = wanted * input.numjobs;
  const seconds = total / assumedLayoutBytesPerSecond;
  if (input.budgetSeconds !== undefined && seconds > input.budgetSeconds) {
    return {
      size: input.size,
      note: `${bufferedNote(base, asked, cache)} Files that large would take longer to write than this test's time budget.`,
    };
  }
  const extra = total - input.existingBytes;
  const free = await readFreeBytes(session, scratchFolder);
  if (free === null || free < extra + spaceMargin(extra)) {
    return {
      size: input.size,
      note: `${bufferedNote(base, asked, cache)} The folder has no room for files that large.`,
    };
  }
  return { size: wanted, note: bufferedNote(base, total, cache) };
}
