import { kindWords, type DriveKind } from '../drive-layout';
import { deliveredRate } from '../delivered';
import { driveSpeeds } from '../everyday/drive-speeds';
import { rate } from '../links';
import type { Rule } from '../rule';

const driveWords = (kind: DriveKind) => kindWords[kind][0];
const ways = { read: 'from the NAS', write: 'to the NAS' } as const;

/**
 * The other end of every real copy: this computer's own drive. NASBench's copy test reads and
 * writes data held in memory, so its figure goes past this computer's drive; a user copying their
 * files meets it. Set against the fastest copy measured, with the slowest kind of drive this
 * computer has (where its files may be); a VM's disk has no class, and says nothing.
 */
export const ceilingThisComputer: Rule = (figures, { unit }) => {
  const kinds = [...new Set(figures.clientDrives ?? [])];
  if (kinds.length === 0) return [];
  const fastest = (['read', 'write'] as const)
    .map((op) => ({ op, delivered: deliveredRate(figures, op, unit) }))
    .filter((entry) => entry.delivered !== null)
    .sort((a, b) => (b.delivered?.bytesPerSecond ?? 0) - (a.delivered?.bytesPerSecond ?? 0))[0];
  if (!fastest?.delivered) return [];
  const copies = fastest.delivered.bytesPerSecond;
  const slowest = [...kinds].sort((a, b) => driveSpeeds[a].high - driveSpeeds[b].high)[0] as DriveKind;
  const faster = kinds.filter((kind) => driveSpeeds[kind].high > driveSpeeds[slowest].high);
  const { low, high } = driveSpeeds[slowest];
  const drive = `this computer's ${driveWords(slowest)} (one such drive moves about ${rate(low, unit)}–${rate(high, unit)})`;
  const measured = `${rate(copies, unit)} ${ways[fastest.op]}`;
  const figuresOut = { copyBytesPerSecond: copies, driveLowBytesPerSecond: low, driveHighBytesPerSecond: high };
  if (copies <= low) {
    return [
      {
        id: 'ceiling-this-computer',
        severity: 'info',
        text:
          `This computer's own drive is not what holds copies back: ${drive} is faster than the ${measured} ` +
          'files reached.',
        figures: figuresOut,
      },
    ];
  }
  const instead =
    faster.length > 0 ? ` Files on the ${driveWords(faster[faster.length - 1] as DriveKind)} copy faster.` : '';
  return [
    {
      id: 'ceiling-this-computer',
      severity: 'warn',
      text:
        `Copies of files on ${drive} ${copies > high ? 'will not reach' : 'will barely reach'} the ${measured} ` +
        `measured here: NASBench copies data held in memory, so its figure goes past this computer's own drive, ` +
        `and your files do not.${instead}`,
      figures: figuresOut,
    },
  ];
};
