import type { NasIdentity, ShareCopyRunInput, ShareOnOffer } from '../../contract/copy';
import type { NasFacts } from '../../contract/probe';
import { withoutTrailingSlashes } from '../../util/trailing-slashes';
import { optionalWholeNumber } from '../../words/whole-numbers';

/**
 * The share copy form in the user's units (MiB, KiB, minutes, as typed) and its check into the
 * engine's input in bytes and seconds. Pure, so it can be tested without React.
 */
export interface CopyChoices {
  folder: string;
  /** As typed; empty means the engine's default (1 GiB). */
  fileSizeMiB: string;
  sweep: boolean;
  sweepMinutes: string;
  smallFiles: boolean;
  smallFileCount: string;
  smallFileKiB: string;
}

export type CopyProblems = Partial<
  Record<'folder' | 'fileSizeMiB' | 'sweepMinutes' | 'smallFileCount' | 'smallFileKiB', string>
>;

export const copyChoiceDefaults: CopyChoices = {
  folder: '',
  fileSizeMiB: '',
  sweep: false,
  sweepMinutes: '10',
  smallFiles: false,
  smallFileCount: '1000',
  smallFileKiB: '64',
};

/** A folder the engine can find whatever its working folder: /…, C:\…, or \\server\share. */
export function isAbsoluteFolder(folder: string): boolean {
  return folder.startsWith('/') || /^[A-Za-z]:[\\/]/.test(folder) || folder.startsWith('\\\\');
}

/** The connected NAS as mounts name it: the address typed, its host name, and every address it has. */
export function nasIdentityOf(host: string, nas: NasFacts | undefined): NasIdentity {
  const addresses = (nas?.interfaces ?? []).flatMap((link) =>
    link.addresses.map((address) => address.split('/')[0] ?? ''),
  );
  return {
    addresses: [host, ...addresses].filter((address) => address !== '').slice(0, 64),
    names: [host, ...(nas?.hostname ? [nas.hostname] : [])],
  };
}

/** The connected NAS's share that holds the folder, if any (the longest mount point that contains it). */
export function nasShareOf(folder: string, shares: readonly ShareOnOffer[]): ShareOnOffer | undefined {
  const inside = (share: ShareOnOffer) => {
    const root = withoutTrailingSlashes(share.localPath, { backslashes: true });
    return folder === root || folder.startsWith(`${root}/`) || folder.startsWith(`${root}\\`);
  };
  const holder = shares.filter(inside).sort((a, b) => b.localPath.length - a.localPath.length)[0];
  return holder?.onNas ? holder : undefined;
}

/** The form as the engine's input; `nasRamBytes` when the folder is on the connected NAS and its RAM is known. */
export function checkCopyChoices(
  choices: CopyChoices,
  nasRamBytes?: number | null,
): { input: ShareCopyRunInput; problems?: undefined } | { problems: CopyProblems; input?: undefined } {
  const problems: CopyProblems = {};
  const folder = choices.folder.trim();
  if (folder === '') problems.folder = 'Type the folder to test in, or pick a mounted share.';
  else if (!isAbsoluteFolder(folder)) problems.folder = 'Type the whole path, starting with / (or a drive letter).';
  const fileSizeMiB = optionalWholeNumber(choices.fileSizeMiB, 2 ** 30);
  if (fileSizeMiB === null) problems.fileSizeMiB = 'A whole number of MiB, at least 1.';
  const minutes = choices.sweep ? optionalWholeNumber(choices.sweepMinutes, 24 * 60) : undefined;
  if (minutes === null) problems.sweepMinutes = 'A whole number of minutes, from 1 to 1440.';
  const count = choices.smallFiles ? optionalWholeNumber(choices.smallFileCount, 1_000_000) : undefined;
  if (count === null) problems.smallFileCount = 'A whole number of files, from 1 to a million.';
  const kiB = choices.smallFiles ? optionalWholeNumber(choices.smallFileKiB, 64 * 1024) : undefined;
  if (kiB === null) problems.smallFileKiB = 'A whole number of KiB, from 1 to 65536.';
  if (Object.keys(problems).length > 0) return { problems };
  return {
    input: {
      folder,
      ...(fileSizeMiB ? { fileSizeBytes: fileSizeMiB * 2 ** 20 } : {}),
      ...(choices.sweep ? { sweep: true, ...(minutes ? { sweepBudgetSeconds: minutes * 60 } : {}) } : {}),
      ...(choices.smallFiles ? { smallFiles: { count: count ?? 1000, fileSizeBytes: (kiB ?? 64) * 1024 } } : {}),
      ...(nasRamBytes ? { nasRamBytes } : {}),
    },
  };
}
