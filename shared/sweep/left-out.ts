import type { SweepLeftOutCell } from '../contract/disk';
import { spaceMargin } from '../util/space-margin';
import { formatBytes, sizeLabel } from '../util/units';

/**
 * Which cells of a sweep's grid cannot run as given, and why (issue #35): a block larger than its
 * file, or a job count whose files do not fit the folder's free space with the margin every disk
 * test keeps. Such a cell is left out of the grid and named, in the preview and the result; the
 * rest of the grid runs. Pure: the engine's plan and the sweep form's preview say the same.
 */

/** fio's smallest test file (the engine's FioJob refuses smaller ones). */
export const smallestTestFile = 4096;

export interface GridPlace {
  bs: number;
  /** Bytes per job's file, as the user gave it. */
  fileSize: number;
  jobs: number;
}

/** Why a cell cannot run here, or null when it can; `freeBytes` null when the folder's free space is unknown. */
export function whyLeftOut(cell: GridPlace, freeBytes: number | null): Pick<SweepLeftOutCell, 'reason' | 'why'> | null {
  if (cell.fileSize < smallestTestFile)
    return { reason: 'file-too-small', why: `fio lays out no file smaller than ${sizeLabel(smallestTestFile)}.` };
  if (cell.bs > cell.fileSize)
    return {
      reason: 'block-larger-than-file',
      why: `${sizeLabel(cell.bs)} blocks do not fit in ${sizeLabel(cell.fileSize)} files: a file must hold at least one block.`,
    };
  const needed = cell.fileSize * cell.jobs;
  if (freeBytes !== null && needed + spaceMargin(needed) > freeBytes)
    return {
      reason: 'files-do-not-fit',
      why:
        `${cell.jobs} ${cell.jobs === 1 ? 'job' : 'jobs'} × ${formatBytes(cell.fileSize)} files need ${formatBytes(needed)} ` +
        `plus ${formatBytes(spaceMargin(needed))} kept free; the folder has ${formatBytes(freeBytes)} free.`,
    };
  return null;
}

/** "2M" / "1M and 2M" / "4k, 1M and 2M". */
function listed(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

/**
 * The left-out cells in one sentence, grouped by why and by file size:
 * "Left out, as they cannot run here: 2 cells whose blocks are larger than their files (2M blocks on
 * 1M files); 6 cells whose files do not fit the 20 GiB free with the margin kept (64 and 128 jobs on
 * 256M files; 128 jobs on 128M files)." Empty when nothing is left out.
 */
export function describeLeftOut(cells: readonly SweepLeftOutCell[], freeBytes: number | null): string {
  if (cells.length === 0) return '';
  const groups: string[] = [];
  const byFile = (reason: SweepLeftOutCell['reason'], part: (cell: SweepLeftOutCell) => number) => {
    const ofReason = cells.filter((cell) => cell.reason === reason);
    const files = [...new Set(ofReason.map((cell) => cell.fileSizeBytes))].sort((a, b) => b - a);
    const phrases = files.map((file) => {
      const parts = [...new Set(ofReason.filter((cell) => cell.fileSizeBytes === file).map(part))].sort(
        (a, b) => a - b,
      );
      return { file, parts };
    });
    return { count: ofReason.length, phrases };
  };
  const cellCount = (count: number) => `${count} ${count === 1 ? 'cell' : 'cells'}`;
  const blocks = byFile('block-larger-than-file', (cell) => cell.bs);
  if (blocks.count > 0)
    groups.push(
      `${cellCount(blocks.count)} whose blocks are larger than their files (` +
        blocks.phrases
          .map(({ file, parts }) => `${listed(parts.map(sizeLabel))} blocks on ${sizeLabel(file)} files`)
          .join('; ') +
        ')',
    );
  const room = byFile('files-do-not-fit', (cell) => cell.numjobs);
  if (room.count > 0)
    groups.push(
      `${cellCount(room.count)} whose files do not fit ${freeBytes === null ? 'the folder' : `the ${formatBytes(freeBytes)} free`} ` +
        'with the margin kept (' +
        room.phrases
          .map(
            ({ file, parts }) =>
              `${listed(parts.map(String))} ${parts.length === 1 && parts[0] === 1 ? 'job' : 'jobs'} on ${sizeLabel(file)} files`,
          )
          .join('; ') +
        ')',
    );
  const small = cells.filter((cell) => cell.reason === 'file-too-small').length;
  if (small > 0) groups.push(`${cellCount(small)} whose files are smaller than fio's ${sizeLabel(smallestTestFile)}`);
  return `Left out, as they cannot run here: ${groups.join('; ')}.`;
}
