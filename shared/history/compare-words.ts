import type { Spread } from '../contract/figure-quality';
import type { RunRecord } from '../contract/runs';
import { figuresOfRun } from '../verdicts';
import { bestDisksByOp } from '../verdicts/links';
import { formatRate } from '../util/units';
import { compareTwoRuns } from '../words/spread';

/**
 * Compare in words (#49): for each run after the first, a sentence per direction a user copies in —
 * how much faster or slower copies are, and which part changed ("Over Wi-Fi, copies to the NAS are
 * 5.0× slower than over Cable: the network carried 23.8 MB/s against 119 MB/s; the disks did not
 * change"). A part whose two figures lie within their noise did not change; one measured in only
 * one of the runs is not compared.
 */

interface Part {
  /** "the network", "the disks", "the share copy" */
  name: string;
  value: number;
  spread: Spread | null;
}

type Op = 'write' | 'read';

/** What each part gave copies in one direction (writes: to the NAS), as bytes/s. */
function partsOf(record: RunRecord, op: Op): { copy: Part | null; parts: Part[] } {
  const figures = figuresOfRun(record);
  const { network } = figures;
  const bits = op === 'write' ? network.upload : network.download;
  const networkSpread = (op === 'write' ? network.spreads?.upload : network.spreads?.download) ?? null;
  const disk = bestDisksByOp(figures).find((best) => best.op === op);
  const share = figures.share.filter((copy) => copy.op === op).sort((a, b) => b.bytesPerSecond - a.bytesPerSecond)[0];
  const parts: Part[] = [
    ...(bits !== null ? [{ name: 'the network', value: bits / 8, spread: networkSpread }] : []),
    ...(disk ? [{ name: 'the disks', value: disk.bytesPerSecond, spread: disk.spread ?? null }] : []),
  ];
  const copy = share ? { name: 'the share copy', value: share.bytesPerSecond, spread: share.spread ?? null } : null;
  return { copy, parts };
}

/** "5.0× slower", "12% faster": how a figure compares with the baseline's. */
function howMuch(base: number, other: number): string {
  if (other < base)
    return base / other >= 1.5
      ? `${(base / other).toFixed(1)}× slower`
      : `${Math.round((1 - other / base) * 100)}% slower`;
  return other / base >= 1.5
    ? `${(other / base).toFixed(1)}× faster`
    : `${Math.round((other / base - 1) * 100)}% faster`;
}

function sentence(op: Op, run: RunRecord, baseline: RunRecord, link: string, baseLink: string): string | null {
  const now = partsOf(run, op);
  const before = partsOf(baseline, op);
  const pairs = [
    ...(now.copy && before.copy ? [{ part: now.copy, base: before.copy }] : []),
    ...now.parts.flatMap((part) => {
      const base = before.parts.find((candidate) => candidate.name === part.name);
      return base ? [{ part, base }] : [];
    }),
  ];
  const lead = pairs[0];
  if (!lead) return null;
  const judged = pairs.map(({ part, base }) => ({
    part,
    base,
    same: compareTwoRuns(base, part).kind === 'within-noise',
  }));
  const copies = `Over ${link}, copies ${op === 'write' ? 'to' : 'from'} the NAS`;
  const leadJudged = judged[0];
  const head = leadJudged?.same
    ? `${copies} are as fast as over ${baseLink}, within the noise`
    : `${copies} are ${howMuch(lead.base.value, lead.part.value)} than over ${baseLink}`;
  const why = judged.map(({ part, base, same }) =>
    same
      ? `${part.name} did not change (within the noise)`
      : `${part.name} ${part.name === 'the network' ? 'carried' : 'ran at'} ${formatRate(part.value, 'MB/s')} against ${formatRate(base.value, 'MB/s')}`,
  );
  return `${head}: ${why.join('; ')}.`;
}

/** A sentence per direction for each run after the first, against the first (the runs in the comparison's order). */
export function compareInWords(records: readonly RunRecord[], links: readonly string[]): string[] {
  const [baseline, ...others] = records;
  if (!baseline) return [];
  const baseLink = links[0] ?? 'the first run';
  return others.flatMap((run, index) =>
    (['write', 'read'] as const).flatMap(
      (op) => sentence(op, run, baseline, links[index + 1] ?? 'link unknown', baseLink) ?? [],
    ),
  );
}
