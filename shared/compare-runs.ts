import { describeLinkKind, describeLinkSpeed } from './describe-nas';
import type { RunRecord } from './runs';
import { figuresOfRun } from './verdicts';

/**
 * Compare (Wi-Fi vs Ethernet vs adapter): the same figures of 2–6 saved runs side by side, each run
 * named by the link it was measured over, and the differences against the first run said in words.
 * Pure, so the Compare view, reports and tests say the same.
 */

export interface ComparedRun {
  id: string;
  title: string;
  startedAt: string;
  /** "Wi-Fi, 866 Mb/s", "USB Ethernet adapter, 2.5 GbE (dock)"; with the NAS address when two links look alike. */
  link: string;
  tags: string[];
}

export interface ComparisonRow {
  /** "Download (NAS to this computer)", "SEQ1M Q8T1 read", "Share write". */
  test: string;
  /** Bytes per second per run, in the runs' order; null where that run did not measure it. */
  values: (number | null)[];
}

export interface Comparison {
  runs: ComparedRun[];
  rows: ComparisonRow[];
  /** One sentence per run after the first: "Ethernet adapter: +420% SEQ1M Q8T1 read, +380% download." */
  differences: string[];
}

export const compareLimits = { min: 2, max: 6 };

function linkOf(record: RunRecord): string {
  const route = record.environment.client?.route;
  if (!route || route.type === 'unknown') return 'link unknown';
  const speed = route.speedMbps ? `, ${describeLinkSpeed(route.speedMbps, route.type)}` : '';
  const kind = describeLinkKind(route.type);
  return `${kind.charAt(0).toUpperCase()}${kind.slice(1)}${speed}`;
}

/** Where the run's traffic went: the network legs' NAS addresses, else the address the run was aimed at. */
function targetsOf(record: RunRecord): string {
  const measured = record.results.flatMap((result) => (result.kind === 'network' ? result.legs : []));
  // A run that saved only its headline still has the legs it was asked for in its parameters.
  const asked = record.environment.parameters.legs;
  const legs = measured.length > 0 ? measured : Array.isArray(asked) ? (asked as unknown[]) : [];
  const targets = [...new Set(legs.flatMap((leg) => (isLeg(leg) ? [leg.target] : [])))];
  return targets.length > 0 ? targets.join(' + ') : record.environment.target;
}

function isLeg(value: unknown): value is { target: string } {
  return typeof value === 'object' && value !== null && typeof (value as { target?: unknown }).target === 'string';
}

/** "Wi-Fi, 866 Mb/s (desk)"; runs over the same kind of link are told apart by where they went. */
function linkNames(records: readonly RunRecord[]): string[] {
  const links = records.map(linkOf);
  return records.map((record, index) => {
    const link = links[index] ?? 'link unknown';
    const same = links.filter((other) => other === link).length > 1;
    const where = same ? ` to ${targetsOf(record)}` : '';
    const tags = record.tags.length > 0 ? ` (${record.tags.join(', ')})` : '';
    return `${link}${where}${tags}`;
  });
}

/** Every figure a run has, by test name, in bytes per second (network bits/s are divided by 8). */
function figuresByTest(record: RunRecord): Map<string, number> {
  const figures = figuresOfRun(record);
  const byTest = new Map<string, number>();
  if (figures.network.download !== null) byTest.set('Download (NAS to this computer)', figures.network.download / 8);
  if (figures.network.upload !== null) byTest.set('Upload (this computer to NAS)', figures.network.upload / 8);
  if (figures.network.multiLink) byTest.set('All links at once', figures.network.multiLink.bitsPerSecond / 8);
  for (const disk of figures.disks) byTest.set(disk.test, disk.bytesPerSecond);
  for (const share of figures.share) byTest.set(share.label, share.bytesPerSecond);
  return byTest;
}

function percentChange(value: number, baseline: number): string {
  const percent = Math.round(((value - baseline) / baseline) * 100);
  return `${percent >= 0 ? '+' : '−'}${Math.abs(percent)}%`;
}

export function compareRuns(records: readonly RunRecord[]): Comparison {
  const names = linkNames(records);
  const runs = records.map((record, index) => ({
    id: record.id,
    title: record.title,
    startedAt: record.startedAt,
    link: names[index] ?? 'link unknown',
    tags: record.tags,
  }));
  const figures = records.map(figuresByTest);
  const tests = [...new Set(figures.flatMap((byTest) => [...byTest.keys()]))];
  const rows = tests.map((test) => ({ test, values: figures.map((byTest) => byTest.get(test) ?? null) }));
  const differences = runs.slice(1).map((run, index) => {
    const changes = rows
      .map((row) => ({ test: row.test, base: row.values[0] ?? null, value: row.values[index + 1] ?? null }))
      .filter((change): change is { test: string; base: number; value: number } => {
        return change.base !== null && change.base > 0 && change.value !== null;
      })
      // The biggest differences first: they are what the comparison is for.
      .sort((a, b) => Math.abs(b.value / b.base - 1) - Math.abs(a.value / a.base - 1))
      .slice(0, 3)
      .map((change) => `${percentChange(change.value, change.base)} ${lowerFirst(change.test)}`);
    return changes.length > 0
      ? `${run.link}: ${changes.join(', ')} (against ${runs[0]?.link ?? 'the first run'}).`
      : `${run.link}: no test in common with ${runs[0]?.link ?? 'the first run'}.`;
  });
  return { runs, rows, differences };
}

function lowerFirst(text: string): string {
  // "SEQ1M Q8T1 read" keeps its capitals; "Download (…)" reads better mid-sentence in lower case.
  return /^[A-Z][a-z]/.test(text) ? text[0]?.toLowerCase() + text.slice(1) : text;
}
