import type { NasDiskLoad } from '../../contract/nas-resources';
import { mean, median } from '../../util/spread';
import type { NasViewFigure } from '../figures';
import { rate } from '../links';
import { apartWords, drivesOf, listWords, percentFigure, percentWords, samplesOf, viewLimit } from '../nas-views';
import type { Rule } from '../rule';
import type { Verdict } from '../../contract/verdict';

/** "Near 100%": a drive with a request in flight this much of the time has no idle time left to give. */
const busyShare = 0.9;
/** A lagging drive is at least twice as busy (or slow) as the median of its siblings… */
const lagFactor = 2;
/** …by a real margin: a fifth of the time, or 5 ms a request; under that it is noise between healthy drives. */
const lagBusyMargin = 0.2;
const lagWaitMarginMs = 5;

/**
 * The NAS's drives were the limit: one of them busy near 100% through most of a test. For a disk
 * test that is the answer it should give (a fact); for a network or copy test it means the copy
 * waited on the drives.
 */
export const nasDiskBusy: Rule = (figures, { unit }) => {
  const findings = (figures.nasViews ?? []).flatMap((view) => {
    const samples = samplesOf(view);
    const drives = perDrive(samples.map((sample) => drivesOf(sample.disks)));
    const busiest = drives
      .map((drive) => ({ ...drive, busy: median(drive.loads.map((load) => load.busy)) }))
      .sort((a, b) => b.busy - a.busy);
    const full = busiest.filter((drive) => drive.busy >= busyShare);
    return full.length > 0 ? [{ view, full }] : [];
  });
  const strongest = findings.sort((a, b) => (b.full[0]?.busy ?? 0) - (a.full[0]?.busy ?? 0))[0];
  const drive = strongest?.full[0];
  if (!strongest || !drive) return [];
  const { view } = strongest;
  const written = median(drive.loads.map((load) => load.writeBytesPerSecond));
  const read = median(drive.loads.map((load) => load.readBytesPerSecond));
  const others = strongest.full.slice(1).map((other) => `${other.name} ${percentWords(other.busy)}`);
  const load =
    `${drive.name} was busy ${percentWords(drive.busy)} of the time ` +
    `(${written >= read ? `writing ${rate(written, unit)}` : `reading ${rate(read, unit)}`}, ` +
    `${median(drive.loads.map((one) => one.queue)).toFixed(1)} requests queued on average)` +
    (others.length > 0 ? `; also ${listWords(others)}` : '');
  // Only a test that moved files through the drives was held back by them, and only on this run's own path.
  const limit = view.kind === 'disk' || view.kind === 'network' ? undefined : viewLimit(view, 'disks');
  return [
    {
      id: 'nas-disk-busy',
      severity: view.kind === 'disk' ? 'info' : limit ? 'problem' : 'warn',
      text: busyWords(view, load, limit !== undefined),
      ...(limit ? { limit } : {}),
      figures: {
        busyPercent: percentFigure(drive.busy),
        readBytesPerSecond: read,
        writeBytesPerSecond: written,
        busyDrives: strongest.full.length,
      },
    },
  ];
};

/** The busy drives in words: the limit only where they held this run's copies back. */
function busyWords(view: NasViewFigure, load: string, limited: boolean): string {
  if (view.kind === 'disk')
    return `The NAS’s drives worked at their full pace during ${view.test}: ${load}. That is what a disk test should show: the figure is what these drives can do.`;
  if (view.kind === 'network')
    return (
      `The NAS’s drives were busy during ${view.test}: ${load}. A network test does not use them, so other work on the NAS ` +
      'kept them busy: it did not hold this figure back, but copies made meanwhile would wait on the drives.'
    );
  if (!limited)
    return `The NAS’s drives were busy during ${view.test}: ${load}: that copy waited on the drives.${apartWords}`;
  return (
    `The NAS’s drives were the limit during ${view.test}: ${load}. The copy waited on the drives: faster drives, ` +
    'more drives working together (RAID 0, 5 or 10), or an SSD cache would make it faster.'
  );
}

/**
 * One drive of an array lags its siblings: it is busy, or its requests wait, at least twice the
 * median of the others', while the array works. A failing drive retrying reads, or an SMR drive in
 * a RAID, holds the whole array to its pace. Arrays are the NAS's own (md, btrfs) where known,
 * else the drives that worked during the test.
 */
export const nasDiskLagging: Rule = (figures) => {
  const verdicts = new Map<string, Verdict>();
  for (const view of figures.nasViews ?? []) {
    for (const lag of laggingDrives(view)) if (!verdicts.has(lag.name)) verdicts.set(lag.name, lagVerdict(view, lag));
  }
  return [...verdicts.values()];
};

interface DriveLoads {
  name: string;
  loads: NasDiskLoad[];
}

interface Lag {
  name: string;
  busy: number;
  waitMs: number | null;
  siblings: string[];
  siblingsBusy: number;
  siblingsWaitMs: number | null;
}

function laggingDrives(view: NasViewFigure): Lag[] {
  const samples = samplesOf(view);
  const all = perDrive(samples.map((sample) => drivesOf(sample.disks)));
  const worked = (drive: DriveLoads) =>
    drive.loads.filter((load) => load.readBytesPerSecond + load.writeBytesPerSecond > 0).length >= samples.length / 2;
  const arrays = view.resources.arrays?.length
    ? view.resources.arrays.map((array) => all.filter((drive) => array.members.includes(drive.name)))
    : [all.filter(worked)];
  return arrays.flatMap((members) => {
    if (members.length < 2) return [];
    const measured = members.map((drive) => ({
      name: drive.name,
      busy: mean(drive.loads.map((load) => load.busy)),
      waitMs: meanOrNull(drive.loads.map((load) => load.waitMs ?? null)),
    }));
    return measured.flatMap((drive) => {
      const siblings = measured.filter((other) => other !== drive);
      const siblingsBusy = median(siblings.map((other) => other.busy));
      const waits = siblings.flatMap((other) => (other.waitMs === null ? [] : [other.waitMs]));
      const siblingsWaitMs = waits.length > 0 ? median(waits) : null;
      const busier = drive.busy >= lagFactor * siblingsBusy && drive.busy - siblingsBusy >= lagBusyMargin;
      const slower =
        drive.waitMs !== null &&
        siblingsWaitMs !== null &&
        drive.waitMs >= lagFactor * siblingsWaitMs &&
        drive.waitMs - siblingsWaitMs >= lagWaitMarginMs;
      if (!busier && !slower) return [];
      return [{ ...drive, siblings: siblings.map((other) => other.name), siblingsBusy, siblingsWaitMs }];
    });
  });
}

function lagVerdict(view: NasViewFigure, lag: Lag): Verdict {
  const waits =
    lag.waitMs !== null && lag.siblingsWaitMs !== null
      ? `; each request took ${lag.waitMs.toFixed(1)} ms on it against ${lag.siblingsWaitMs.toFixed(1)} ms`
      : '';
  return {
    id: 'nas-disk-lagging',
    severity: 'problem',
    text:
      `One drive is slower than the others in its array: ${lag.name} was busy ${percentWords(lag.busy)} of the time during ` +
      `${view.test}, ${listWords(lag.siblings)} ${percentWords(lag.siblingsBusy)} (median)${waits}. One slow drive holds the ` +
      'whole array to its pace. Check its health in the NAS’s storage manager (SMART: reallocated or pending sectors, ' +
      'errors), and whether it is an SMR model, which is slow at long writes in a RAID; replace it with a CMR (NAS-rated) drive.',
    figures: {
      busyPercent: percentFigure(lag.busy),
      siblingsBusyPercent: percentFigure(lag.siblingsBusy),
      ...(lag.waitMs !== null ? { waitMs: Math.round(lag.waitMs * 10) / 10 } : {}),
      ...(lag.siblingsWaitMs !== null ? { siblingsWaitMs: Math.round(lag.siblingsWaitMs * 10) / 10 } : {}),
      drives: lag.siblings.length + 1,
    },
  };
}

/** Each drive's load in every sample it appears in. */
function perDrive(perSample: readonly NasDiskLoad[][]): DriveLoads[] {
  const drives = new Map<string, NasDiskLoad[]>();
  for (const disks of perSample)
    for (const disk of disks) drives.set(disk.name, [...(drives.get(disk.name) ?? []), disk]);
  return [...drives].map(([name, loads]) => ({ name, loads }));
}

function meanOrNull(values: readonly (number | null)[]): number | null {
  const known = values.flatMap((value) => (value === null ? [] : [value]));
  return known.length > 0 ? mean(known) : null;
}
