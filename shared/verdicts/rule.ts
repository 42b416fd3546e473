import type { Verdict } from '../contract/verdict';
import type { RateUnit } from '../util/units';
import type { Figures } from './figures';

export interface VerdictOptions {
  /** The user's display unit for data rates. */
  unit: RateUnit;
  /** The same test over other connections (Compare connections), e.g. a wired client beside a Wi-Fi one. */
  comparisons: Figures[];
}

export type Rule = (figures: Figures, options: VerdictOptions) => Verdict[];

/**
 * How close is "near": 80% of a link's raw rate is 85% of what TCP can carry over it, a level
 * iperf3 reaches on any healthy wired link (941 of 1000 Mbit/s) and no other bottleneck hides behind.
 */
export const nearLinkFraction = 0.8;
