import type { RunRecord } from '../contract/runs';
import {
  nasFindingsOf,
  nasFindingWords,
  nasGlanceOf,
  nasGlanceWords,
  type NasFindings,
  type NasVerdictId,
} from '../verdicts/nas-glance';
import { figuresOfRun, type NasViewFigure } from '../verdicts';
import { listWords } from '../verdicts/nas-views';

/**
 * Compare's "What the NAS itself did": the runs lined up per test — how busy the NAS's processor
 * was, its busiest process and drive, and what its verdicts found — so a user sees that the NAS's
 * processor was at its limit in one run and not in the other.
 */

/** One run's NAS during one test. */
export interface NasComparedCell {
  /** All cores together, 0–1, the middle of the test's seconds. */
  cpuBusy: number;
  /** "processor 97% busy", "iperf3 the busiest at 98% of a core", "drive vda busy 3%". */
  words: string[];
  /** What the NAS verdicts found in this test ("processor at its limit"), in the order of `verdicts`. */
  findings: string[];
  verdicts: NasVerdictId[];
  /** The process the processor verdict found held to a core or to its CPU quota. */
  processAtLimit: string | null;
}

export interface NasComparedRow {
  /** The test as Results names it ("Upload (this computer to the NAS)"), or {@link beforeTheTests}. */
  test: string;
  /** Per run, in the comparison's order; null where that run did not watch the NAS in this test. */
  cells: (NasComparedCell | null)[];
}

export interface NasComparison {
  rows: NasComparedRow[];
  /** A sentence per finding that some runs show and others do not, for the same test. */
  differences: string[];
}

/** The row of each run's baseline: how busy the NAS was in the seconds before its first test. */
export const beforeTheTests = 'Before the first test';

/** The runs (in the comparison's order, named by `links`) lined up per test the NAS was watched in. */
export function compareNasViews(records: readonly RunRecord[], links: readonly string[]): NasComparison {
  const views = records.map((record) => figuresOfRun(record).nasViews ?? []);
  const tests = [...new Set(views.flat().map((view) => view.test))];
  const rows = [
    { test: beforeTheTests, cells: views.map(baselineCell) },
    ...tests.map((test) => ({ test, cells: views.map((ofRun) => testCell(ofRun.find((view) => view.test === test))) })),
  ].filter((row) => row.cells.some((cell) => cell !== null));
  return { rows, differences: rows.flatMap((row) => differencesOf(row, links)) };
}

function testCell(view: NasViewFigure | undefined): NasComparedCell | null {
  const glance = view ? nasGlanceOf(view) : null;
  if (!view || !glance) return null;
  return cellOf(glance.cpuBusy, nasGlanceWords(glance), nasFindingsOf([view], 'tests'));
}

/** A run's baseline (every test of a run carries the same one), with whether it made the NAS "busy before". */
function baselineCell(views: NasViewFigure[]): NasComparedCell | null {
  const baseline = views.find((view) => view.resources.baseline)?.resources.baseline;
  if (!baseline) return null;
  const glance = { cpuBusy: baseline.cpuBusy, process: baseline.top[0] ?? null, drive: null, seconds: 0 };
  return cellOf(baseline.cpuBusy, nasGlanceWords(glance), nasFindingsOf(views, 'before'));
}

function cellOf(cpuBusy: number, words: string[], { verdicts, processAtLimit }: NasFindings): NasComparedCell {
  const findings = verdicts.map((id) => nasFindingWords(id, processAtLimit, 'short'));
  return { cpuBusy, words, findings, verdicts, processAtLimit };
}

/** "Upload (…): the NAS’s processor was at its limit in the run over Cable, not in the run over Wi-Fi." */
function differencesOf(row: NasComparedRow, links: readonly string[]): string[] {
  const watched = row.cells.flatMap((cell, index) => (cell ? [{ cell, link: links[index] ?? 'link unknown' }] : []));
  const found = [...new Set(watched.flatMap(({ cell }) => cell.verdicts))];
  return found.flatMap((id) => {
    const fired = watched.filter(({ cell }) => cell.verdicts.includes(id));
    const quiet = watched.filter(({ cell }) => !cell.verdicts.includes(id));
    if (quiet.length === 0) return [];
    const runs = (which: typeof watched) => listWords(which.map(({ link }) => `the run over ${link}`));
    const clause = nasFindingWords(id, fired[0]?.cell.processAtLimit ?? null, 'clause');
    return [`${row.test}: ${clause} in ${runs(fired)}, not in ${runs(quiet)}.`];
  });
}
