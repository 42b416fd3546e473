import { describe, expect, it } from 'vitest';
import { shareTestFileSize } from '../../electron/engine/share-bench/file-size';

/** The share benchmark's test file: 1 GiB past a bypassed cache, else past both computers' RAM where it fits. */
const GiB = 2 ** 30;
const roomFor = (free: number) => (bytes: number) => bytes <= free;

describe('shareTestFileSize', () => {
  it('keeps a size the user gave, whatever the cache', () => {
    expect(shareTestFileSize({ given: 64 * 2 ** 20, direct: false, ramBytes: 16 * GiB, fits: roomFor(0) })).toEqual({
      fileSize: 64 * 2 ** 20,
      note: null,
    });
  });

  it('is CrystalDiskMark’s 1 GiB where the cache is bypassed', () => {
    expect(shareTestFileSize({ given: undefined, direct: true, ramBytes: 16 * GiB, fits: roomFor(0) }).fileSize).toBe(
      GiB,
    );
  });

  it('is twice the larger RAM where the cache cannot be bypassed (macOS), and says why', () => {
    const sized = shareTestFileSize({ given: undefined, direct: false, ramBytes: 16 * GiB, fits: roomFor(100 * GiB) });
    expect(sized.fileSize).toBe(32 * GiB);
    expect(sized.note).toBe(
      'This computer cannot bypass its file cache here, so the test file is 32.0 GiB, twice the RAM involved: no cache can hold it.',
    );
  });

  it('stays 1 GiB without room for that, and says the figures may be a cache’s', () => {
    const sized = shareTestFileSize({ given: undefined, direct: false, ramBytes: 16 * GiB, fits: roomFor(20 * GiB) });
    expect(sized.fileSize).toBe(GiB);
    expect(sized.note).toMatch(
      /no room for a file past the RAM involved \(32\.0 GiB\): the figures may come from a cache/,
    );
  });
});
