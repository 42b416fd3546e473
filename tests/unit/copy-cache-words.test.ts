import { describe, expect, it } from 'vitest';
import { copyCache } from '../../shared/words/cache';

/**
 * Which memory a share-copy figure may include, as the verdicts judge it. `cached` counts the NAS's
 * RAM too, so a share figure that the NAS's cache may have served is still a figure of the share and
 * the link, never of this computer's memory; only a read through this computer's file cache (or a
 * folder in RAM) is.
 */
describe('a share-copy figure’s caches, as the verdicts read them', () => {
  const share = { direct: true, cached: true } as const;

  it('a direct write or read of a file the NAS’s RAM can hold is the share’s figure, said to be cacheable', () => {
    for (const op of ['write', 'read'] as const) {
      const judged = copyCache({ ...share, op, cache: { client: 'bypassed', nas: 'may-serve' } });
      expect(judged).toEqual({
        words: 'May be served from the NAS’s memory (the file fits in its RAM)',
        uncached: false,
        thisComputersMemory: false,
      });
    }
  });

  it('a read through this computer’s file cache may be this computer’s memory; an fsync’d write is not', () => {
    const buffered = { ...share, direct: false, cache: { client: 'buffered', nas: 'may-serve' } } as const;
    expect(copyCache({ ...buffered, op: 'read' }).thisComputersMemory).toBe(true);
    expect(copyCache({ ...buffered, op: 'write' }).thisComputersMemory).toBe(false);
  });

  it('a folder in memory is RAM either way; both caches bypassed is uncached', () => {
    const tmpfs = { ...share, cache: { client: 'buffered', nas: 'in-memory' } } as const;
    expect(copyCache({ ...tmpfs, op: 'write' }).thisComputersMemory).toBe(true);
    const past = copyCache({ ...share, cached: false, op: 'read', cache: { client: 'bypassed', nas: 'bypassed' } });
    expect(past).toEqual({ words: 'Uncached', uncached: true, thisComputersMemory: false });
  });

  it('older runs without `cache`: `cached` still decides', () => {
    expect(copyCache({ direct: false, cached: true, op: 'read' }).thisComputersMemory).toBe(true);
    expect(copyCache({ direct: true, cached: false, op: 'read' }).uncached).toBe(true);
  });
});
