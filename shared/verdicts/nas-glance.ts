import type { NasDiskLoad, NasProcessLoad } from '../contract/nas-resources';
import { NasViewSummary, type RunRecord } from '../contract/runs';
import { median } from '../util/spread';
import {
  figuresOfRun,
  nasBusyBefore,
  nasCpuLimit,
  nasDiskBusy,
  nasDiskLagging,
  nasSwapping,
  noFigures,
  processHeldAtCpuLimit,
} from '.';
import type { NasViewFigure } from './figures';
import { busiestProcess, coresWords, drivesOf, percentWords, testSamplesOf } from './nas-views';
import type { Rule } from './rule';
import type { Verdict } from '../contract/verdict';

/**
 * What the NAS itself did during a test, at a glance: medians over the test's seconds of how busy
 * its processor was, the process that used the most and its busiest drive. Results, the report,
 * History's line and Compare all say it from here, so they never disagree.
 */
export interface NasGlance {
  /** All cores together, 0–1. */
  cpuBusy: number;
  /** The process most often at the top, with its median CPU in cores (and its quota, where it has one). */
  process: NasProcessLoad | null;
  /** The drive with the highest median busy share, 0–1. */
  drive: { name: string; busy: number } | null;
  seconds: number;
}

/** A test's glance; null when no second of it could be read. */
export function nasGlanceOf(view: Pick<NasViewFigure, 'resources' | 'testSeconds'>): NasGlance | null {
  const samples = testSamplesOf(view);
  if (samples.length === 0) return null;
  return {
    cpuBusy: median(samples.map((sample) => sample.cpuBusy)),
    process: busiestProcess(
      samples.map((sample) => sample.top[0]),
      'name',
    ),
    drive: busiestDrive(samples.map((sample) => drivesOf(sample.disks))),
    seconds: samples.length,
  };
}

/** "processor 34% busy", "smbd the busiest at 98% of a core", "drive sda busy 40%": each part known, in that order. */
export function nasGlanceWords(glance: NasGlance): string[] {
  const { process, drive } = glance;
  const quota =
    process?.cpuLimit !== undefined && process.cpuLimit < 1 ? ` of the ${coresWords(process.cpuLimit)} it may use` : '';
  return [
    `processor ${percentWords(glance.cpuBusy)} busy`,
    ...(process ? [`${process.name} the busiest at ${coresWords(process.cpu)}${quota}`] : []),
    ...(drive ? [`drive ${drive.name} busy ${percentWords(drive.busy)}`] : []),
  ];
}

/**
 * What the NAS itself did during one test, in one line for Results and the report: how busy its
 * processor was, the process that used the most (and its CPU quota, where it has one), and its
 * busiest drive. Medians over the test's seconds; null when nothing could be read.
 */
export function describeNasView(view: NasViewFigure): string | null {
  const glance = nasGlanceOf(view);
  if (!glance) {
    const why = view.resources.unreadable[0];
    return why ? `${view.test}: the NAS’s own view could not be read (${why}).` : null;
  }
  return `${view.test}: the NAS’s ${nasGlanceWords(glance).join('; ')} (the middle of ${glance.seconds} seconds).`;
}

export type NasVerdictId = NasViewSummary['verdicts'][number];

/** What the NAS verdicts found in some tests: their ids, and the process held at its CPU limit where one was. */
export interface NasFindings {
  verdicts: NasVerdictId[];
  processAtLimit: string | null;
}

/** The rules about each test's own seconds; whether the NAS was busy before is the run's, from its baseline. */
const perTestRules: Rule[] = [nasCpuLimit, nasDiskBusy, nasDiskLagging, nasSwapping];

/**
 * What the NAS verdicts find in these tests, as the run's verdicts would: no other rule outranks
 * the NAS's processor, and the others name no limit, so the run's full verdicts keep every one.
 * `tests`: only what the tests' own seconds show; `before`: only whether the NAS was busy before them.
 */
export function nasFindingsOf(views: NasViewFigure[], which: 'all' | 'tests' | 'before' = 'all'): NasFindings {
  const figures = { ...noFigures(), nasViews: views };
  const rules = { all: [...perTestRules, nasBusyBefore], tests: perTestRules, before: [nasBusyBefore] }[which];
  const ids = rules.flatMap((rule) => rule(figures, { unit: 'MB/s', comparisons: [] })).map((found) => found.id);
  const verdicts = [...new Set(ids)].filter(isNasVerdict);
  return { verdicts, processAtLimit: verdicts.includes('nas-cpu-limit') ? processHeldAtCpuLimit(figures) : null };
}

const nasVerdicts = new Set<string>(NasViewSummary.shape.verdicts.element.options);
const isNasVerdict = (id: Verdict['id']): id is NasVerdictId => nasVerdicts.has(id);

/**
 * A finding in a few words (History's line, a Compare cell: "processor at its limit"), or as a
 * sentence's clause ("the NAS’s processor was at its limit"). A process held to one core or its
 * quota is named: it is not always the busiest one.
 */
export function nasFindingWords(id: NasVerdictId, processAtLimit: string | null, form: 'short' | 'clause'): string {
  if (id === 'nas-cpu-limit' && processAtLimit)
    return form === 'short'
      ? `${processAtLimit} at its CPU limit`
      : `${processAtLimit} on the NAS was at its CPU limit`;
  return findingWords[id][form];
}

const findingWords: Record<NasVerdictId, { short: string; clause: string }> = {
  'nas-cpu-limit': { short: 'processor at its limit', clause: 'the NAS’s processor was at its limit' },
  'nas-disk-busy': { short: 'drives at their limit', clause: 'the NAS’s drives were at their limit' },
  'nas-disk-lagging': { short: 'a drive lagging', clause: 'one of the NAS’s drives lagged the others' },
  'nas-swapping': { short: 'swapping', clause: 'the NAS swapped' },
  'nas-busy-before': { short: 'busy before the test', clause: 'the NAS was already busy' },
};

/**
 * What History keeps of what the NAS did during a run: the test where its processor was busiest
 * (its median share there and that test's busiest process), its busiest drive over all the tests,
 * and what the NAS verdicts found. Shares and cores to a hundredth (whole percents): 10,000 runs are listed.
 */
export function summarizeNasViews(record: RunRecord): NasViewSummary | null {
  const views = figuresOfRun(record).nasViews ?? [];
  const glances = views.flatMap((view) => nasGlanceOf(view) ?? []);
  const busiest = [...glances].sort((a, b) => b.cpuBusy - a.cpuBusy)[0];
  if (!busiest) return null;
  const drive = glances
    .flatMap((glance) => glance.drive ?? [])
    .sort((a, b) => b.busy - a.busy)
    .at(0);
  const { process } = busiest;
  const { verdicts, processAtLimit } = nasFindingsOf(views);
  return {
    cpuBusy: hundredths(busiest.cpuBusy),
    process: process ? { name: process.name, cpu: hundredths(process.cpu) } : null,
    drive: drive ? { name: drive.name, busy: hundredths(drive.busy) } : null,
    verdicts,
    ...(processAtLimit ? { processAtLimit } : {}),
  };
}

const hundredths = (value: number) => Math.round(value * 100) / 100;

/** History's line for a run: "NAS: processor 34% busy, smbd busiest; processor at its limit". */
export function nasSummaryLine(summary: NasViewSummary): string {
  const process = summary.process ? `, ${summary.process.name} busiest` : '';
  const findings = summary.verdicts.map((id) => nasFindingWords(id, summary.processAtLimit ?? null, 'short'));
  return `NAS: processor ${percentWords(summary.cpuBusy)} busy${process}${findings.length ? `; ${findings.join(', ')}` : ''}`;
}

/** The drive with the highest median busy share. */
function busiestDrive(
  perSecond: readonly Pick<NasDiskLoad, 'name' | 'busy'>[][],
): { name: string; busy: number } | null {
  const names = [...new Set(perSecond.flat().map((drive) => drive.name))];
  const busy = names.map((name) => ({
    name,
    busy: median(perSecond.map((drives) => drives.find((drive) => drive.name === name)?.busy ?? 0)),
  }));
  return busy.sort((a, b) => b.busy - a.busy)[0] ?? null;
}
