import { copyStep } from './copy-step';
import { diskStep } from './disk-step';
import { freeBytesOfFolder } from './nas-folder';
import { networkStep } from './network-step';
import type { LeftOut, PlanBuilder, PlanStep } from './types';

const MiB = 2 ** 20;

/**
 * Quick check defaults: about a minute in all. Five seconds each way is enough for TCP to reach
 * its rate on a LAN; four fio tests of three seconds (sequential and 4K random, read and write)
 * answer "disks or network?"; a 256 MiB file copies in about 2 s each way over 1 GbE.
 */
export const quickCheckDefaults = {
  networkSeconds: 5,
  diskSeconds: 3,
  diskBytes: 256 * MiB,
  shareFileBytes: 256 * MiB,
};

export const quickDiskTests = ['SEQ1M Q8T1 read', 'SEQ1M Q8T1 write', 'RND4K Q32T1 read', 'RND4K Q32T1 write'];

/** The smallest file that still says something about the disks (far beyond any disk's own cache). */
const minDiskBytes = 32 * MiB;

/** Quick check: network both ways, the NAS's disks (when a NAS folder is chosen), the share (when a local folder is chosen). */
export const quickCheck: PlanBuilder = (facts) => {
  const { options } = facts;
  const networkSeconds = options.networkSeconds ?? quickCheckDefaults.networkSeconds;
  const steps: PlanStep[] = [
    networkStep({ direction: 'upload', streams: 1, seconds: networkSeconds }, facts),
    networkStep({ direction: 'download', streams: 1, seconds: networkSeconds }, facts),
  ];
  const leftOut: LeftOut[] = [];
  const notes: string[] = [];
  if (options.nasFolder) {
    const free = freeBytesOfFolder(facts.nas, options.nasFolder);
    // Never more than a quarter of what is free: a check must not fill anyone's NAS.
    const size =
      free === null
        ? quickCheckDefaults.diskBytes
        : Math.min(quickCheckDefaults.diskBytes, Math.floor(free / 4 / MiB) * MiB);
    if (size < minDiskBytes) {
      leftOut.push({ label: 'NAS disks', reason: `${options.nasFolder} has too little free space for a disk test.` });
    } else {
      if (size < quickCheckDefaults.diskBytes)
        notes.push(`Little free space in ${options.nasFolder}: the disk test file is smaller than usual.`);
      steps.push(
        diskStep(
          {
            label: 'NAS disks',
            folder: options.nasFolder,
            preset: 'quick',
            uncached: true,
            only: quickDiskTests,
            sizeBytes: size,
            runtimeSeconds: options.diskSeconds ?? quickCheckDefaults.diskSeconds,
          },
          facts,
        ),
      );
    }
  } else {
    leftOut.push({
      label: 'NAS disks',
      reason: 'No folder on the NAS was chosen, so the disks cannot be told apart from the network.',
    });
  }
  if (options.shareFolder) {
    const fileSize = options.shareFileBytes ?? quickCheckDefaults.shareFileBytes;
    if (facts.shareFreeBytes !== null && facts.shareFreeBytes < 2 * fileSize) {
      leftOut.push({
        label: 'Share copy',
        reason: `${options.shareFolder} has too little free space for a ${fileSize / MiB} MiB file.`,
      });
    } else {
      steps.push(copyStep({ label: 'Share copy', folder: options.shareFolder, fileSize }, facts));
    }
  } else {
    leftOut.push({
      label: 'Share copy',
      reason: 'No mounted share was chosen, so what copying files gives is not measured.',
    });
  }
  return {
    plan: 'quick',
    title: 'Quick check',
    answers: 'What is my bottleneck: the disks, the network, or the file sharing?',
    steps,
    leftOut,
    notes,
    tags: options.tags ?? [],
  };
};
