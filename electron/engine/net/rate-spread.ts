import type { Spread } from '../../../shared/contract/figure-quality';
import { spreadOfSamples } from '../../../shared/util/spread';
import { describeUnsteady } from '../../../shared/words/spread';

/** A reading over the interval that ends at `t` (seconds since the test started) and began at the reading before. */
export interface RateReading {
  t: number;
  /** Any unit per second (bits or bytes): the spread does not depend on it. */
  rate: number;
}

/** A trailing part of a second counts as one of its own when it covers at least this much of it. */
const lastPartMin = 0.5;

/**
 * The rate in each whole second of a test, from readings taken at any interval (the live chart's
 * half seconds, one leg's timer, the SSH fallback's seconds). Each reading holds for its own
 * interval, so a second is the time-weighted sum of the readings over it: the same figure at
 * any sampling interval, and the figure iperf3's one-second intervals give.
 */
export function perSecondRates(readings: readonly RateReading[]): number[] {
  const rates: number[] = [];
  let from = 0;
  let second = 1;
  let amount = 0;
  for (const { t, rate } of readings) {
    if (!(t > from) || !Number.isFinite(rate)) continue;
    while (t >= second) {
      amount += rate * (second - from);
      rates.push(amount);
      amount = 0;
      from = second;
      second += 1;
    }
    amount += rate * (t - from);
    from = t;
  }
  const lastPart = from - (second - 1);
  if (lastPart >= lastPartMin) rates.push(amount / lastPart);
  return rates;
}

/**
 * How steady a rate was: the spread of its per-second rates after the first `omitSeconds` (iperf3's
 * --omit) and the warm-up (shared/util/spread.ts) are left out. Null when the test was too short to say.
 */
export function spreadOfRate(readings: readonly RateReading[], omitSeconds = 0): Spread | null {
  return spreadOfSamples(perSecondRates(readings).slice(Math.ceil(omitSeconds)));
}

/**
 * The plain-words flag for a figure that varied more than 10% (cli-contract "Fields"), with what it
 * means for the figure; undefined for a steady one.
 */
export function unsteadyNote(spread: Spread | null | undefined): string | undefined {
  const flag = describeUnsteady(spread);
  return flag
    ? `${flag}: something else may have used the link meanwhile, so this figure is rough. ` +
        'Run the test again when the network is quiet for a firmer one.'
    : undefined;
}

/** Notes joined into one, in order, leaving out the missing ones. */
export function joinNotes(...notes: (string | undefined)[]): string | undefined {
  const present = notes.filter((note): note is string => !!note);
  return present.length ? present.join(' ') : undefined;
}
