import { formatBytes } from '../../util/units';
import type { Rule } from '../rule';

/** A few pages moving is the kernel tidying up; a mebibyte or more is memory running short. */
const swappedBytes = 1024 * 1024;

/** The NAS swapped during a test: named for the test where it swapped most. */
export const nasSwapping: Rule = (figures) => {
  const swapped = (figures.nasViews ?? []).map((view) => {
    const samples = view.resources.samples;
    const sum = (pick: (sample: (typeof samples)[number]) => number | null) =>
      samples.reduce((total, sample) => total + (pick(sample) ?? 0), 0);
    const used = samples.map((sample) => sample.memUsedBytes ?? 0);
    return {
      view,
      inBytes: sum((sample) => sample.swapInBytes),
      outBytes: sum((sample) => sample.swapOutBytes),
      usedBytes: Math.max(0, ...used),
    };
  });
  const most = swapped.sort((a, b) => b.inBytes + b.outBytes - (a.inBytes + a.outBytes))[0];
  if (!most || most.inBytes + most.outBytes < swappedBytes) return [];
  return [
    {
      id: 'nas-swapping',
      severity: 'warn',
      text:
        `The NAS ran short of memory and swapped during ${most.view.test}: ${formatBytes(most.outBytes)} went out to swap ` +
        `and ${formatBytes(most.inBytes)} came back in` +
        (most.usedBytes > 0 ? `, with ${formatBytes(most.usedBytes)} of its memory in use` : '') +
        '. Swapping slows everything on the NAS, tests included: stop apps or containers you do not need, or add memory.',
      figures: {
        swapOutBytes: most.outBytes,
        swapInBytes: most.inBytes,
        ...(most.usedBytes > 0 ? { memUsedBytes: most.usedBytes } : {}),
      },
    },
  ];
};
