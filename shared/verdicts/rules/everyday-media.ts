import type { RateUnit } from '../../util/units';
import { deliveredRate } from '../delivered';
import { editingFormats, films } from '../everyday/bitrates';
import { bitRate } from '../links';
import type { Rule } from '../rule';
import type { Verdict } from '../../contract/verdict';

/**
 * A format's published rate in the unit the user chose, as every other figure of the answer is:
 * "128 Mb/s" beside "51.6 MB/s" asks the reader to convert.
 */
const publishedRate = (megabits: number, unit: RateUnit) => bitRate(megabits * 1e6, unit);

/** Whole streams that fit: a stream that does not fit whole stutters. */
const fits = (bitsPerSecond: number, megabitsPerSecond: number) =>
  Math.floor(bitsPerSecond / (megabitsPerSecond * 1e6));

const filmCount = (count: number) => (count === 1 ? '1 film' : `${count} films`);

/** How many films play from the NAS at once, at the highest rate their format allows. */
export const everydayStreams: Rule = (figures, { unit }) => {
  const delivered = deliveredRate(figures, 'read', unit);
  if (!delivered) return [];
  const bits = delivered.bytesPerSecond * 8;
  const uhd = fits(bits, films.uhd.megabitsPerSecond);
  const hd = fits(bits, films.hd.megabitsPerSecond);
  const arithmetic =
    `${bitRate(bits, unit)} ÷ ${publishedRate(films.uhd.megabitsPerSecond, unit)} and ` +
    `÷ ${publishedRate(films.hd.megabitsPerSecond, unit)}, the highest rates those discs use`;
  const streaming = `about ${publishedRate(15, unit)} to ${publishedRate(25, unit)}`;
  const answer =
    uhd > 0
      ? `${filmCount(uhd)} in ${films.uhd.name} at once, or ${filmCount(hd)} in ${films.hd.name}`
      : hd > 0
        ? `${filmCount(hd)} in ${films.hd.name} at once, but not one in ${films.uhd.name}: it would stutter in busy scenes`
        : `not one film in ${films.hd.name} without stutter in busy scenes; streaming-service quality (${streaming}) is what fits`;
  return [
    {
      id: 'everyday-streams',
      severity: hd > 0 ? 'info' : 'warn',
      text: `Films from the NAS: ${answer} (${arithmetic}). From: ${delivered.basis}.`,
      figures: { bitsPerSecond: bits, uhdStreams: uhd, hdStreams: hd },
    },
  ];
};

/** Which editing formats one share carries, one stream each: the heaviest that fits and the next that does not. */
export const everydayEditing: Rule = (figures, { unit }) => {
  const delivered = deliveredRate(figures, 'read', unit);
  if (!delivered) return [];
  const bits = delivered.bytesPerSecond * 8;
  const carried = editingFormats.filter((format) => format.megabitsPerSecond * 1e6 <= bits);
  const heaviest = carried.at(-1);
  const next = editingFormats[carried.length];
  const named = (format: { name: string; megabitsPerSecond: number }) =>
    `${format.name} (${publishedRate(format.megabitsPerSecond, unit)})`;
  const answer = heaviest
    ? `footage up to ${named(heaviest)} plays straight from the share` +
      (next ? `; ${named(next)} and heavier needs copying to this computer first` : '')
    : `even ${named(editingFormats[0] as (typeof editingFormats)[number])} needs copying to this computer first`;
  const verdict: Verdict = {
    id: 'everyday-editing',
    severity: 'info',
    text:
      `Video editing (one stream at 29.97 frames per second, at Apple's published ProRes rates): ${answer}. ` +
      `From: ${delivered.basis}.`,
    figures: { bitsPerSecond: bits, formatsThatFit: carried.length },
  };
  return [verdict];
};
