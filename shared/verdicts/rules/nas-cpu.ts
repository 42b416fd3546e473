import { unsteadyAbove } from '../../contract/figure-quality';
import { median, steadyPart } from '../../util/spread';
import { keepsLevel } from '../../util/trend';
import type { RateUnit } from '../../util/units';
import type { Figures, NasViewFigure } from '../figures';
import { rate } from '../links';
import {
  apartWords,
  busiestProcess,
  coresWords,
  percentFigure,
  percentWords,
  processAdvice,
  sampleSeconds,
  samplesOf,
  secondsOfSamples,
  viewLimit,
} from '../nas-views';
import type { Rule } from '../rule';
import type { Verdict } from '../../contract/verdict';

/** "Near 100%": all cores this busy for half the test leave nothing for the test to grow into. */
const fullShare = 0.9;
/** A process at this share of what it may use (a core, or its cgroup's quota) is held by the CPU. */
const peggedShare = 0.9;
/** A group its CPU quota held back in at least this share of a second's periods was held by the CPU that second. */
const heldBackShare = 0.5;
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
  const busiest = busiestProcess(
    samples.map((sample) => sample.top[0]),
    'pid',
  );
  // Under a quota its group's use is what the quota holds (shared/contract/nas-resources.ts).
  const atQuota =
    busiest?.cpuLimit !== undefined && Math.max(busiest.cpu, busiest.groupCpu ?? 0) >= busiest.cpuLimit - tick;
  if (!busiest || (busiest.cpu < explainsBusyCores && !atQuota)) return null;
  const rate = rateOf(view);
  const flat = rate?.held ? rate.levels : null;
  return {
    view,
    weight: 1 + busy,
    held: null,
    verdict: {
      id: 'nas-cpu-limit',
      severity: 'problem',
      text:
        `${processorWords(view)}: all its cores were ${percentWords(busy)} busy during ${view.test}` +
        `, ${busiest.name} using the most (${coresWords(busiest.cpu)})` +
        (flat ? `, while the rate held at ${levelsWords(flat, unit)}` : '') +
        `. ${processAdvice(busiest.name)}` +
        (view.apart ? apartWords : ''),
      ...withLimit(view),
      figures: {
        cpuBusyPercent: percentFigure(busy),
        processCpuPercent: percentFigure(busiest.cpu),
        ...(flat ? { bytesPerSecond: Math.min(...flat) } : {}),
        seconds: secondsOfSamples(samples),
      },
    },
  };
}

function oneCorePegged(view: NasViewFigure, unit: RateUnit): Finding[] {
  const samples = samplesOf(view);
  const rate = rateOf(view);
  if (samples.length === 0 || rate === null) return [];
  // Each pegged process with the seconds its sample stands for (more than one in a long test's merged samples).
  const pegged = samples.flatMap((sample) =>
    sample.top.flatMap((process) => {
      const room = Math.min(1, process.cpuLimit ?? 1);
      // Without a quota its core must show it too: 0.9 of a core spread over two is no limit.
      const full = process.cpuLimit !== undefined || sample.coreMax >= peggedShare;
      // Under a quota the group's processes share it: the group at its quota holds every one of them.
      const used = process.cpuLimit !== undefined ? Math.max(process.cpu, process.groupCpu ?? 0) : process.cpu;
      // Within a tick of 90% of its room: /proc counts in ticks, so a process held to 2.5% of a core
      // reads 0.01–0.03 in a second. Or, better, the kernel says so: its group held back by the quota
      // for most of the second.
      const throttled = process.cpuLimit !== undefined && (process.groupThrottled ?? 0) >= heldBackShare;
      return full && (used >= peggedShare * room - tick || throttled)
        ? [{ process, seconds: sampleSeconds(sample) }]
        : [];
    }),
  );
  const busiest = busiestProcess(
    pegged.map(({ process }) => process),
    'pid',
  );
  if (!busiest) return [];
  const seconds = pegged
    .filter(({ process }) => (process.pid ?? process.name) === (busiest.pid ?? busiest.name))
    .reduce((total, found) => total + found.seconds, 0);
  const allSeconds = secondsOfSamples(samples);
  if (seconds < mostSeconds * allSeconds) return [];
  const limit = busiest.cpuLimit;
  const quota = limit !== undefined && limit < 1;
  // A group at its CPU quota would use more if it could: that holds the test back whether or not its
  // rate kept one level (a copy held to 2.5% of a core climbs or sags for ten seconds as buffers fill).
  // A process that keeps a whole core full may be waiting busily on something else: the rate must show it.
  if (!rate.held && !quota) return [];
  const shared = busiest.groupCpu !== undefined && busiest.groupCpu - busiest.cpu > tick;
  const held = quota
    ? `${busiest.name} used all the CPU its group may use (${coresWords(limit)}, a CPU quota` +
      (shared ? `; ${busiest.name} itself ${coresWords(busiest.cpu)}, the rest the group’s other processes)` : ')')
    : `${busiest.name} kept one core full (${coresWords(busiest.cpu)})`;
  return [
    {
      view,
      weight: seconds / allSeconds,
      held: busiest.name,
      verdict: {
        id: 'nas-cpu-limit',
        severity: 'problem',
        text:
          `${processorWords(view)}: ${held} in ${seconds} of ${allSeconds} seconds of ${view.test}, ` +
          `${rate.held ? 'while the rate held at' : 'the rate about'} ${levelsWords(rate.levels, unit)}. ` +
          processAdvice(busiest.name) +
          (view.apart ? apartWords : ''),
        ...withLimit(view),
        figures: {
          processCpuPercent: percentFigure(busiest.cpu),
          ...(limit !== undefined ? { cpuLimitPercent: percentFigure(limit) } : {}),
          ...(busiest.groupCpu !== undefined ? { groupCpuPercent: percentFigure(busiest.groupCpu) } : {}),
          peggedSeconds: seconds,
          seconds: allSeconds,
          bytesPerSecond: Math.min(...rate.levels),
        },
      },
    },
  ];
}

/**
 * The test's rate, line by line (a copy's write, then its read, each at its own level): each line's
 * median over the seconds past its warm-up, and whether every line held its level. Lines too short
 * to judge (under four such seconds) are left out, and so are lines stalled more than half their
 * seconds (a median of 0 is no level: a copy's read held to 2.5% of a core moved nothing in half its
 * seconds, which the quota explains rather than hides); null when none is left.
 */
function rateOf(view: NasViewFigure): { levels: number[]; held: boolean } | null {
  const judged = (view.lines ?? [view.rates])
    .map(steadyPart)
    .filter((steady) => steady.length >= 4 && median(steady) > 0);
  if (judged.length === 0) return null;
  return { levels: judged.map(median), held: judged.every(heldLevel) };
}

/**
 * A line held its level when it neither climbed nor sagged past its own scatter (10% of its median,
 * or what its slope's uncertainty allows: shared/util/trend.ts). A process held by a CPU quota moves
 * in bursts (its seconds vary by a third around a level that does not move); a rate that sags from
 * 2.4 to 1.4 GB/s over nine steady seconds is not held back by the CPU, whatever the CPU shows.
 * (Comparing the two halves' means, as this did first, rejected one bursty line in ten that kept its level.)
 */
const heldLevel = (steady: readonly number[]) => keepsLevel(steady, median(steady), unsteadyAbove);

/** "16 MB/s", or each line's level in the order they ran: "16 MB/s, then 21 MB/s". */
const levelsWords = (levels: readonly number[], unit: RateUnit) =>
  levels.map((level) => rate(level, unit)).join(', then ');

/** The processor's claim on the test's operations, none for a test of another path. */
function withLimit(view: NasViewFigure): Pick<Verdict, 'limit'> {
  const limit = viewLimit(view, 'nas-processor');
  return limit ? { limit } : {};
}

/** The finding's first words: the limit on this run's path; of another path's test, only what held that test back. */
const processorWords = (view: NasViewFigure) =>
  view.apart ? 'The NAS’s processor held that test back' : 'The NAS’s processor is the limit';
