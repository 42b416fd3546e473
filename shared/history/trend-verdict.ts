import type { LinkType } from '../contract/probe';
import { compareWithNoise } from '../words/spread';
import { median } from '../util/spread';

/**
 * Whether a NAS's latest figure moved beyond its noise against its earlier like-for-like runs,
 * said as a sentence with what to check. Only ever given the points of one trend (the same NAS,
 * test, plan, kind of link and settings — shared/history/trends.ts groups them), so a change of
 * link or settings can never read as the NAS getting slower.
 */

/** One run's figure in a trend. */
export interface TrendReading {
  runId: string;
  startedAt: string;
  bytesPerSecond: number;
  /** Relative ± of the run's own figure (0.05 = ±5%); null for runs saved before spreads were measured. */
  spread: number | null;
}

export interface TrendVerdict {
  /** "Sequential reads (SEQ1M Q8T1) on this NAS are 22% slower than in March, on the same link and settings — …" */
  text: string;
  direction: 'slower' | 'faster';
  /** The change against the earlier runs' typical figure, in percent (−22 for 22% slower). */
  percent: number;
  /** The run the verdict is about: the trend's latest. */
  runId: string;
  /** The earlier runs' typical figure (their median), bytes per second. */
  baselineBytesPerSecond: number;
  /** The noise the change had to beat, relative (0.05 = ±5%). */
  noise: number;
  /** How many earlier runs the latest was compared with. */
  earlierRuns: number;
}

/**
 * The rule. The latest figure is compared with the median of the (up to) ten like-for-like runs
 * just before it; it has moved when the gap — relative to the mean of the two, as Compare judges
 * (compareWithNoise) — is larger than every noise we know of: the latest run's own spread, each
 * earlier run's own spread, and the earlier runs' run-to-run variation (the furthest any of them
 * lies from their median). And the change must be at least 10%.
 *
 * Why: a verdict sends the user to check disks or cables, so it must never fire on a figure that
 * merely wobbled. A run's spread only says how steady that one run was; two steady runs can still
 * differ from day to day, which is what the run-to-run variation catches. Without any known noise
 * (one earlier run, neither with a spread) nothing can be told from noise, so no verdict is given.
 * The median keeps one odd earlier run from setting the baseline; the last ten runs keep a change
 * that happened years ago from being judged against figures from before it, and are enough for
 * their spread to be known (with five, a history that only wobbled ±5% fired on its luckiest run
 * in the 10,000-run e2e test). Under 10% is within what a home setup varies from day to day —
 * other traffic, the NAS's own tasks — and no change anyone would notice in use.
 */
export const trendRule = { earlierRuns: 10, smallestChange: 0.1 } as const;

export type FigureKind = 'disk' | 'network' | 'share' | 'load' | 'this-computer';

/** What a figure measured, by the test name Compare gives it (shared/history/compare-runs.ts). */
export function figureKind(test: string): FigureKind {
  if (/^(Download|Upload) \(|^All links at once$/.test(test)) return 'network';
  if (/^Share (read|write)$/.test(test)) return 'share';
  if (/^Load from \d+ computers?, /.test(test)) return 'load';
  if (/^Folder /.test(test)) return 'this-computer';
  return 'disk';
}

/** The verdict on the latest point of a trend (points oldest first), or null when it stayed within its noise. */
export function trendVerdict(
  figure: { test: string; linkKind: LinkType },
  points: readonly TrendReading[],
): TrendVerdict | null {
  const latest = points.at(-1);
  const earlier = points.slice(0, -1).slice(-trendRule.earlierRuns);
  if (!latest || earlier.length === 0) return null;
  const baseline = median(earlier.map((point) => point.bytesPerSecond));
  if (baseline <= 0) return null;
  const runToRun =
    earlier.length >= 2
      ? Math.max(...earlier.map((point) => Math.abs(point.bytesPerSecond - baseline) / baseline))
      : null;
  const earlierNoise = [runToRun, ...earlier.map((point) => point.spread)].filter(isKnown);
  const difference = compareWithNoise(
    {
      value: baseline,
      // The earlier runs' noise as one spread: run-to-run variation is variation between repeats of the test.
      spread: earlierNoise.length > 0 ? { relative: Math.max(...earlierNoise), basis: 'repeats' } : null,
    },
    {
      value: latest.bytesPerSecond,
      spread: isKnown(latest.spread) ? { relative: latest.spread, basis: 'samples' } : null,
    },
  );
  if (difference.kind === 'within-noise' || difference.noise === null) return null;
  if (Math.abs(difference.percent) < trendRule.smallestChange * 100) return null;
  const direction = difference.percent < 0 ? 'slower' : 'faster';
  const subject = subjectOf(figure.test);
  const advice = direction === 'slower' ? adviceFor(figure.test, figure.linkKind) : '';
  const text =
    `${subject.words} ${subject.plural ? 'are' : 'is'} ${Math.round(Math.abs(difference.percent))}% ${direction} ` +
    `than ${whenWords(earlier, latest)}, on the same link and settings${advice ? ` — ${advice}` : ''}.`;
  return {
    text,
    direction,
    percent: difference.percent,
    runId: latest.runId,
    baselineBytesPerSecond: baseline,
    noise: difference.noise,
    earlierRuns: earlier.length,
  };
}

function isKnown(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** The figure as the subject of the sentence: "Sequential reads (SEQ1M Q8T1) on this NAS", "Downloads from this NAS". */
function subjectOf(test: string): { words: string; plural: boolean } {
  if (test.startsWith('Download (')) return { words: 'Downloads from this NAS', plural: true };
  if (test.startsWith('Upload (')) return { words: 'Uploads to this NAS', plural: true };
  if (test === 'All links at once') return { words: 'Transfers over all links at once to this NAS', plural: true };
  if (test === 'Share write') return { words: 'Share writes to this NAS', plural: true };
  if (test === 'Share read') return { words: 'Share reads from this NAS', plural: true };
  const load = /^Load from (\d+) computers?, (read|write)$/.exec(test);
  if (load) {
    const computers = Number(load[1]);
    const what = load[2] === 'write' ? 'Writes to this NAS' : 'Reads from this NAS';
    return {
      words:
        computers === 1 ? `${what} from one computer in the load test` : `${what} from ${computers} computers at once`,
      plural: true,
    };
  }
  // CrystalDiskMark's names: "SEQ1M Q8T1 read", "RND4K Q32T1 write".
  const disk = /^(SEQ|RND)(\S* \S+) (read|write)$/.exec(test);
  if (disk) {
    const kind = disk[1] === 'SEQ' ? 'Sequential' : 'Random';
    return { words: `${kind} ${disk[3] ?? ''}s (${disk[1] ?? ''}${disk[2] ?? ''}) on this NAS`, plural: true };
  }
  return { words: `“${test}” on this NAS`, plural: false };
}

/** What to check when a figure got slower: where that kind of figure is usually lost. */
function adviceFor(test: string, linkKind: LinkType): string {
  switch (figureKind(test)) {
    case 'disk':
      return 'check the disks’ health (SMART) and whether a scrub or rebuild was running';
    case 'network':
      return linkKind === 'wifi'
        ? 'check the Wi-Fi signal and channel, and the NAS’s own cable and switch port'
        : 'check the cable, the switch port and the link speed both ends agreed on';
    case 'share':
      return 'check the share (its protocol and settings, such as SMB signing or encryption) and both ends: this computer’s load, and the NAS’s disks and CPU';
    case 'load':
      return 'check the share, the network to each computer, and the NAS’s disks and CPU';
    case 'this-computer':
      return 'check this computer’s disk';
  }
}

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * "in March", "earlier in May", "from November 2025 to March", "earlier the same day": when the
 * earlier runs were, against the latest. Calendar dates in UTC, as run files store them, so a
 * report says the same wherever it is read.
 */
function whenWords(earlier: readonly TrendReading[], latest: TrendReading): string {
  const first = new Date(earlier[0]?.startedAt ?? latest.startedAt);
  const last = new Date(earlier.at(-1)?.startedAt ?? latest.startedAt);
  const now = new Date(latest.startedAt);
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const month = (date: Date) => date.getUTCFullYear() * 12 + date.getUTCMonth();
  const monthWords = (date: Date) =>
    `${monthNames[date.getUTCMonth()] ?? ''}${date.getUTCFullYear() === now.getUTCFullYear() ? '' : ` ${date.getUTCFullYear()}`}`;
  if (day(first) === day(now)) return 'earlier the same day';
  if (month(first) !== month(last)) return `from ${monthWords(first)} to ${monthWords(last)}`;
  return month(first) === month(now) ? `earlier in ${monthWords(first)}` : `in ${monthWords(first)}`;
}
