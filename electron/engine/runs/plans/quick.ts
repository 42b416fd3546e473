import { quickSettle } from '../../copy';
import { shareCopyStep } from '../steps/share-copy';
import { diskStep } from '../steps/disk';
import { freeBytesOfFolder } from '../steps/nas-folder';
import { networkStep } from '../steps/network';
import type { LeftOut, PlanBuilder } from './types';
import type { Step } from '../steps/types';

const MiB = 2 ** 20;

/**
 * Quick check defaults: about a minute in all. Five seconds each way is enough for TCP to reach
 * its rate on a LAN (the delay to the NAS is timed for two seconds before each, and during it);
 * CrystalDiskMark's eight fio tests of three seconds (sequential 1 MiB and 4K random, deep queue
 * and Q1T1, read and write) answer "disks or network?" within the disk step's minute — three
 * seconds still give three per-second samples, so the spread leaves the first out. The share copy
 * is sized to settle within the minute (quickSettle: at least 256 MiB, on until steady, at most 1 GiB
 * or 15 s each way; about 7 s each way over 1 GbE).
 */
export const quickCheckDefaults = {
  networkSeconds: 5,
  diskSeconds: 3,
  diskBytes: 256 * MiB,
  /** The disk step's share of the check: its preview must stay within it. */
  diskBudgetSeconds: 60,
  /**
   * Where buffered I/O must stand in for direct I/O (ZFS before 2.3, a file system that refuses
   * O_DIRECT), files twice the NAS's RAM are written only when that takes at most this long; past it
   * the figures say the cache may serve them.
   */
  diskStandInSeconds: 20,
};

/** What CrystalDiskMark users read first is Q1T1 (SEQ1M and RND4K); the deep-queue pair shows what the disks can do at most. */
export const quickDiskTests = [
  'SEQ1M Q8T1 read',
  'SEQ1M Q8T1 write',
  'SEQ1M Q1T1 read',
  'SEQ1M Q1T1 write',
  'RND4K Q32T1 read',
  'RND4K Q32T1 write',
  'RND4K Q1T1 read',
  'RND4K Q1T1 write',
];

/** The smallest file that still says something about the disks (far beyond any disk's own cache). */
const minDiskBytes = 32 * MiB;

/** Quick check: network both ways, the NAS's disks (when a NAS folder is chosen), the share (when a local folder is chosen). */
export const quickCheck: PlanBuilder = (facts) => {
  const { options } = facts;
  const networkSeconds = options.networkSeconds ?? quickCheckDefaults.networkSeconds;
  const steps: Step[] = [
    networkStep({ direction: 'upload', streams: 1, seconds: networkSeconds, latency: true }, facts),
    networkStep({ direction: 'download', streams: 1, seconds: networkSeconds, latency: true }, facts),
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
            standInBudgetSeconds: quickCheckDefaults.diskStandInSeconds,
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
    // A size the user gave is used as is; otherwise the copy is sized to settle within the Quick check's minute.
    const fileSize = options.shareFileBytes;
    const least = fileSize ?? quickSettle.minBytes;
    if (facts.shareFreeBytes !== null && facts.shareFreeBytes < 2 * least) {
      leftOut.push({
        label: 'Share copy',
        reason: `${options.shareFolder} has too little free space for a ${least / MiB} MiB file.`,
      });
    } else {
      steps.push(
        shareCopyStep({ label: 'Share copy', folder: options.shareFolder, fileSize, settle: quickSettle }, facts),
      );
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
