import { expect } from 'vitest';

/** One heatmap cell as read back from a drawing: the sizes it holds and where it was drawn. */
export interface PlacedCell {
  file: string;
  block: string;
  x: number;
  y: number;
}

/**
 * A sweep panel's cells sit where their sizes say, the same way in the app and the report: every
 * cell at its own place, a column per file size (larger to the right), a row per block size
 * (larger on top). `order` sorts the size labels smallest first.
 */
export function expectCellsPlaced(cells: PlacedCell[], count: number, order: (a: string, b: string) => number): void {
  expect(cells).toHaveLength(count);
  expect(new Set(cells.map((cell) => `${cell.x},${cell.y}`)).size).toBe(count);
  const files = [...new Set(cells.map((cell) => cell.file))].sort(order);
  const blocks = [...new Set(cells.map((cell) => cell.block))].sort(order);
  expect(files.length * blocks.length).toBe(count);
  const at = (file: string, block: string) => {
    const cell = cells.find((candidate) => candidate.file === file && candidate.block === block);
    if (!cell) throw new Error(`no cell for ${file} files, ${block} blocks`);
    return cell;
  };
  for (const block of blocks)
    files.slice(1).forEach((file, index) => {
      expect(at(file, block).x).toBeGreaterThan(at(files[index] as string, block).x);
    });
  for (const file of files)
    blocks.slice(1).forEach((block, index) => {
      expect(at(file, block).x).toBe(at(file, blocks[index] as string).x);
      expect(at(file, block).y).toBeLessThan(at(file, blocks[index] as string).y);
    });
}

/** The cells of a report heatmap (SVG text): each rect names its sizes in bytes. */
export function reportHeatmapCells(svg: string): PlacedCell[] {
  return [...svg.matchAll(/<rect x="([\d.]+)" y="([\d.]+)"[^>]*data-file-size="(\d+)" data-block-size="(\d+)"/g)].map(
    ([, x, y, file, block]) => ({ file: file ?? '', block: block ?? '', x: Number(x), y: Number(y) }),
  );
}

/** Sorts byte counts written as decimal text. */
export const bySize = (a: string, b: string): number => Number(a) - Number(b);
