import { formatBytes } from '../../util/units';
import type { DiskFigure, Figures } from '../figures';
import { rate } from '../links';
import type { Rule } from '../rule';
import type { Verdict } from '../../contract/verdict';

/** Below this, through the cache and past it differ by no more than run-to-run noise. */
const clearGain = 1.25;

const fastest = (disks: DiskFigure[]) => [...disks].sort((a, b) => b.bytesPerSecond - a.bytesPerSecond)[0];

/**
 * The Cached vs uncached question, "how much of the speed is RAM cache?": the same disk test through
 * the NAS's cache and past it. Speaks either way, since "the cache adds little" is an answer too.
 */
export const cacheGain: Rule = (figures, { unit }) => {
  const verdicts: Verdict[] = [];
  for (const op of ['read', 'write'] as const) {
    const ofOp = figures.disks.filter((disk) => disk.op === op && !disk.throughNetwork);
    const cached = fastest(ofOp.filter((disk) => disk.nasCache === 'may-serve'));
    const uncached = fastest(ofOp.filter((disk) => disk.nasCache === 'bypassed'));
    if (!cached || !uncached) continue;
    const gain = cached.bytesPerSecond / uncached.bytesPerSecond;
    const both = `${rate(cached.bytesPerSecond, unit)} through its cache, ${rate(uncached.bytesPerSecond, unit)} past it (${uncached.test})`;
    verdicts.push({
      id: 'cache-gain',
      severity: 'info',
      text:
        gain >= clearGain
          ? `The NAS's RAM makes ${op}s ${gain.toFixed(1)}× faster: ${both}. ${reach(figures, op)}`
          : `The NAS's RAM cache adds little to ${op}s: ${both}; the disks themselves keep up.`,
      figures: {
        gain,
        cachedBytesPerSecond: cached.bytesPerSecond,
        uncachedBytesPerSecond: uncached.bytesPerSecond,
        ...(figures.ram.nasBytes ? { nasRamBytes: figures.ram.nasBytes } : {}),
      },
    });
  }
  return verdicts;
};

function reach(figures: Figures, op: 'read' | 'write'): string {
  const ram = figures.ram.nasBytes;
  if (!ram) return 'How much it holds depends on its RAM, which the NAS did not say.';
  return op === 'read'
    ? `That holds for files read again while they still fit in its ${formatBytes(ram)} of RAM (less what the system uses); larger or older files come at the slower speed.`
    : `Writes land in its ${formatBytes(ram)} of RAM first; a copy larger than what it holds slows to the slower speed.`;
}
