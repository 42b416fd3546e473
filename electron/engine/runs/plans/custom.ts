import type { z } from 'zod';
import type { CustomStep } from '../../../../shared/contract/plans';
import { cacheWallStep, shareCopyStep } from '../steps/share-copy';
import { diskStep } from '../steps/disk';
import { networkStep } from '../steps/network';
import { throughDiskStep } from '../steps/disk-through-network';
import { sweepStep } from '../steps/sweep';
import type { LeftOut, PlanBuilder, PlanFacts } from './types';
import type { Step } from '../steps/types';

const MiB = 2 ** 20;

/** Custom: the single tests with any of their settings, in the order given. */
export const custom: PlanBuilder = (facts) => {
  const steps: Step[] = [];
  const leftOut: LeftOut[] = [];
  for (const [index, step] of (facts.options.steps ?? []).entries()) {
    const built = customStep(step, facts);
    if ('reason' in built) leftOut.push({ label: `Step ${index + 1} (${step.kind})`, reason: built.reason });
    else steps.push(built);
  }
  if (!facts.options.steps?.length) leftOut.push({ label: 'Steps', reason: 'A custom plan needs at least one step.' });
  return {
    plan: 'custom',
    title: 'Custom plan',
    answers: 'Exactly the tests you asked for.',
    steps,
    leftOut,
    notes: [],
    tags: facts.options.tags ?? [],
  };
};

function customStep(step: z.output<typeof CustomStep>, facts: PlanFacts): Step | { reason: string } {
  const { nasFolder, shareFolder } = facts.options;
  switch (step.kind) {
    case 'network': {
      const tcp = {
        ...(step.lengths?.[0] ? { blockBytes: step.lengths[0] } : {}),
        ...(step.windowBytes ? { windowBytes: step.windowBytes } : {}),
      };
      // The network straight to the disks: its own three-part step, in the folder the step names.
      if (step.disk)
        return throughDiskStep({ way: step.disk.way, folder: step.disk.folder, seconds: step.seconds, ...tcp }, facts);
      return networkStep(
        {
          direction: step.direction,
          streams: step.streams,
          seconds: step.seconds,
          ...tcp,
          ...(step.udp ? { udp: step.udp } : {}),
          ...(step.legs
            ? {
                legs: step.legs.map((leg) => ({
                  target: leg.target,
                  ...(leg.bindAddress ? { bindAddress: leg.bindAddress } : {}),
                  ...(leg.port !== undefined ? { port: leg.port } : {}),
                })),
              }
            : {}),
        },
        facts,
      );
    }
    case 'disk':
      if (!nasFolder) return { reason: 'No folder on the NAS was chosen.' };
      return diskStep(
        {
          label: `NAS disks (${step.preset}${step.uncached ? ', uncached' : ''})`,
          folder: nasFolder,
          preset: step.preset,
          uncached: step.uncached,
          ...(step.sizeBytes !== undefined ? { sizeBytes: step.sizeBytes } : {}),
          ...(step.runtimeSeconds !== undefined ? { runtimeSeconds: step.runtimeSeconds } : {}),
        },
        facts,
      );
    case 'sweep':
      if (!nasFolder) return { reason: 'No folder on the NAS was chosen.' };
      if (!facts.nas.tools.fio) return { reason: 'fio is not installed on this NAS; a sweep needs it.' };
      return sweepStep({ ...step, folder: nasFolder }, facts);
    case 'copy':
      if (!shareFolder) return { reason: 'No mounted share was chosen.' };
      return (step.sweep ? cacheWallStep : shareCopyStep)(
        {
          label: 'Share copy',
          folder: shareFolder,
          fileSize: step.fileSizeBytes ?? 256 * MiB,
          ...(step.blockSizeBytes ? { blockSize: step.blockSizeBytes } : {}),
          ...(step.sweepBudgetSeconds ? { sweepBudgetSeconds: step.sweepBudgetSeconds } : {}),
          ...(step.smallFiles
            ? { smallFiles: { count: step.smallFiles.count, fileSize: step.smallFiles.fileSizeBytes } }
            : {}),
        },
        facts,
      );
  }
}
