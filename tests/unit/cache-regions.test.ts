import { describe, expect, it } from 'vitest';
import { cacheRegions } from '../../shared/util/cache-regions';
import type { CacheWallSweep } from '../../shared/contract/copy';

const MiB = 2 ** 20;
const GiB = 1024 * MiB;

function sweep(change: Partial<CacheWallSweep>): CacheWallSweep {
  const sizes = [64 * MiB, 128 * MiB, 256 * MiB, 512 * MiB, GiB, 2 * GiB];
  return {
    points: sizes.map((fileSize) => ({ fileSize, writeBytesPerSecond: 100e6, readBytesPerSecond: 100e6 })),
    readWall: null,
    writeWall: null,
    rule: '',
    clientRamBytes: 16 * GiB,
    nasRamBytes: null,
    targetBytes: 32 * GiB,
    stoppedBy: 'time-budget',
    note: '',
    ...change,
  };
}

const wall = (fileSize: number) => ({ fileSize, bytesPerSecond: 50e6, cachedBytesPerSecond: 300e6 });

describe('cached and uncached regions of the cache-wall curve', () => {
  it('split at the first wall, halfway on the log axis between the sizes around it', () => {
    const regions = cacheRegions(sweep({ readWall: wall(GiB), writeWall: wall(2 * GiB) }));
    expect(regions.map((region) => region.kind)).toEqual(['cached', 'uncached']);
    expect(regions[0]).toMatchObject({ from: 64 * MiB, label: 'Cached (before the wall)' });
    expect(regions[0]?.to).toBeCloseTo(Math.sqrt(512 * MiB * GiB), 0);
    expect(regions[1]).toMatchObject({ to: 2 * GiB });
    expect(regions[1]?.from).toBe(regions[0]?.to);
  });

  it('split at the larger RAM when no wall was found, and say the figures may be cached', () => {
    const regions = cacheRegions(sweep({ clientRamBytes: 300 * MiB, nasRamBytes: 768 * MiB }));
    expect(regions).toEqual([
      { kind: 'cached', from: 64 * MiB, to: 768 * MiB, label: 'Fits in RAM (may be cached)' },
      { kind: 'uncached', from: 768 * MiB, to: 2 * GiB, label: 'Larger than the cache' },
    ]);
  });

  it('shade the whole curve one way when the edge lies outside the sizes tested', () => {
    expect(cacheRegions(sweep({})).map((region) => region.kind)).toEqual(['cached']);
    expect(cacheRegions(sweep({ readWall: wall(64 * MiB) })).map((region) => region.kind)).toEqual(['uncached']);
    expect(cacheRegions(sweep({ points: [] }))).toEqual([]);
  });
});
