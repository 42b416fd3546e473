import { diskFigure } from '../delivered';
import { driveSpeeds, drivesWorth } from '../everyday/drive-speeds';
import { formatPercent, rate } from '../links';
import type { Rule } from '../rule';
import type { Verdict } from '../../contract/verdict';

/** Past this much over the drives' most, the figure cannot have come from the drives alone. */
const overMargin = 1.1;

/**
 * What the NAS's drives allow at most, from what the probe found (how many, which kind, how put
 * together), against what the disk tests measured: close to it, far below it (something holds
 * the drives back), or above it (a cache answered).
 */
export const ceilingDisks: Rule = (figures, { unit }) => {
  const layout = figures.nasDrives;
  if (!layout) return [];
  const speed = driveSpeeds[layout.kind];
  const parts: string[] = [];
  const numbers: Record<string, number> = { drives: layout.drives };
  let severity: Verdict['severity'] = 'info';
  const notes = new Set<string>();
  for (const op of ['read', 'write'] as const) {
    const measured = diskFigure(figures, op, true);
    const most = speed.high * drivesWorth(layout, op);
    numbers[`${op}MostBytesPerSecond`] = most;
    if (!measured) continue;
    const percent = (measured.bytesPerSecond / most) * 100;
    numbers[`${op}Percent`] = percent;
    parts.push(
      `${measured.test} ${rate(measured.bytesPerSecond, unit)} is ${formatPercent(percent)} of ${rate(most, unit)}`,
    );
    if (measured.bytesPerSecond > most * overMargin) {
      severity = 'warn';
      notes.add('more than these drives can deliver: a cache (RAM, or an SSD cache) served part of it');
    } else if (measured.bytesPerSecond < speed.low) {
      severity = 'warn';
      notes.add(
        `slower than one healthy ${layout.kind === 'hdd' ? 'hard drive' : 'drive of this kind'} (${rate(speed.low, unit)}): ` +
          'the NAS was busy (a scrub, a rebuild, another user), the volume is nearly full, or the drives are SMR',
      );
    }
  }
  if (parts.length === 0) return [];
  const readWorth = drivesWorth(layout, 'read');
  const writeWorth = drivesWorth(layout, 'write');
  const most = (worth: number) => rate(speed.high * worth, unit);
  const drivesOf = (worth: number) => `${worth} drive${worth === 1 ? "'s" : "s'"} worth`;
  const allow =
    readWorth === writeWorth
      ? `move at most about ${most(readWorth)} in one stream (${drivesOf(readWorth)}`
      : `read at most about ${most(readWorth)} and write at most about ${most(writeWorth)} in one stream ` +
        `(${drivesOf(readWorth)} reading, ${writeWorth} writing`;
  return [
    {
      id: 'ceiling-disks',
      severity,
      text:
        `The NAS's drives: ${layout.words} ${allow} × up to ${rate(speed.high, unit)} per drive, the fastest ` +
        'datasheets). ' +
        `Measured: ${parts.join('; ')}` +
        (notes.size > 0 ? ` — ${[...notes].join('; ')}.` : '.'),
      figures: numbers,
    },
  ];
};
