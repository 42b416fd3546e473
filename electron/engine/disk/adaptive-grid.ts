/**
 * Which cells of a block size × file size × jobs grid an adaptive sweep measures, and what it says
 * of the others (issue #21). Seed 002 measured every cell of every grid and still asked where
 * throughput saturates; a home user has minutes. The grid is sampled where it tells something:
 *
 * 1. Jobs first, on the smallest and the largest block size at the largest file size: jobs double
 *    until adding them gains nothing beyond the noise twice in a row (`adaptiveRule.flatSteps`);
 *    past that point more jobs only queue.
 * 2. A coarse grid: the first and last block size and file size (and the middle block size), each
 *    at one job and at its row's saturation point.
 * 3. Refinement: between two measured cells of a row or column that differ beyond their noise,
 *    the cell halfway is measured, and so on until neighbours agree or are adjacent.
 * 4. The rest is inferred from measured neighbours along the axes where throughput is monotone
 *    (between two measured block or file sizes, on log scales: throughput grows with block size
 *    roughly as a power of it; past saturation, the saturated figure; more jobs as the probed row
 *    scaled, never past the best measured at that file size, or at a smaller one where that file
 *    size's largest blocks were not measured) — and marked so, never drawn as measured. A cell with
 *    nothing measured to infer it from gets no figure at all, never a zero.
 *
 * Pure: `measure` runs a cell (fio on the NAS in a sweep; a recorded grid in the tests).
 */

export interface Grid {
  /** Ascending, bytes. */
  blockSizes: number[];
  /** Ascending, bytes per job's file. */
  fileSizes: number[];
  /** Ascending job counts. */
  jobs: number[];
}

/** A cell by its place on each axis (indexes into the grid's lists). */
export interface Cell {
  b: number;
  f: number;
  j: number;
}

export interface Reading {
  bytesPerSecond: number;
  /** Relative ± of the cell's figure (0.05 = ±5%), null when unknown. */
  spread: number | null;
}

export interface GridCell extends Cell, Reading {
  inferred: boolean;
}

export const adaptiveRule = {
  /** The noise of a reading that states none: what repeated fio cells differ by on a quiet NAS. */
  defaultNoise: 0.05,
  /** Doubling the jobs stops after this many steps in a row gained nothing beyond the noise. */
  flatSteps: 2,
} as const;

const key = (cell: Cell) => `${cell.b}/${cell.f}/${cell.j}`;

/** How far two readings may differ and still be the same figure. */
function noiseOf(a: Reading, b: Reading): number {
  return Math.max(a.spread ?? 0, b.spread ?? 0, adaptiveRule.defaultNoise);
}

const differ = (a: Reading, b: Reading) =>
  Math.abs(a.bytesPerSecond - b.bytesPerSecond) / Math.max(a.bytesPerSecond, b.bytesPerSecond, 1) > noiseOf(a, b);

export interface AdaptiveResult {
  cells: GridCell[];
  /** Per probed block size (index): the job count index past which more jobs gained nothing. */
  saturation: Map<number, number>;
}

/** Measures the grid adaptively; `measure` may return null for a cell that could not run (then it is inferred). */
export async function sampleGrid(
  grid: Grid,
  measure: (cell: Cell) => Promise<Reading | null>,
): Promise<AdaptiveResult> {
  const readings = new Map<string, Reading>();
  const asked = new Set<string>();
  const read = async (cell: Cell): Promise<Reading | null> => {
    const id = key(cell);
    if (!asked.has(id)) {
      asked.add(id);
      const reading = await measure(cell);
      if (reading) readings.set(id, reading);
    }
    return readings.get(id) ?? null;
  };
  const lastB = grid.blockSizes.length - 1;
  const lastF = grid.fileSizes.length - 1;
  const probeRows = [...new Set([0, lastB])];
  const saturation = new Map<number, number>();
  for (const b of probeRows) saturation.set(b, await saturatingJobs(grid, b, lastF, read));

  const rows = [...new Set([0, Math.floor(lastB / 2), lastB])];
  const columns = [...new Set([0, lastF])];
  const satOf = (b: number) => saturation.get(nearest(probeRows, b)) ?? 0;
  for (const b of rows) for (const f of columns) for (const j of new Set([0, satOf(b)])) await read({ b, f, j });

  // Refine along block sizes and file sizes where measured neighbours differ beyond their noise.
  for (const j of new Set([0, ...rows.map(satOf)])) {
    for (const f of columns) await refine(grid.blockSizes.length, (b) => ({ b, f, j }), readings, read);
    for (const b of rows) await refine(grid.fileSizes.length, (f) => ({ b, f, j }), readings, read);
  }
  return { cells: fill(grid, readings, saturation), saturation };
}

/** Doubles the jobs on one row until the gain stays within the noise `flatSteps` times; the saturation index. */
async function saturatingJobs(
  grid: Grid,
  b: number,
  f: number,
  read: (cell: Cell) => Promise<Reading | null>,
): Promise<number> {
  let best = 0;
  let flat = 0;
  let previous = await read({ b, f, j: 0 });
  for (let j = 1; j < grid.jobs.length && previous && flat < adaptiveRule.flatSteps; j += 1) {
    const reading = await read({ b, f, j });
    if (!reading) break;
    const gained = reading.bytesPerSecond > previous.bytesPerSecond && differ(reading, previous);
    if (gained) {
      best = j;
      flat = 0;
    } else flat += 1;
    previous = gained ? reading : previous;
  }
  return best;
}

/** Along one axis (length `count`, cells by `at`): halves every gap whose ends differ beyond their noise. */
async function refine(
  count: number,
  at: (index: number) => Cell,
  readings: Map<string, Reading>,
  read: (cell: Cell) => Promise<Reading | null>,
): Promise<void> {
  const measured = () =>
    Array.from({ length: count }, (_, index) => index).filter((index) => readings.has(key(at(index))));
  for (let changed = true; changed;) {
    changed = false;
    const places = measured();
    for (let n = 1; n < places.length; n += 1) {
      const [low, high] = [places[n - 1] as number, places[n] as number];
      const a = readings.get(key(at(low)));
      const z = readings.get(key(at(high)));
      if (high - low < 2 || !a || !z || !differ(a, z)) continue;
      await read(at(Math.floor((low + high) / 2)));
      changed = true;
    }
  }
}

function nearest(list: readonly number[], value: number): number {
  return list.reduce((best, each) => (Math.abs(each - value) < Math.abs(best - value) ? each : best), list[0] ?? 0);
}

/**
 * Every cell of the grid: measured ones as read, the others inferred (see the module comment).
 * One job's figure is inferred along block sizes, then file sizes (on a log scale, between the
 * nearest measured cells, or the nearest one at an edge); more jobs scale it as the nearest probed
 * row scaled, and stop growing where that row saturated.
 */
function fill(grid: Grid, readings: Map<string, Reading>, saturation: Map<number, number>): GridCell[] {
  // The probed row that gained most from more jobs: how jobs scale before the pool is full.
  const scaler = [...saturation].reduce((most, row) => (row[1] > most[1] ? row : most), [0, -1])[0];
  const lastF = grid.fileSizes.length - 1;
  // The most the pool delivered at each file size: more jobs or larger blocks queue past it. Known
  // where that column's largest blocks were measured at their saturation point; elsewhere the most
  // at any smaller file size (never slower to write: caches hold more of them).
  const lastB = grid.blockSizes.length - 1;
  const columnBest = (within: (f: number) => boolean) =>
    Math.max(0, ...[...readings].filter(([id]) => within(Number(id.split('/')[1]))).map(([, r]) => r.bytesPerSecond));
  const best = grid.fileSizes.map((_, f) =>
    readings.has(key({ b: lastB, f, j: saturation.get(lastB) ?? 0 }))
      ? columnBest((x) => x === f)
      : columnBest((x) => x <= f),
  );
  const oneJob = oneJobFigures(grid, readings);
  const cells: GridCell[] = [];
  for (let b = 0; b < grid.blockSizes.length; b += 1)
    for (let f = 0; f < grid.fileSizes.length; f += 1)
      for (let j = 0; j < grid.jobs.length; j += 1) {
        const measured = readings.get(key({ b, f, j }));
        if (measured) {
          cells.push({ b, f, j, ...measured, inferred: false });
          continue;
        }
        // A probed row past its saturation point: its own figure there (more jobs only queued).
        const own = saturation.get(b);
        const atSat = own !== undefined && j > own ? readings.get(key({ b, f, j: own }))?.bytesPerSecond : undefined;
        // Else one job's figure, scaled as the row that gained most from jobs did, up to the pool's best.
        const scale =
          (readings.get(key({ b: scaler, f: lastF, j: Math.min(j, saturation.get(scaler) ?? 0) }))?.bytesPerSecond ??
            0) / (readings.get(key({ b: scaler, f: lastF, j: 0 }))?.bytesPerSecond ?? Number.NaN);
        const base = oneJob(b, f);
        const scaled = base !== null && Number.isFinite(scale) ? base * scale : base;
        const value = atSat ?? (scaled === null ? null : Math.min(scaled, best[f] || scaled));
        // Nothing measured to infer it from (every cell failed): not a figure at all.
        if (value === null || !(value > 0)) continue;
        cells.push({ b, f, j, bytesPerSecond: value, spread: null, inferred: true });
      }
  return cells;
}

/**
 * One job's figure at any cell, from the measured one-job cells: between two measured block sizes,
 * else between two measured file sizes; else each measured file size's column is first filled along
 * block sizes and the cell read across file sizes from those, so that a cell far from any measured
 * one-job cell still gets a figure from its nearest ones rather than none.
 */
function oneJobFigures(grid: Grid, readings: Map<string, Reading>): (b: number, f: number) => number | null {
  const measured = (b: number, f: number) => readings.get(key({ b, f, j: 0 }))?.bytesPerSecond ?? null;
  const inColumn = (b: number, f: number) =>
    measured(b, f) ??
    along(grid.blockSizes, (x) => measured(x, f), b, 'between') ??
    along(grid.blockSizes, (x) => measured(x, f), b, 'nearest');
  return (b, f) => {
    const own = measured(b, f);
    if (own !== null) return own;
    return (
      along(grid.blockSizes, (x) => measured(x, f), b, 'between') ??
      along(grid.fileSizes, (x) => measured(b, x), f, 'between') ??
      along(grid.fileSizes, (x) => inColumn(b, x), f, 'between') ??
      along(grid.fileSizes, (x) => inColumn(b, x), f, 'nearest')
    );
  };
}

/** The figure at `index` along one axis: between the nearest measured places on log scales, or (`nearest`) the nearest one. */
function along(
  sizes: readonly number[],
  valueAt: (index: number) => number | null,
  index: number,
  how: 'between' | 'nearest',
): number | null {
  let below: number | null = null;
  let above: number | null = null;
  for (let x = index - 1; x >= 0 && below === null; x -= 1) if (valueAt(x) !== null) below = x;
  for (let x = index + 1; x < sizes.length && above === null; x += 1) if (valueAt(x) !== null) above = x;
  if (below !== null && above !== null) {
    const [low, high] = [valueAt(below) as number, valueAt(above) as number];
    const where =
      Math.log((sizes[index] as number) / (sizes[below] as number)) /
      Math.log((sizes[above] as number) / (sizes[below] as number));
    // Straight on log–log scales: exact for a power law, and never outside the two figures.
    return low > 0 && high > 0 ? low * (high / low) ** where : low + (high - low) * where;
  }
  const edge = below ?? above;
  return how === 'nearest' && edge !== null ? valueAt(edge) : null;
}
