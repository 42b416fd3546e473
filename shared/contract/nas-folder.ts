import { z } from 'zod';

/**
 * The one check every folder on the NAS passes before any remote command sees it. A folder name
 * reaches `find`, `mkdir`, `df`, `rm` and fio: a name starting with `-` would be read as an option
 * (`-delete` is one of find's), `..` can climb out of a share, and a line break splits what the
 * NAS prints back. So a NAS folder must be a full path (it then starts with `/`, which no tool
 * reads as an option), with no control characters and no `..`, and is normalised (`//`, `/./`
 * and a trailing `/` removed) so the same folder always has the same name.
 */
export type NasFolderCheck = { ok: true; folder: string } | { ok: false; problem: string; hint: string };

const fullPathHint =
  'Give the full path of a folder inside a shared folder, e.g. /volume1/share (Synology), /share/Public (QNAP) ' +
  'or /mnt/pool/share (TrueNAS, Unraid).';

/** C0 and C1 control characters, DEL, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlCharacter = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

export function checkNasFolder(input: string): NasFolderCheck {
  if (input.trim() === '') return refused('The NAS folder is empty.', fullPathHint);
  if (controlCharacter.test(input)) {
    return refused(
      'The NAS folder name contains a line break, a tab or another control character, which NASBench cannot pass ' +
        'to the NAS safely.',
      'Rename the folder on the NAS (or choose another one) so its name has no line breaks or tabs.',
    );
  }
  if (input.startsWith('~')) {
    return refused(`The NAS folder ${input} starts with ~, which NASBench does not expand.`, fullPathHint);
  }
  if (!input.startsWith('/')) {
    return refused(`The NAS folder ${input} is not a full path: type it starting with /.`, fullPathHint);
  }
  const parts = input.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) {
    return refused(
      `The NAS folder ${input} contains "..", which could lead out of the folder you meant.`,
      'Give the folder’s full path without "..".',
    );
  }
  if (parts.length === 0) {
    return refused(
      'The NAS folder is the root folder /.',
      `NASBench only writes inside a shared folder. ${fullPathHint}`,
    );
  }
  return { ok: true, folder: `/${parts.join('/')}` };
}

function refused(problem: string, hint: string): NasFolderCheck {
  return { ok: false, problem, hint };
}

/** A NAS folder in the contract: checked and normalised as {@link checkNasFolder} says. */
export const NasFolder = z
  .string()
  .max(4096)
  .transform((value, context) => {
    const check = checkNasFolder(value);
    if (check.ok) return check.folder;
    context.addIssue({ code: 'custom', message: `${check.problem} ${check.hint}` });
    return z.NEVER;
  });
