import { NasbenchError } from '../../../shared/contract/errors';
import { shellQuote } from './quote';
import type { NasLogin } from './login';

export interface FolderOnNas {
  freeBytes: number;
}

/**
 * Checks a folder (already checked as a path: nas-folder.ts) on the NAS's real file system: it
 * must exist, be a directory (not a device, not /, /dev, /proc or /sys even through a symlink),
 * be writable by this user, and report its free space. One round trip that prints key=value
 * lines; the path itself is never printed back.
 */
export async function checkFolderOnNas(session: NasLogin, folder: string): Promise<FolderOnNas> {
  const script = [
    `p=${shellQuote(folder)}`,
    'if [ ! -e "$p" ]; then echo state=missing; exit 0; fi',
    'if [ -b "$p" ] || [ -c "$p" ]; then echo state=device; exit 0; fi',
    'if [ ! -d "$p" ]; then echo state=not-directory; exit 0; fi',
    'real=$(cd "$p" 2>/dev/null && pwd -P) || { echo state=no-access; exit 0; }',
    'case "$real" in /|/dev|/dev/*|/proc|/proc/*|/sys|/sys/*) echo state=system; exit 0;; esac',
    'if [ ! -w "$p" ]; then echo state=read-only; exit 0; fi',
    `echo "free_kib=$(df -P -k "$p" 2>/dev/null | tail -n 1 | awk '{print $4}')"`,
    'echo state=ok',
  ].join('\n');
  const output = await session.output(script);
  const values = new Map(output.split('\n').map((line) => line.split('=', 2) as [string, string]));
  switch (values.get('state')) {
    case 'ok': {
      const freeKib = Number(values.get('free_kib'));
      if (!Number.isFinite(freeKib)) {
        throw new NasbenchError(
          'PARSE_ERROR',
          'Could not read the free space of the folder on the NAS.',
          'Try another folder.',
        );
      }
      return { freeBytes: freeKib * 1024 };
    }
    case 'missing':
      throw refused(
        folder,
        'does not exist on the NAS',
        'Check the path; shared folders are usually under /volume1 (Synology), /share (QNAP) or /mnt (TrueNAS, Unraid).',
      );
    case 'device':
      throw refused(
        folder,
        'is a device, not a folder',
        'Choose a folder inside a shared folder; NASBench never writes to disks directly.',
      );
    case 'not-directory':
      throw refused(folder, 'is a file, not a folder', 'Choose the folder that contains it.');
    case 'system':
      throw refused(
        folder,
        'is a system folder (/, /dev, /proc or /sys, perhaps through a link)',
        'Choose a folder inside a shared folder.',
      );
    case 'read-only':
      throw new NasbenchError(
        'PERMISSION_DENIED',
        `The folder ${folder} is read-only for this user.`,
        'Choose a folder this user may write to, or log in as a user who may.',
      );
    case 'no-access':
      throw new NasbenchError(
        'PERMISSION_DENIED',
        `This user may not open the folder ${folder}.`,
        'Choose a folder this user may open and write to.',
      );
    default:
      throw new NasbenchError(
        'PARSE_ERROR',
        'The NAS gave an unexpected answer while checking the folder.',
        'Try again; if it persists, tell us which NAS this is.',
      );
  }
}

function refused(folder: string, what: string, hint: string): NasbenchError {
  return new NasbenchError('INVALID_INPUT', `The test folder ${folder} ${what}.`, hint);
}
