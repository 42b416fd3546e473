import { unsteadyAbove, type Spread } from '../contract/figure-quality';
import type { LinkType } from '../contract/probe';
import { formatRate, type RateUnit } from '../util/units';

/**
 * How steady a figure was, in words: "112 MB/s ±3%", the flag for a figure that varied more than
 * 10%, and whether two figures differ by more than their noise. A figure saved before spreads were
 * measured has none, and gets no ± and no flag: nothing is invented for it.
 */

type MaybeSpread = Spread | null | undefined;

/**
 * "±3%"; one decimal below 1% ("±0.4%") and next to the 10% flag, where whole numbers would hide
 * which side of it a figure is on ("±10.3%" is flagged, "±9.8%" is not). Empty without a spread.
 */
export function formatSpread(spread: MaybeSpread): string {
  if (!spread || !Number.isFinite(spread.relative)) return '';
  const percent = spread.relative * 100;
  if (percent < 0.05) return '±0%';
  const nearFlag = percent >= 9.5 && percent < 10.5;
  return `±${percent < 1 || nearFlag ? percent.toFixed(1) : Math.round(percent).toFixed(0)}%`;
}

/** "112 MB/s ±3%", or "112 MB/s" for a figure without a spread. */
export function formatRateWithSpread(bytesPerSecond: number, unit: RateUnit, spread: MaybeSpread): string {
  const figure = formatRate(bytesPerSecond, unit);
  return spread ? `${figure} ${formatSpread(spread)}` : figure;
}

/** A figure that varied more than the flag allows (cli-contract: spread over 10% is flagged). */
export function isUnsteady(spread: MaybeSpread): spread is Spread {
  return !!spread && spread.relative > unsteadyAbove;
}

/**
 * "Wi-Fi varied ±35% during the test", "The rate varied ±18% between repeats of the test": the flag
 * for an unsteady figure, naming the link when the caller knows it. Null for a steady figure.
 */
export function describeUnsteady(spread: MaybeSpread, subject: string | null = null): string | null {
  if (!isUnsteady(spread)) return null;
  const who = subject ?? 'The rate';
  const when = spread.basis === 'repeats' ? 'between repeats of the test' : 'during the test';
  return `${who} varied ${formatSpread(spread)} ${when}`;
}

/** The two figures of a comparison, each with its spread when it has one. */
export interface SpreadFigure {
  value: number;
  spread?: MaybeSpread;
}

export type Difference =
  | { kind: 'changed'; percent: number; relativeDifference: number; noise: number | null }
  | { kind: 'within-noise'; percent: number; relativeDifference: number; noise: number };

/**
 * Whether `value` differs from `baseline` by more than the figures' own noise. The rule: the gap
 * between them, relative to their mean (|a − b| ÷ ((a + b) / 2)), is within the noise when it is no
 * larger than the larger of their two spreads. It is symmetric (swapping the two gives the same
 * answer), and a figure without a spread leaves only the other's to judge by; with neither, there
 * is no noise to judge by and the difference is reported as it is. `percent` is against the
 * baseline, as the comparison states it ("+12%"). `deviations` widens the noise for figures from runs
 * whose run-to-run variation is not known (see `twoRunDeviations`).
 */
export function compareWithNoise(baseline: SpreadFigure, value: SpreadFigure, deviations = 1): Difference {
  const percent = baseline.value > 0 ? ((value.value - baseline.value) / baseline.value) * 100 : Number.NaN;
  const mean = (baseline.value + value.value) / 2;
  const relativeDifference = mean > 0 ? Math.abs(value.value - baseline.value) / mean : 0;
  const spreads = [baseline.spread, value.spread].flatMap((spread) =>
    spread && Number.isFinite(spread.relative) ? [spread.relative] : [],
  );
  const noise = spreads.length > 0 ? Math.max(...spreads) : null;
  if (noise !== null && relativeDifference <= deviations * noise) {
    return { kind: 'within-noise', percent, relativeDifference, noise };
  }
  return { kind: 'changed', percent, relativeDifference, noise };
}

/**
 * Compare sets two single runs side by side, each with only its own spread (how much its one-second samples
 * varied): how far two runs of the same test lie apart is not known from that. Two estimates that each
 * vary by a spread s differ by about s·√2 from chance alone, so a difference is called a change only past
 * two spreads — the tolerance the adaptive sweep holds its cells to as well. Seen on two lab Quick checks
 * minutes apart on the same drive: 2,113 against 2,038 MB/s (3.6% apart, spreads 2.6% and 2.9%) was called
 * a change at one spread.
 */
export const twoRunDeviations = 2;

/** `compareWithNoise` for two single runs side by side (Compare): a change only past `twoRunDeviations` spreads. */
export function compareTwoRuns(baseline: SpreadFigure, value: SpreadFigure): Difference {
  return compareWithNoise(baseline, value, twoRunDeviations);
}

/** "+12%", "−81%": a change against the baseline, with a real minus sign. */
export function formatChange(percent: number): string {
  const whole = Math.round(percent);
  return `${whole >= 0 ? '+' : '−'}${Math.abs(whole)}%`;
}

const linkSubjects: Partial<Record<LinkType, string>> = {
  wifi: 'Wi-Fi',
  ethernet: 'The Ethernet link',
  'usb-ethernet': 'The USB Ethernet adapter',
  thunderbolt: 'The Thunderbolt link',
  virtual: 'The virtual link',
};

/** The link as the subject of the flag ("Wi-Fi varied …", "The Ethernet link varied …"); null when unknown. */
export function linkAsSubject(type: LinkType | null | undefined): string | null {
  return (type && linkSubjects[type]) ?? null;
}
