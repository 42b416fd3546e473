import type { ShareBenchRunInput } from '../../contract/share-bench';
import { optionalWholeNumber } from '../../words/whole-numbers';
import { isAbsoluteFolder } from '../copy/words';
import { shareBenchDefaults, shareProfileJobs, type ShareProfile } from './profiles';

/** The "Test a share" form as typed: empty number fields mean CrystalDiskMark's defaults. */
export interface ShareBenchChoices {
  folder: string;
  profile: ShareProfile;
  engine: 'builtin' | 'fio';
  fileSizeMiB: string;
  secondsPerPass: string;
  passes: string;
  /** With the NAS's login and a share on it: run the same tests on its own disks first, to set the two side by side. */
  nasDisks: boolean;
}

export type ShareBenchProblems = Partial<Record<'folder' | 'fileSizeMiB' | 'secondsPerPass' | 'passes', string>>;

export const shareBenchChoiceDefaults: ShareBenchChoices = {
  folder: '',
  profile: shareBenchDefaults.profile,
  engine: 'builtin',
  fileSizeMiB: '',
  secondsPerPass: '',
  passes: '',
  nasDisks: true,
};

/** Each profile as CrystalDiskMark's menu names it, and what it runs. */
export const shareProfileWords: Record<ShareProfile, { title: string; text: string }> = {
  default: {
    title: 'Default',
    text: 'SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1 and RND4K Q1T1, each read and written: the eight figures people post.',
  },
  peak: { title: 'Peak', text: 'SEQ1M Q8T1 and RND4K Q32T1: the most the share gives with many I/Os in flight.' },
  real: {
    title: 'Real world',
    text: 'SEQ1M Q1T1 and RND4K Q1T1: one I/O at a time, as opening and saving files mostly is.',
  },
  nvme: {
    title: 'NVMe',
    text: 'SEQ1M Q8T1, SEQ128K Q32T1, RND4K Q32T16 and RND4K Q1T1: CrystalDiskMark’s set for fast SSDs.',
  },
  ars: {
    title: 'Ars Technica trio',
    text: '4K random at queue depth 1, 64K random with 16 jobs at QD16, 1M sequential with 16 jobs at QD16.',
  },
};

const largestFileMiB = 2 ** 24;
const longestPassSeconds = 600;
const mostPasses = 9;

/**
 * The form as the engine's input, or what to fix. `onNas` when the folder is a share of the connected NAS:
 * its session, and the folder on the NAS where its own disks are tested (when the user kept that choice).
 */
export function checkShareBenchChoices(
  choices: ShareBenchChoices,
  onNas?: { sessionId: string; nasFolder?: string | undefined },
): { input: ShareBenchRunInput; problems?: undefined } | { problems: ShareBenchProblems; input?: undefined } {
  const problems: ShareBenchProblems = {};
  const folder = choices.folder.trim();
  if (folder === '') problems.folder = 'Type the folder to test in, or pick a mounted share.';
  else if (!isAbsoluteFolder(folder)) problems.folder = 'Type the whole path, starting with / (or a drive letter).';
  const fileSizeMiB = optionalWholeNumber(choices.fileSizeMiB, largestFileMiB);
  if (fileSizeMiB === null) problems.fileSizeMiB = `A whole number of MiB, from 1 to ${largestFileMiB}.`;
  const seconds = optionalWholeNumber(choices.secondsPerPass, longestPassSeconds);
  if (seconds === null) problems.secondsPerPass = `A whole number of seconds, from 1 to ${longestPassSeconds}.`;
  const passes = optionalWholeNumber(choices.passes, mostPasses);
  if (passes === null) problems.passes = `A whole number of passes, from 1 to ${mostPasses}.`;
  if (Object.keys(problems).length > 0) return { problems };
  return {
    input: {
      folder,
      profile: choices.profile,
      engine: choices.engine,
      ...(fileSizeMiB ? { fileSizeBytes: fileSizeMiB * 2 ** 20 } : {}),
      ...(seconds ? { seconds } : {}),
      ...(passes ? { passes } : {}),
      ...(onNas ? { sessionId: onNas.sessionId } : {}),
      ...(onNas?.nasFolder && choices.nasDisks ? { nasFolder: onNas.nasFolder } : {}),
    },
  };
}

/** About how long the tests take once the file is written: each a warm-up and its scored passes. */
export function shareBenchSeconds(choices: Pick<ShareBenchChoices, 'profile' | 'secondsPerPass' | 'passes'>): number {
  const seconds = optionalWholeNumber(choices.secondsPerPass, longestPassSeconds) ?? shareBenchDefaults.seconds;
  const passes = optionalWholeNumber(choices.passes, mostPasses) ?? shareBenchDefaults.passes;
  return shareProfileJobs(choices.profile).length * (passes + 1) * seconds;
}
