import { median, relativeSpread } from '../../shared/util/spread';
import { compareWithNoise } from '../../shared/words/spread';

/** Ours against the native tool, from alternating runs of each: the ratio of the medians and how steady each side was. */
export interface RunsCompared {
  ratio: number;
  ours: number;
  native: number;
  /** Each side's run-to-run spread (standard deviation ÷ mean), null with under two runs. */
  oursSpread: number | null;
  nativeSpread: number | null;
  /** The gap is no larger than the runs' own spread (the app's rule for two figures, compareWithNoise). */
  withinNoise: boolean;
}

export function compareRuns(ours: readonly number[], native: readonly number[]): RunsCompared {
  const sides = { ours: median(ours), native: median(native) };
  const oursSpread = relativeSpread(ours);
  const nativeSpread = relativeSpread(native);
  const difference = compareWithNoise(
    { value: sides.native, ...(nativeSpread === null ? {} : { spread: { relative: nativeSpread, basis: 'repeats' } }) },
    { value: sides.ours, ...(oursSpread === null ? {} : { spread: { relative: oursSpread, basis: 'repeats' } }) },
  );
  return {
    ratio: sides.ours / sides.native,
    ...sides,
    oursSpread,
    nativeSpread,
    withinNoise: difference.kind === 'within-noise',
  };
}

const percent = (spread: number | null) => (spread === null ? '±?' : `±${(spread * 100).toFixed(1)}%`);

/**
 * "ratio 0.94 (runs varied: ours ±6.1%, native ±9.8%; the gap is within that noise)": a ratio this
 * machine cannot tell from 1 says so, so that nobody reads a difference into it (or out of it).
 */
export function describeRatio(compared: RunsCompared): string {
  const noise = compared.withinNoise ? 'the gap is within that noise' : 'the gap is larger than that noise';
  return (
    `ratio ${compared.ratio.toFixed(2)} (runs varied: ours ${percent(compared.oursSpread)}, ` +
    `native ${percent(compared.nativeSpread)}; ${noise})`
  );
}
