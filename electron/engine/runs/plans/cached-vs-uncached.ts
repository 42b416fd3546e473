import { formatBytes } from '../../../../shared/util/units';
import { cacheWallStep } from '../steps/share-copy';
import { diskStep } from '../steps/disk';
import { freeBytesOfFolder } from '../steps/nas-folder';
import type { LeftOut, PlanBuilder } from './types';
import type { Step } from '../steps/types';

const MiB = 2 ** 20;
const GiB = 2 ** 30;
const sequential = ['SEQ1M Q8T1 read', 'SEQ1M Q8T1 write'];

/**
 * Cached vs uncached: the NAS's disks through its RAM cache and past it (same file, buffered then
 * direct I/O), and the share's cache-wall sweep. The buffered file fits in a quarter of the NAS's
 * RAM, so the cache can hold all of it: the gap between the two is what the cache is worth.
 */
export const cachedVsUncached: PlanBuilder = (facts) => {
  const { options, nas, client } = facts;
  const steps: Step[] = [];
  const leftOut: LeftOut[] = [];
  const ram = nas.memoryBytes;
  const notes = [
    `The NAS has ${ram ? formatBytes(ram) : 'an unknown amount of'} RAM; this computer has ${formatBytes(client.memoryBytes)}.`,
  ];
  if (options.nasFolder) {
    const free = freeBytesOfFolder(nas, options.nasFolder) ?? Number.MAX_SAFE_INTEGER;
    const size = Math.max(32 * MiB, Math.floor(Math.min(GiB, (ram ?? GiB) / 4, free / 4) / MiB) * MiB);
    const common = { folder: options.nasFolder, preset: 'quick' as const, only: sequential, sizeBytes: size };
    const runtimeSeconds = options.diskSeconds ?? 5;
    steps.push(
      diskStep({ ...common, label: 'NAS disks, through the cache', uncached: false, runtimeSeconds }, facts),
      diskStep({ ...common, label: 'NAS disks, past the cache', uncached: true, runtimeSeconds }, facts),
    );
  } else {
    leftOut.push({ label: 'NAS disks, cached and uncached', reason: 'No folder on the NAS was chosen.' });
  }
  if (options.shareFolder) {
    steps.push(
      cacheWallStep(
        { label: 'Share cache wall', folder: options.shareFolder, fileSize: options.shareFileBytes ?? 256 * MiB },
        facts,
      ),
    );
  } else {
    leftOut.push({ label: 'Share cache wall', reason: 'No mounted share was chosen.' });
  }
  return {
    plan: 'cached-vs-uncached',
    title: 'Cached vs uncached',
    answers: 'How much of the speed is RAM cache, where is the cache wall, and what is left behind it?',
    steps,
    leftOut,
    notes,
    tags: options.tags ?? [],
  };
};
