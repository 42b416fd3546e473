import { DiskSweepRunInput } from '../../../../shared/contract/disk';
import { formatBytes } from '../../../../shared/util/units';
import { freeBytesOfFolder } from '../steps/nas-folder';
import { sweepStep } from '../steps/sweep';
import type { LeftOut, PlanBuilder } from './types';
import type { Step } from '../steps/types';

const SweepSettings = DiskSweepRunInput.omit({ sessionId: true });

/** Disk sweep: the fio grid with its heatmaps, its file sizes cut to what the folder has room for. */
export const diskSweep: PlanBuilder = (facts) => {
  const { options, nas } = facts;
  const steps: Step[] = [];
  const leftOut: LeftOut[] = [];
  const notes: string[] = [];
  const label = 'Disk sweep';
  if (!options.nasFolder) leftOut.push({ label, reason: 'No folder on the NAS was chosen.' });
  else if (!nas.tools.fio) {
    leftOut.push({
      label,
      reason: `fio is not installed on this NAS; a sweep needs it. ${nas.installHints[0] ?? ''}`.trim(),
    });
  } else {
    const spec = SweepSettings.parse({
      folder: options.nasFolder,
      ...(options.diskSeconds !== undefined ? { maxRuntimeSeconds: Math.max(options.diskSeconds, 10) } : {}),
    });
    const free = freeBytesOfFolder(nas, options.nasFolder);
    const jobs = Math.max(...spec.jobs);
    // Half the free space at most, as every other disk test.
    const fitting = free === null ? spec.fileSizes : spec.fileSizes.filter((size) => size * jobs <= free / 2);
    if (fitting.length === 0) {
      leftOut.push({
        label,
        reason: `${options.nasFolder} has ${formatBytes(free ?? 0)} free, too little for the sweep.`,
      });
    } else {
      if (fitting.length < spec.fileSizes.length)
        notes.push('Larger file sizes are left out: the folder has too little free space.');
      steps.push(sweepStep({ ...spec, fileSizes: fitting }, facts));
    }
  }
  return {
    plan: 'disk-sweep',
    title: 'Disk sweep',
    answers: 'Where is the NAS fastest: which block size, file size and number of jobs?',
    steps,
    leftOut,
    notes,
    tags: options.tags ?? [],
  };
};
