import { median } from '../util/spread';
import type { NasViewFigure } from './verdicts/figures';
import { coresWords, drivesOf, percentWords } from './verdicts/nas-views';

/**
 * What the NAS itself did during one test, in one line for Results and the report: how busy its
 * processor was, the process that used the most (and its CPU quota, where it has one), and its
 * busiest drive. Medians over the test's seconds; null when nothing could be read.
 */
export function describeNasView(view: NasViewFigure): string | null {
  const { samples } = view.resources;
  if (samples.length === 0) {
    const why = view.resources.unreadable[0];
    return why ? `${view.test}: the NAS’s own view could not be read (${why}).` : null;
  }
  const parts = [`processor ${percentWords(median(samples.map((sample) => sample.cpuBusy)))} busy`];
  const busiest = busiestProcess(samples.map((sample) => sample.top[0]));
  if (busiest) {
    const quota =
      busiest.cpuLimit !== undefined && busiest.cpuLimit < 1
        ? ` of the ${coresWords(busiest.cpuLimit)} it may use`
        : '';
    parts.push(`${busiest.name} the busiest at ${coresWords(busiest.cpu)}${quota}`);
  }
  const drive = busiestDrive(samples.map((sample) => drivesOf(sample.disks)));
  if (drive) parts.push(`drive ${drive.name} busy ${percentWords(drive.busy)}`);
  return `${view.test}: the NAS’s ${parts.join('; ')} (the middle of ${samples.length} seconds).`;
}

type Process = NasViewFigure['resources']['samples'][number]['top'][number];
type Drive = NasViewFigure['resources']['samples'][number]['disks'][number];

/** The process most often at the top, with its median CPU. */
function busiestProcess(tops: readonly (Process | undefined)[]): Process | null {
  const byName = new Map<string, Process[]>();
  for (const top of tops) if (top) byName.set(top.name, [...(byName.get(top.name) ?? []), top]);
  const seen = [...byName.values()].sort((a, b) => b.length - a.length)[0];
  const first = seen?.[0];
  return seen && first ? { ...first, cpu: median(seen.map((process) => process.cpu)) } : null;
}

/** The drive with the highest median busy share. */
function busiestDrive(perSecond: readonly Drive[][]): { name: string; busy: number } | null {
  const names = [...new Set(perSecond.flat().map((drive) => drive.name))];
  const busy = names.map((name) => ({
    name,
    busy: median(perSecond.map((drives) => drives.find((drive) => drive.name === name)?.busy ?? 0)),
  }));
  return busy.sort((a, b) => b.busy - a.busy)[0] ?? null;
}
