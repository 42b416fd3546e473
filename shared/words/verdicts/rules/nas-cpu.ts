import { unsteadyAbove } from '../../../contract/figure-quality';
import type { NasProcessLoad } from '../../../contract/nas-resources';
import { median, steadyPart } from '../../../util/spread';
import type { RateUnit } from '../../../util/units';
import type { Figures, NasViewFigure } from '../figures';
import { rate } from '../links';
import { coresWords, percentFigure, percentWords, processAdvice, samplesOf } from '../nas-views';
import type { Rule, Verdict } from '../verdict';

/** "Near 100%": all cores this busy for half the test leave nothing for the test to grow into. */
const fullShare = 0.9;
/** A process at this share of what it may use (a core, or its cgroup's quota) is held by the CPU. */
const peggedShare = 0.9;
/** In at least this share of the test's seconds: a pegged second now and then is a burst, not a limit. */
const mostSeconds = 0.6;
/** /proc counts CPU time in hundredths of a second: over one second a reading is ±0.01 of a core. */
const tick = 0.01;
/**
 * All cores busy is the NAS's own limit when what it runs explains it: its busiest process holds at
 * least this much of a core (or all of its CPU quota). Busy cores with no process of the NAS's to
 * show for it are some other system's work on shared cores (a VM's host, a container's neighbours).
 */
const explainsBusyCores = 0.25;

interface Finding {
  view: NasViewFigure;
  /** How strongly it shows, to pick one test when several do. */
  weight: number;
  verdict: Verdict;
  /** The one process held to a core or to its CPU quota; null when all cores were full. */
  held: string | null;
}

/**
 * The NAS's processor is the limit: all its cores near 100%, or one process holding one core (or
 * the CPU quota of its cgroup) full while the test's rate stayed flat — most SMB and iperf3 work
 * runs on one thread per connection, so one busy core caps a copy while the others idle. Named for
 * the test where it shows most, with the process and what to do about it.
 */
export const nasCpuLimit: Rule = (figures, { unit }) => {
  const strongest = strongestFinding(figures, unit);
  return strongest ? [strongest.verdict] : [];
};

/**
 * The process the CPU verdict finds held to one core or to its CPU quota, for the places that name
 * it in a few words (History, Compare): not always the busiest process — iperf3 held to 5% of a core
 * uses less than the NAS's other work. Null when the verdict is about all cores being full, or does not fire.
 */
export function processHeldAtCpuLimit(figures: Figures): string | null {
  return strongestFinding(figures, 'MB/s')?.held ?? null;
}

function strongestFinding(figures: Figures, unit: RateUnit): Finding | undefined {
  const findings = (figures.nasViews ?? []).flatMap((view) => {
    const all = allCoresFull(view, unit);
    return all ? [all] : oneCorePegged(view, unit);
  });
  return findings.sort((a, b) => b.weight - a.weight)[0];
}

function allCoresFull(view: NasViewFigure, unit: RateUnit): Finding | null {
  const samples = samplesOf(view);
  const busy = median(samples.map((sample) => sample.cpuBusy));
  if (samples.length === 0 || busy < fullShare) return null;
  const busiest = busiestProcess(samples.map((sample) => sample.top[0]));
  const atQuota = busiest?.cpuLimit !== undefined && busiest.cpu >= busiest.cpuLimit - tick;
  if (!busiest || (busiest.cpu < explainsBusyCores && !atQuota)) return null;
  const flat = heldRate(view.rates);
  return {
    view,
    weight: 1 + busy,
    held: null,
    verdict: {
      id: 'nas-cpu-limit',
      severity: 'problem',
      text:
        `The NAS’s processor is the limit: all its cores were ${percentWords(busy)} busy during ${view.test}` +
        `, ${busiest.name} using the most (${coresWords(busiest.cpu)})` +
        (flat ? `, while the rate held at ${rate(flat, unit)}` : '') +
        `. ${processAdvice(busiest.name)}`,
      limit: { part: 'nas-processor', ops: opsOf(view) },
      figures: {
        cpuBusyPercent: percentFigure(busy),
        processCpuPercent: percentFigure(busiest.cpu),
        ...(flat ? { bytesPerSecond: flat } : {}),
        seconds: samples.length,
      },
    },
  };
}

function oneCorePegged(view: NasViewFigure, unit: RateUnit): Finding[] {
  const samples = samplesOf(view);
  const flat = heldRate(view.rates);
  if (samples.length === 0 || flat === null) return [];
  const pegged = samples.flatMap((sample) =>
    sample.top.filter((process) => {
      const room = Math.min(1, process.cpuLimit ?? 1);
      // Without a quota its core must show it too: 0.9 of a core spread over two is no limit.
      const full = process.cpuLimit !== undefined || sample.coreMax >= peggedShare;
      // Under a quota the group's processes share it: the group at its quota holds every one of them.
      const used = process.cpuLimit !== undefined ? Math.max(process.cpu, process.groupCpu ?? 0) : process.cpu;
      // Within a tick of 90% of its room: /proc counts in ticks, so a process held to 2.5% of a core
      // reads 0.02 or 0.03 in a second.
      return full && used >= peggedShare * room - tick;
    }),
  );
  const busiest = busiestProcess(pegged);
  if (!busiest) return [];
  const seconds = pegged.filter((process) => (process.pid ?? process.name) === (busiest.pid ?? busiest.name)).length;
  if (seconds < mostSeconds * samples.length) return [];
  const limit = busiest.cpuLimit;
  const shared = busiest.groupCpu !== undefined && busiest.groupCpu - busiest.cpu > tick;
  const held =
    limit !== undefined && limit < 1
      ? `${busiest.name} used all the CPU its group may use (${coresWords(limit)}, a CPU quota` +
        (shared ? `; ${busiest.name} itself ${coresWords(busiest.cpu)}, the rest the group’s other processes)` : ')')
      : `${busiest.name} kept one core full (${coresWords(busiest.cpu)})`;
  return [
    {
      view,
      weight: seconds / samples.length,
      held: busiest.name,
      verdict: {
        id: 'nas-cpu-limit',
        severity: 'problem',
        text:
          `The NAS’s processor is the limit: ${held} in ${seconds} of ${samples.length} seconds of ${view.test}, ` +
          `while the rate held at ${rate(flat, unit)}. ${processAdvice(busiest.name)}`,
        limit: { part: 'nas-processor', ops: opsOf(view) },
        figures: {
          processCpuPercent: percentFigure(busiest.cpu),
          ...(limit !== undefined ? { cpuLimitPercent: percentFigure(limit) } : {}),
          ...(busiest.groupCpu !== undefined ? { groupCpuPercent: percentFigure(busiest.groupCpu) } : {}),
          peggedSeconds: seconds,
          seconds: samples.length,
          bytesPerSecond: flat,
        },
      },
    },
  ];
}

/** The process (by id where known) seen most often among these, with its median CPU. */
function busiestProcess(processes: readonly (NasProcessLoad | undefined)[]): NasProcessLoad | null {
  const byKey = new Map<number | string, NasProcessLoad[]>();
  for (const process of processes) {
    if (!process) continue;
    const key = process.pid ?? process.name;
    byKey.set(key, [...(byKey.get(key) ?? []), process]);
  }
  const seen = [...byKey.values()].sort((a, b) => b.length - a.length)[0];
  const first = seen?.[0];
  if (!seen || !first) return null;
  const groups = seen.flatMap((process) => (process.groupCpu === undefined ? [] : [process.groupCpu]));
  return {
    ...first,
    cpu: median(seen.map((process) => process.cpu)),
    ...(groups.length ? { groupCpu: median(groups) } : {}),
  };
}

/**
 * The test's median rate when it held there: after the warm-up it neither climbed nor sagged — the
 * second half's mean is within 10% of the first half's, or within twice their standard error where
 * the seconds scatter more (a process held by a CPU quota moves in bursts: its seconds vary by a
 * quarter around a level that does not move). A rate that climbs or sags by more than that is not
 * held back by the CPU, whatever the CPU shows.
 */
function heldRate(rates: readonly number[]): number | null {
  const steady = steadyPart(rates);
  const middle = median(steady);
  if (steady.length < 4 || !(middle > 0)) return null;
  const half = Math.floor(steady.length / 2);
  const [first, second] = [steady.slice(0, half), steady.slice(steady.length - half)];
  const trend = Math.abs(mean(second) - mean(first));
  const standardError = Math.sqrt(variance(first) / first.length + variance(second) / second.length);
  return trend <= Math.max(unsteadyAbove * middle, 2 * standardError) ? middle : null;
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
function variance(values: readonly number[]): number {
  const centre = mean(values);
  return values.reduce((sum, value) => sum + (value - centre) ** 2, 0) / Math.max(1, values.length - 1);
}

/** The operations a test's figure speaks for, from its words ("Upload …", "SEQ1M Q8T1 read"); both when they say neither. */
function opsOf(view: NasViewFigure): ('read' | 'write')[] {
  const write = /upload|write|to the NAS/i.test(view.test);
  const read = /download|read|from the NAS/i.test(view.test);
  return write === read ? ['write', 'read'] : write ? ['write'] : ['read'];
}
