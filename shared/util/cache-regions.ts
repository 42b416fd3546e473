import type { CacheWallSweep } from '../contract/copy';

/** A stretch of the file-size axis and what the figures there measure. */
export interface CacheRegion {
  kind: 'cached' | 'uncached';
  /** File sizes, bytes; `from` < `to`. */
  from: number;
  to: number;
  label: string;
}

/**
 * Splits the cache-wall curve into the sizes a RAM cache holds and those it cannot, for shading:
 * at the first wall found (reads or writes), else at the largest RAM known (this computer's or the
 * NAS's). The boundary sits halfway (on the log axis) between the last size before it and the next.
 */
export function cacheRegions(sweep: CacheWallSweep): CacheRegion[] {
  const sizes = sweep.points.map((point) => point.fileSize).sort((a, b) => a - b);
  const first = sizes[0];
  const last = sizes[sizes.length - 1];
  if (first === undefined || last === undefined) return [];
  const walls = [sweep.readWall?.fileSize, sweep.writeWall?.fileSize].filter((size) => size !== undefined);
  const ram = Math.max(sweep.clientRamBytes, sweep.nasRamBytes ?? 0);
  // A wall is measured; RAM only says where one must be at the latest.
  const edge = walls.length > 0 ? Math.min(...walls) : ram;
  const cachedLabel = walls.length > 0 ? 'Cached (before the wall)' : 'Fits in RAM (may be cached)';
  if (edge <= first) return [{ kind: 'uncached', from: first, to: last, label: 'Larger than the cache' }];
  if (edge > last) return [{ kind: 'cached', from: first, to: last, label: cachedLabel }];
  const below = sizes.filter((size) => size < edge).pop() ?? first;
  const above = sizes.find((size) => size >= edge) ?? last;
  const boundary = walls.length > 0 ? Math.sqrt(below * above) : edge;
  return [
    { kind: 'cached', from: first, to: boundary, label: cachedLabel },
    { kind: 'uncached', from: boundary, to: last, label: 'Larger than the cache' },
  ];
}
