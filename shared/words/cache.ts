import type { CopyTestResult } from '../contract/copy';
import type { DiskTestResult } from '../contract/disk';
import type { CacheState } from '../contract/figure-quality';
import type { DiskThroughNetworkResult } from '../contract/runs';

/**
 * Which memory could have served a figure, in words, one function per kind of figure. Each follows
 * the figure's `cache: {client, nas}` when it has one (../shared/cli-contract.md, "Fields") and falls
 * back to the older booleans (`cached`, `direct`, `likelyCached`) for runs saved before it existed.
 * The app, the reports and the verdicts all word caches through here, so they never disagree.
 */

export interface FigureCache {
  /** Short enough for a table cell: "Uncached", "May be served from the NAS's memory (the file fits in its RAM)". */
  words: string;
  /** No memory could have served it: a figure of the disks (and, for a copy, the network) themselves. */
  uncached: boolean;
  /** This computer's own memory may be in it (its file cache, or a folder in RAM): no figure of a NAS or a network. */
  thisComputersMemory: boolean;
}

export const cacheWords = {
  uncached: 'Uncached',
  nasMayServe: 'May be served from the NAS’s memory (the file fits in its RAM)',
  inMemory: 'The folder is in memory (tmpfs): this is not a disk speed',
  nasUnknown: 'Whether the NAS’s memory served it is not known',
  clientBuffered: 'Through this computer’s file cache',
} as const;

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The words for both caches: this computer's first when it was in the way, then the NAS's. */
function wordsOfState(cache: CacheState): FigureCache {
  if (cache.nas === 'in-memory') return { words: cacheWords.inMemory, uncached: false, thisComputersMemory: false };
  const buffered = cache.client === 'buffered';
  const nas =
    cache.nas === 'bypassed'
      ? buffered
        ? 'past the NAS’s cache'
        : cacheWords.uncached
      : cache.nas === 'may-serve'
        ? cacheWords.nasMayServe
        : cacheWords.nasUnknown;
  return {
    words: buffered ? `${cacheWords.clientBuffered}; ${lowerFirst(nas)}` : nas,
    uncached: !buffered && cache.nas === 'bypassed',
    thisComputersMemory: buffered,
  };
}

/**
 * A share-copy figure. Older runs: `direct` bypassed this computer's cache; `cached` said this
 * computer's memory (its cache, or a folder in RAM) may be in the figure.
 */
export function copyCache(test: Pick<CopyTestResult, 'cache' | 'cached' | 'direct' | 'op'>): FigureCache {
  if (test.cache) {
    // `cached` also counts the NAS's RAM, so it cannot say whether this computer's memory answered:
    // a read through this computer's file cache may have, a folder in RAM did, and a buffered write
    // that ends with fsync went through the cache but waited for the share, so its figure is the share's.
    const thisComputersMemory =
      test.cache.nas === 'in-memory' || (test.op === 'read' && test.cache.client === 'buffered');
    return { ...wordsOfState(test.cache), thisComputersMemory };
  }
  if (test.direct) return { words: 'Uncached (direct I/O)', uncached: true, thisComputersMemory: false };
  // Not direct and not cached: fsync'd writes, or files larger than the RAM involved (the notes say which).
  return test.cached
    ? { words: 'May include a memory cache', uncached: false, thisComputersMemory: true }
    : { words: cacheWords.uncached, uncached: true, thisComputersMemory: false };
}

/** A disk figure from fio or dd on the NAS (this computer is not involved). Older runs: `direct` only. */
export function diskCache(test: Pick<DiskTestResult, 'cache' | 'direct'>): FigureCache {
  if (test.cache) return wordsOfState(test.cache);
  return test.direct
    ? { words: 'Uncached (direct I/O)', uncached: true, thisComputersMemory: false }
    : { words: 'Through the NAS’s memory cache (buffered)', uncached: false, thisComputersMemory: false };
}

/**
 * iperf3 reading a file on the NAS (-F): `likelyCached` says the file fits in the NAS's RAM. Null
 * when the run did not say (a write, or an older run): no words are invented for it.
 */
export function throughNetworkCache(result: Pick<DiskThroughNetworkResult, 'likelyCached'>): FigureCache | null {
  if (result.likelyCached === undefined) return null;
  return result.likelyCached
    ? { words: cacheWords.nasMayServe, uncached: false, thisComputersMemory: false }
    : {
        words: 'Mostly from the NAS’s disks (the file is larger than its RAM)',
        uncached: true,
        thisComputersMemory: false,
      };
}

/** One line for a whole disk run: "Uncached", or how many of its tests were, or what they share. */
export function diskCacheSummary(tests: readonly Pick<DiskTestResult, 'cache' | 'direct'>[]): string {
  const each = tests.map(diskCache);
  const kinds = new Set(each.map((cache) => cache.words));
  const first = each[0];
  if (first && kinds.size === 1) {
    // Older runs said it this way, and "direct I/O" is what made them uncached.
    if (!tests[0]?.cache) return first.uncached ? 'Uncached: direct I/O, past the NAS’s memory' : first.words;
    return first.uncached ? 'Uncached: past the NAS’s memory' : first.words;
  }
  const uncached = each.filter((cache) => cache.uncached).length;
  return `Uncached in ${uncached} of ${tests.length} tests: see the notes`;
}
