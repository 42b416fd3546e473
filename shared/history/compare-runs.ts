import { describeSession } from '../kinds/copy/share-session';
import type { Spread } from '../contract/figure-quality';
import type { RunRecord } from '../contract/runs';
import { compareNasViews, type NasComparison } from './compare-nas';
import { compareInWords } from './compare-words';
import { describeLinkKind, describeLinkSpeed } from '../words/describe-nas';
import { describeRunLink } from '../kinds/copy/share-path';
import { compareTwoRuns, formatChange } from '../words/spread';
import { figuresOfRun } from '../verdicts';
import { descriptorOf, resultsOfKind } from '../kinds';

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
  /** How steady each figure was; null where it was not measured (older runs). */
  spreads: (Spread | null)[];
  /** What a reader must know about each figure ("SMB", "over eth0, not wlan0"); '' for nothing. */
  notes: string[];
  /** Figures that are not like for like with the row's others (a share reached over another link): not compared. */
  apart: boolean[];
}

export interface Comparison {
  runs: ComparedRun[];
  rows: ComparisonRow[];
  /** A sentence per direction for each run after the first: how copies compare, and the part that changed. */
  inWords: string[];
  /** One sentence per run after the first: "Ethernet adapter: +420% SEQ1M Q8T1 read, +380% download." */
  differences: string[];
  /** Figures the comparison does not set side by side, and why (a share mounted over another link). */
  warnings: string[];
  /** What the NAS itself did in each run, per test. */
  nas: NasComparison;
}

export const compareLimits = { min: 2, max: 6 };

function linkOf(record: RunRecord): string {
  // A connection the user named is called what they called it.
  if (record.connection?.named) return record.connection.name;
  const route = record.environment.client?.route;
  if (!route || route.type === 'unknown') return 'link unknown';
  // A virtual link's speed (a veth's 10 Gb/s) is a placeholder, never shown as a speed.
  const speed =
    route.speedMbps && route.type !== 'virtual' ? `, ${describeLinkSpeed(route.speedMbps, route.type)}` : '';
  const kind = describeLinkKind(route.type);
  return `${kind.charAt(0).toUpperCase()}${kind.slice(1)}${speed}`;
}

/** Where the run's traffic went: the network legs' NAS addresses, else the address the run was aimed at. */
function targetsOf(record: RunRecord): string {
  const measured = resultsOfKind(record.results, 'network').flatMap((result) => result.legs);
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
    // A tag that is the link's own name (Compare connections tags its run so) is not said twice.
    const shown = record.tags.filter((tag) => tag.toLowerCase() !== link.toLowerCase());
    const tags = shown.length > 0 ? ` (${shown.join(', ')})` : '';
    return `${link}${where}${tags}`;
  });
}

export interface ComparedFigure {
  value: number;
  spread: Spread | null;
  note: string;
  apart: boolean;
}

/**
 * Every figure a run has, by test name, in bytes per second (network bits/s are divided by 8). Share
 * copies line up by direction whatever the protocol, so the same share mounted over SMB and over NFS
 * compares; a folder on this computer's own disk gets a row of its own, and a share reached over
 * another link than the run's stays in its row marked apart.
 */
export function figuresByTest(record: RunRecord): Map<string, ComparedFigure> {
  const figures = figuresOfRun(record);
  const byTest = new Map<string, ComparedFigure>();
  const put = (test: string, value: number, spread: Spread | undefined, note = '', apart = false) =>
    byTest.set(test, { value, spread: spread ?? null, note, apart });
  const { network } = figures;
  if (network.download !== null)
    put('Download (NAS to this computer)', network.download / 8, network.spreads?.download);
  if (network.upload !== null) put('Upload (this computer to NAS)', network.upload / 8, network.spreads?.upload);
  if (network.multiLink) put('All links at once', network.multiLink.bitsPerSecond / 8, network.spreads?.multiLink);
  for (const disk of figures.disks) put(disk.test, disk.bytesPerSecond, disk.spread);
  for (const share of figures.share) put(`Share ${share.op}`, share.bytesPerSecond, share.spread, share.protocol ?? '');
  // What a kind compares from the result itself (a load test's computers), in the results' order.
  for (const result of record.results)
    for (const [test, figure] of descriptorOf(result).compareFigures(result)) byTest.set(test, figure);
  for (const share of figures.shareApart) {
    if (share.place.kind === 'other-link') {
      const { shareInterface } = share.place.link;
      const not = describeRunLink(share.place.link);
      put(`Share ${share.op}`, share.bytesPerSecond, share.spread, `over ${shareInterface}, not ${not}`, true);
    } else {
      const where = share.place.kind === 'memory' ? 'in memory' : 'on this computer’s disk';
      put(`Folder ${where}, ${share.op}`, share.bytesPerSecond, share.spread);
    }
  }
  return byTest;
}

/** Why a run's share figures are not compared, in a sentence per run that has such figures. */
function warningsOf(record: RunRecord, link: string): string[] {
  const apart = figuresOfRun(record).shareApart;
  const other = apart.find((share) => share.place.kind === 'other-link');
  const local = apart.find((share) => share.place.kind !== 'other-link');
  const warnings: string[] = [];
  if (other?.place.kind === 'other-link') {
    const { shareInterface } = other.place.link;
    warnings.push(
      `${link}: its share copy went over ${shareInterface}, not over ${describeRunLink(other.place.link)} ` +
        'that its network tests used, so its share figures are not compared as figures of that link.',
    );
  }
  if (local) {
    const where = local.place.kind === 'memory' ? 'in this computer’s memory' : 'on this computer’s own disk';
    warnings.push(
      `${link}: its copy test ran in a folder ${where}, not on a NAS share, so it is not compared with share figures.`,
    );
  }
  return warnings;
}

/** How a run's share was reached, in words ("SMB 3.1.1, signed, not encrypted"), when its copy reached one. */
export function shareProtocolOf(record: RunRecord): string | null {
  const share = figuresOfRun(record).share[0];
  if (!share) return null;
  return share.session ? describeSession(share.session) : (share.protocol ?? null);
}

/**
 * Runs whose shares were reached by different protocols or session terms (SMB against NFS, signed
 * against not): their share figures differ by that too, not only by the link, and the comparison says so.
 */
function protocolWarnings(records: readonly RunRecord[], links: readonly string[]): string[] {
  const protocols = records.map(shareProtocolOf);
  const known = protocols.flatMap((protocol, index) => (protocol ? [{ protocol, link: links[index] ?? '' }] : []));
  if (new Set(known.map((run) => run.protocol)).size < 2) return [];
  return [
    `Their shares were not reached the same way — ${known.map((run) => `${run.link}: ${run.protocol}`).join('; ')} — ` +
      'so the share figures differ by protocol as well as by link.',
  ];
}

/**
 * Two to six runs side by side, the earliest the baseline whichever was picked first: ticking Wi-Fi
 * before cable must not turn "−80%" into "+377%" (seen by a new user, issue #34).
 */
export function compareRuns(picked: readonly RunRecord[]): Comparison {
  const records = [...picked].sort((a, b) => Date.parse(a.startedAt) - Date.parse(b.startedAt));
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
  const rows = tests.map((test) => {
    const cells = figures.map((byTest) => byTest.get(test) ?? null);
    return {
      test,
      values: cells.map((cell) => cell?.value ?? null),
      spreads: cells.map((cell) => cell?.spread ?? null),
      notes: cells.map((cell) => cell?.note ?? ''),
      apart: cells.map((cell) => cell?.apart ?? false),
    };
  });
  const baseline = runs[0]?.link ?? 'the first run';
  const differences = runs.slice(1).map((run, index) => {
    const changes = rows
      .flatMap((row) => {
        const base = figures[0]?.get(row.test);
        const other = figures[index + 1]?.get(row.test);
        if (!base || !other || base.value <= 0 || base.apart || other.apart) return [];
        return [{ row, base, other, difference: compareTwoRuns(base, other) }];
      })
      // The biggest real differences first: they are what the comparison is for; the noise last.
      .sort(
        (a, b) =>
          Number(a.difference.kind === 'within-noise') - Number(b.difference.kind === 'within-noise') ||
          b.difference.relativeDifference - a.difference.relativeDifference,
      )
      .slice(0, 3)
      .map(({ row, base, other, difference }) => {
        const test = lowerFirst(row.test);
        const protocols =
          base.note && other.note && base.note !== other.note ? ` (${other.note} against ${base.note})` : '';
        return difference.kind === 'within-noise'
          ? `${test}${protocols} the same within the noise (${formatChange(difference.percent)}, while the figures ` +
              `varied ±${Math.round(difference.noise * 100)}%)`
          : `${formatChange(difference.percent)} ${test}${protocols}`;
      });
    return changes.length > 0
      ? `${run.link}: ${changes.join(', ')} (against ${baseline}).`
      : `${run.link}: no test in common with ${baseline}.`;
  });
  const warnings = [
    ...records.flatMap((record, index) => warningsOf(record, runs[index]?.link ?? 'link unknown')),
    ...protocolWarnings(
      records,
      runs.map((run) => run.link),
    ),
  ];
  return {
    runs,
    rows,
    inWords: compareInWords(records, names),
    differences,
    warnings,
    nas: compareNasViews(records, names),
  };
}

function lowerFirst(text: string): string {
  // "SEQ1M Q8T1 read" keeps its capitals; "Download (…)" reads better mid-sentence in lower case.
  return /^[A-Z][a-z]/.test(text) ? text[0]?.toLowerCase() + text.slice(1) : text;
}
