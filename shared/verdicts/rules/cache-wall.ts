import { formatBytes } from '../../util/units';
import type { Figures } from '../figures';
import { formatPercent, pathLink, rate, utilisationPercent } from '../links';
import type { Rule } from '../rule';
import type { Verdict } from '../../contract/verdict';

/** Below this ratio, cached and uncached differ by no more than run-to-run noise and protocol effects. */
const wallRatio = 1.25;

type Point = Figures['cacheSweep'][number];

const mean = (points: Point[]) => points.reduce((sum, point) => sum + point.bytesPerSecond, 0) / points.length;

/**
 * Where the share copy falls off by file size: every size below the wall faster than every size
 * above it by a clear margin. The wall sits between the last fast and the first slow size; a RAM
 * size in that gap (the NAS's or this computer's) is named as the reason.
 */
export const cacheWall: Rule = (figures, { unit }) => {
  const verdicts: Verdict[] = [];
  for (const op of ['read', 'write'] as const) {
    const points = figures.cacheSweep.filter((point) => point.op === op).sort((a, b) => a.fileSize - b.fileSize);
    const split = findWall(points);
    if (!split) continue;
    const { fast, slow } = split;
    const lastFast = fast.at(-1) as Point;
    const firstSlow = slow[0] as Point;
    const cached = mean(fast);
    const uncached = mean(slow);
    const ram = ramIn(figures, lastFast.fileSize, firstSlow.fileSize);
    const wallBytes = ram?.bytes ?? firstSlow.fileSize;
    const link = pathLink(figures);
    const use = !link
      ? ''
      : cached * 8 > link.bitsPerSecond
        ? // More than the link can carry: those files never left this computer's memory.
          ` (the cached figure is more than the ${link.name} can carry, so it came from this computer's memory; ` +
          `the uncached one is ${formatPercent(utilisationPercent(uncached * 8, link.bitsPerSecond))} of the link)`
        : ` (${formatPercent(utilisationPercent(cached * 8, link.bitsPerSecond))} and ` +
          `${formatPercent(utilisationPercent(uncached * 8, link.bitsPerSecond))} of the ${link.name})`;
    verdicts.push({
      id: 'cache-wall',
      severity: 'info',
      text:
        `The cache wall is at ${ram ? 'about ' : ''}${formatBytes(wallBytes)}: ${op}s ran at ${rate(cached, unit)} ` +
        `while files fit in RAM (up to ${formatBytes(lastFast.fileSize)}) and at ${rate(uncached, unit)} ` +
        `beyond it, from ${formatBytes(firstSlow.fileSize)}${use}` +
        (ram ? `; ${formatBytes(ram.bytes)} is ${ram.whose} RAM` : '') +
        `. Copies larger than that run at the slower speed.`,
      figures: {
        wallBytes,
        cachedBytesPerSecond: cached,
        uncachedBytesPerSecond: uncached,
        ratio: cached / uncached,
      },
    });
  }
  return verdicts;
};

function findWall(points: Point[]): { fast: Point[]; slow: Point[] } | null {
  for (let index = 1; index < points.length; index++) {
    const fast = points.slice(0, index);
    const slow = points.slice(index);
    const slowestFast = Math.min(...fast.map((point) => point.bytesPerSecond));
    const fastestSlow = Math.max(...slow.map((point) => point.bytesPerSecond));
    if (slowestFast >= wallRatio * fastestSlow) return { fast, slow };
  }
  return null;
}

function ramIn(figures: Figures, above: number, upTo: number): { bytes: number; whose: string } | null {
  const { nasBytes, clientBytes } = figures.ram;
  const candidates = [
    ...(nasBytes ? [{ bytes: nasBytes, whose: "the NAS's" }] : []),
    ...(clientBytes ? [{ bytes: clientBytes, whose: "this computer's" }] : []),
  ];
  // The larger cache is the one a file must outgrow.
  return (
    candidates.filter((ram) => ram.bytes > above && ram.bytes <= upTo).sort((a, b) => b.bytes - a.bytes)[0] ?? null
  );
}
