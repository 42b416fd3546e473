import { formatBytes } from '../../util/units';
import { rate } from '../links';
import type { Rule } from '../rule';

/** The Disk sweep card's answer: the block size, file size and number of jobs each direction was fastest at. */
export const sweepBest: Rule = (figures, { unit }) => {
  const cells = [...(figures.sweepBest ?? [])].sort((a, b) => (a.op === 'read' ? -1 : 1) - (b.op === 'read' ? -1 : 1));
  if (cells.length === 0) return [];
  const parts = cells.map(
    (cell) =>
      `${cell.op}s with ${formatBytes(cell.blockSize)} blocks on ${formatBytes(cell.fileSize)} files and ` +
      `${cell.jobs} job${cell.jobs === 1 ? '' : 's'} at once (${rate(cell.bytesPerSecond, unit)})`,
  );
  const sentence = parts.join('; and at ');
  return [
    {
      id: 'sweep-best',
      severity: 'info',
      text: `Of the cells measured, the NAS was fastest at ${sentence}.`,
      figures: Object.fromEntries(cells.map((cell) => [`${cell.op}BytesPerSecond`, cell.bytesPerSecond])),
    },
  ];
};
