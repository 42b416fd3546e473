import { LinkType } from '../contract/probe';
import type { RunSummary } from '../contract/runs';
import { describeLinkKind } from '../words/describe-nas';
import { describeRunLink } from './run-summary';
import { figureKind, trendVerdict, type TrendReading, type TrendVerdict } from './trend-verdict';

/**
 * How each NAS changed over time: its figures per test across its saved runs, from History's
 * summaries alone (no run file is read). A NAS is known by its host key, so it is one NAS at any
 * address; only like-for-like runs (the same plan, kind of link and settings: RunSummary.likeFor)
 * share a trend, so a run over Wi-Fi never sits on the same line as one over a cable.
 */

export interface NasInHistory {
  /** Its host key (or, for runs that did not record one, its address): RunSummary.nas.key. */
  key: string;
  /** As its newest run named it. */
  name: string;
  /** Finished runs of it. */
  runs: number;
  lastRunAt: string;
}

export interface TrendPoint extends TrendReading {
  /** startedAt in milliseconds since 1970, for a time axis. */
  at: number;
  tags: string[];
}

/** A tag where it first appears along a trend: "NVMe cache added" from that run on. */
export interface TrendMarker {
  runId: string;
  at: number;
  label: string;
}

export interface Trend {
  /** "Download (NAS to this computer)", "SEQ1M Q8T1 read", "Share write": the names Compare lines up. */
  test: string;
  /** Runs with the same value compare like for like (RunSummary.likeFor). */
  likeFor: string;
  /** "Quick check", "Disk test". */
  plan: string;
  /** "Ethernet", "Wi-Fi", "USB Ethernet adapter". */
  link: string;
  /** "SEQ1M Q8T1 read · Quick check · Ethernet": tells the NAS's trends apart. */
  label: string;
  /** Oldest first. */
  points: TrendPoint[];
  markers: TrendMarker[];
  /** When the latest figure moved beyond its noise against the earlier runs; null otherwise. */
  verdict: TrendVerdict | null;
}

const planWords: Record<string, string> = {
  quick: 'Quick check',
  'cached-vs-uncached': 'Cached vs uncached',
  'bonded-link': 'Bonded link',
  'compare-connections': 'Compare connections',
  'disk-sweep': 'Disk sweep',
  custom: 'Custom plan',
  disk: 'Disk test',
  network: 'Network test',
  'share-copy': 'Share copy test',
  load: 'Load test',
  demo: 'Demo',
};

/** "Quick check"; a plan this version does not know keeps its own name. */
export function describePlan(plan: string): string {
  return planWords[plan] ?? plan;
}

/** Runs that can be on a trend: finished, of a known NAS, with figures and what they compare with. */
function trendable(summary: RunSummary): summary is RunSummary & {
  nas: NonNullable<RunSummary['nas']>;
  figures: NonNullable<RunSummary['figures']>;
  likeFor: string;
} {
  // A failed or cancelled run's figures are of a test cut short: not what the NAS does.
  return summary.status === 'completed' && !!summary.nas && !!summary.figures && summary.likeFor !== undefined;
}

const timeOf = (summary: Pick<RunSummary, 'startedAt'>) => Date.parse(summary.startedAt);
/** Oldest first; runs started in the same millisecond by id, so the order never depends on the list's. */
const byTime = (a: RunSummary, b: RunSummary) => timeOf(a) - timeOf(b) || a.id.localeCompare(b.id);

/** The NASes in a history, the one measured most recently first. */
export function nasesInHistory(summaries: readonly RunSummary[]): NasInHistory[] {
  const nases = new Map<string, NasInHistory>();
  for (const summary of [...summaries].sort(byTime).reverse()) {
    if (!trendable(summary)) continue;
    const known = nases.get(summary.nas.key);
    if (known) known.runs += 1;
    else nases.set(summary.nas.key, { ...summary.nas, runs: 1, lastRunAt: summary.startedAt });
  }
  return [...nases.values()];
}

/**
 * A NAS's trends: its finished runs grouped by what they compare like for like and by test, each
 * group of two runs or more a trend. The trends of its latest runs come first, in the order the
 * run lists its figures.
 */
export function trendsOfNas(summaries: readonly RunSummary[], nasKey: string): Trend[] {
  const groups = new Map<string, { test: string; runs: { summary: RunSummary; point: TrendPoint }[] }>();
  const runs = summaries.filter(trendable).filter((summary) => summary.nas.key === nasKey);
  for (const summary of runs.sort(byTime).reverse()) {
    for (const figure of summary.figures) {
      // A folder on this computer measures this computer, not the NAS.
      if (figureKind(figure.test) === 'this-computer') continue;
      const key = JSON.stringify([summary.likeFor, figure.test]);
      const group = groups.get(key) ?? { test: figure.test, runs: [] };
      group.runs.push({
        summary,
        point: {
          runId: summary.id,
          startedAt: summary.startedAt,
          at: timeOf(summary),
          bytesPerSecond: figure.bytesPerSecond,
          spread: figure.spread,
          tags: summary.tags,
        },
      });
      groups.set(key, group);
    }
  }
  const trends = [...groups.values()]
    .filter((group) => group.runs.length >= 2)
    .map(({ test, runs: newestFirst }) => {
      const latest = newestFirst[0]?.summary;
      const points = newestFirst.map((run) => run.point).reverse();
      const linkKind = LinkType.catch('unknown').parse(latest?.clientLink ?? 'unknown');
      const plan = describePlan(latest?.plan ?? '');
      const link = linkWords(linkKind, latest?.connection);
      return {
        test,
        likeFor: latest?.likeFor ?? '',
        plan,
        link,
        // Share figures over SMB and over NFS are trends of their own: the label says which.
        label: `${test}${figureKind(test) === 'share' && latest?.share ? ` over ${latest.share}` : ''} · ${plan} · ${link}`,
        points,
        markers: tagMarkers(points),
        verdict: trendVerdict({ test, linkKind }, points),
      };
    });
  return withDistinctLabels(trends);
}

/**
 * The trends of a run's NAS that the run is on, as they stood when it ran: later runs left out,
 * so the run is each trend's latest point and any verdict is about it (what its report shows).
 */
export function trendsOfRun(summaries: readonly RunSummary[], runId: string): Trend[] {
  const run = summaries.find((summary) => summary.id === runId);
  if (!run || !trendable(run)) return [];
  const upToRun = summaries.filter((summary) => byTime(summary, run) <= 0);
  return trendsOfNas(upToRun, run.nas.key).filter((trend) => trend.points.at(-1)?.runId === runId);
}

export interface TrendVerdictLine {
  text: string;
  direction: TrendVerdict['direction'];
  /** The trend it is about (Trend.label). */
  label: string;
}

/**
 * The trends' verdicts, in the trends' order. The sentence says "on the same link and settings",
 * so when two trends say the same (one test over Wi-Fi and over a cable), each names its trend.
 */
export function verdictLines(trends: readonly Trend[]): TrendVerdictLine[] {
  const verdicts = trends.flatMap((trend) => (trend.verdict ? [{ ...trend.verdict, label: trend.label }] : []));
  const shared = (text: string) => verdicts.filter((verdict) => verdict.text === text).length > 1;
  return verdicts.map(({ text, direction, label }) => ({
    text: shared(text) ? `${label}: ${text}` : text,
    direction,
    label,
  }));
}

/** "Wi-Fi", or by the name the user gave the connection as History's line says it: "Laptop on the sofa (Wi-Fi)". */
function linkWords(kind: LinkType, connection: string | undefined): string {
  const words = kind === 'unknown' ? 'link unknown' : describeLinkKind(kind);
  const capital = `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
  const named = connection ? describeRunLink({ clientLink: kind, connection }) : null;
  return named && named.toLowerCase() !== connection?.toLowerCase() ? named : capital;
}

/** Each tag at the first point that has it, so a tag kept on every later run is one marker, not many. */
export function tagMarkers(points: readonly TrendPoint[]): TrendMarker[] {
  return points.flatMap((point, index) => {
    const before = new Set((points[index - 1]?.tags ?? []).map((tag) => tag.toLowerCase()));
    const added = point.tags.filter((tag) => !before.has(tag.toLowerCase()));
    return added.length > 0 ? [{ runId: point.runId, at: point.at, label: added.join(', ') }] : [];
  });
}

/** Two trends of one test, plan and link differ by their settings: named by when each began. */
function withDistinctLabels(trends: Trend[]): Trend[] {
  const counts = new Map<string, number>();
  for (const trend of trends) counts.set(trend.label, (counts.get(trend.label) ?? 0) + 1);
  return trends.map((trend) =>
    (counts.get(trend.label) ?? 0) > 1
      ? { ...trend, label: `${trend.label} · settings of ${formatDay(trend.points[0]?.startedAt ?? '')}` }
      : trend,
  );
}

const shortMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "12 Mar 2026", in UTC as run files store times, so reports read the same anywhere. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getUTCDate()} ${shortMonths[date.getUTCMonth()] ?? ''} ${date.getUTCFullYear()}`;
}
