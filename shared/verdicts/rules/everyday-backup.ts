import { formatDuration } from '../../util/units';
import { deliveredRate } from '../delivered';
import { everydaySizes } from '../everyday/bitrates';
import { rate } from '../links';
import type { Rule } from '../rule';

const { backupBytes, photoLibraryBytes, photoBytes } = everydaySizes;

/**
 * How long a 500 GB first backup takes to the NAS. Time Machine keeps its backup in 8 MiB "band"
 * files and File History copies whole files, so large-file speed is the best either can do: the
 * time is a lower bound, which the text says.
 */
export const everydayBackup: Rule = (figures, { unit }) => {
  const delivered = deliveredRate(figures, 'write', unit);
  if (!delivered) return [];
  const seconds = backupBytes / delivered.bytesPerSecond;
  return [
    {
      id: 'everyday-backup',
      severity: 'info',
      text:
        `Backups: a first backup of 500 GB (Time Machine, File History or a disk image) takes at least ` +
        `${formatDuration(seconds)} (500 GB ÷ ${rate(delivered.bytesPerSecond, unit)}); later ones copy only what ` +
        `changed. From: ${delivered.basis}.`,
      figures: { bytesPerSecond: delivered.bytesPerSecond, seconds },
    },
  ];
};

/**
 * How long a 100 GB photo library of 5 MB files takes to copy to the NAS. Each file costs a fixed
 * time (opening, creating, closing it over the share) on top of its data: the small-files test
 * gives that cost (its time per file less its data's share at the large-file speed), so
 * 20,000 files × (cost + 5 MB ÷ speed).
 */
export const everydayPhotos: Rule = (figures, { unit }) => {
  for (const op of ['write', 'read'] as const) {
    const small = figures.smallFiles.find((test) => test.op === op && test.filesPerSecond > 0);
    const delivered = deliveredRate(figures, op, unit);
    if (!small || !delivered) continue;
    const perFileSeconds = Math.max(0, 1 / small.filesPerSecond - small.fileSize / delivered.bytesPerSecond);
    const files = photoLibraryBytes / photoBytes;
    const seconds = files * (perFileSeconds + photoBytes / delivered.bytesPerSecond);
    const way = op === 'write' ? 'to the NAS' : 'from the NAS';
    return [
      {
        id: 'everyday-photos',
        severity: 'info',
        text:
          `Photos: copying a 100 GB library of 5 MB photos (${files.toLocaleString('en')} files) ${way} takes about ` +
          `${formatDuration(seconds)}: each file costs ${(perFileSeconds * 1000).toFixed(1)} ms on top of its data ` +
          `(the small-files test copied ${small.filesPerSecond.toFixed(0)} files a second), and the data goes at ` +
          `${rate(delivered.bytesPerSecond, unit)}. From: ${delivered.basis}.`,
        figures: { seconds, perFileSeconds, files, bytesPerSecond: delivered.bytesPerSecond },
      },
    ];
  }
  return [];
};
