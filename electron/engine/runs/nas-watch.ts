import type { NasBaseline, NasResourceSample, NasView } from '../../../shared/contract/nas-resources';
import type { TestResult } from '../../../shared/contract/runs';
import { measureNasBaseline, startNasReader } from '../nas-view';
import type { NasLogin } from '../ssh';
import { descriptorOf } from '../../../shared/kinds';

/** One step being watched: the step's rates are fed in as it reports them; `stop` gives the NAS's view. */
export interface StepWatch {
  sample(series: string, bytesPerSecond: number): void;
  stop(): Promise<NasView>;
}

/**
 * What the NAS itself does during a run's tests (#33): a baseline of how busy it was before the
 * first one (about 2 s), then the reader (nas-view/) for the length of each step, over the run's own
 * SSH connection. Each step's results carry the view of its seconds and its own rate each second;
 * a reader that cannot run costs the test nothing (its `unreadable` says what was missing).
 */
export class NasWatch {
  private baseline: Promise<NasBaseline | null> | null = null;

  constructor(
    private readonly session: NasLogin,
    private readonly elapsed: () => number,
    private readonly signal: AbortSignal,
    /** Each second as it arrives, for the live NAS panel. */
    private readonly onSample: (sample: NasResourceSample) => void = () => undefined,
  ) {}

  async watch(stepSeconds: number): Promise<StepWatch> {
    this.baseline ??= measureNasBaseline(this.session, this.signal).catch(() => null);
    const baseline = await this.baseline;
    // Where the samples' clock stands on the run's: the first sample's arrival, less its own `t`.
    let clockOffset: number | null = null;
    // Not ended by the run's cancel: the step's own stop ends it, once the step's commands have ended
    // on the NAS. Dropbear 2022.82–2024.85 drops the whole connection when one channel opens as
    // another closes (its bug #321, fixed in 2024.86): a reader ending at the cancel, while the kill
    // for fio opened, did that in the lab one cancel in two, and nothing could then remove fio or the
    // scratch folder.
    const reader = startNasReader(this.session, {
      // Steps run past their estimate (a settling copy, a slow NAS): the reader ends by itself well after.
      maxSeconds: Math.ceil(stepSeconds * 3 + 120),
      baseline,
      onSample: (sample) => {
        clockOffset ??= this.elapsed() - sample.t;
        this.onSample(sample);
      },
    });
    const perSecond = new Map<number, Map<string, number>>();
    let reported: { first: number; last: number } | null = null;
    return {
      sample: (series, bytesPerSecond) => {
        const now = this.elapsed();
        reported = { first: reported?.first ?? now, last: now };
        const second = Math.floor(now);
        const seen = perSecond.get(second) ?? new Map<string, number>();
        seen.set(series, bytesPerSecond);
        perSecond.set(second, seen);
      },
      stop: async () => {
        const resources = await reader.stop();
        const lines = linesOf(perSecond);
        const seconds = reported && clockOffset !== null ? testSeconds(reported, clockOffset) : null;
        return {
          resources,
          rates: ratesOf(perSecond),
          ...(lines.length > 1 ? { lines } : {}),
          ...(seconds ? { testSeconds: seconds } : {}),
        };
      },
    };
  }
}

/**
 * The seconds the step's rate speaks for, on the samples' clock: a rate is reported at the end of
 * the second it measured (iperf3's interval, fio's status, the copy's progress), so from a second
 * before the first report to the last. Samples arrive a moment after the reader took them (SSH),
 * which may place these a fraction of a second early; the verdicts take a sample as the test's if
 * at least half of its second lies in them (shared/verdicts/nas-views.ts).
 */
function testSeconds(
  reported: { first: number; last: number },
  clockOffset: number,
): NonNullable<NasView['testSeconds']> {
  return { from: reported.first - 1 - clockOffset, to: reported.last - clockOffset };
}

/** A step's total line (a load test's, a bonded link's), which its other lines add up to. */
const isTotal = (id: string) => id === 'total' || id.endsWith(':total');

/** Each second's readings, in time order. */
const inOrder = (perSecond: Map<number, Map<string, number>>) =>
  [...perSecond.entries()].sort(([a], [b]) => a - b).map(([, series]) => series);

/**
 * The step's own rate each second: its total line where it has one (a load test's, beside each
 * computer's), else the sum of its lines' latest readings in that second (upload, then download).
 */
function ratesOf(perSecond: Map<number, Map<string, number>>): number[] {
  return inOrder(perSecond).map((series) => {
    const total = [...series.entries()].find(([id]) => isTotal(id));
    return total ? total[1] : [...series.values()].reduce((sum, value) => sum + value, 0);
  });
}

/**
 * Each of the step's lines, its readings in the seconds it reported (a copy's write, then its read):
 * the total alone where the step draws one (a load test's, a bonded link's), as its legs add up to it.
 */
function linesOf(perSecond: Map<number, Map<string, number>>): number[][] {
  const seconds = inOrder(perSecond);
  const ids = [...new Set(seconds.flatMap((series) => [...series.keys()]))];
  const totals = ids.filter(isTotal);
  return (totals.length > 0 ? totals : ids).map((id) =>
    seconds.flatMap((series) => (series.has(id) ? [series.get(id) as number] : [])),
  );
}

/** The results a step gave, each that can carry it with the NAS's view of that step. */
export function withNasView(results: TestResult[], view: NasView | null | undefined): TestResult[] {
  if (!view) return results;
  // Every kind that names a NAS view (its descriptor's nasView) carries one.
  return results.map((result) => (descriptorOf(result).nasView ? ({ ...result, nas: view } as TestResult) : result));
}
