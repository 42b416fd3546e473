import { NasbenchError } from '../../../shared/errors';
import { RunId } from '../../../shared/run-events';
import { formatBytes } from '../../../shared/units';
import { shellQuote } from './quote';
import type { NasSession } from './session';

export interface ScratchFolder {
  /** `<chosen folder>/.nasbench-<runId>`: the only place a test may write. */
  path: string;
  remove(): Promise<void>;
}

/** Scratch folders are named after a run id, so the sweep can match exactly that shape. */
const scratchPrefix = '.nasbench-';
const uuidGlob = '????????-????-????-????-????????????';

/**
 * Room we leave free beyond what a test writes, so a benchmark never fills someone's NAS:
 * 5% of the test size, and at least 32 MiB.
 */
export function spaceMargin(neededBytes: number): number {
  return Math.max(32 * 1024 * 1024, Math.ceil(neededBytes * 0.05));
}

/**
 * Checks the folder the user chose on the NAS and creates the run's scratch folder in it.
 * The chosen path only ever reaches the NAS quoted, and the checks run there, on the real
 * file system: it must exist, be a directory (not a device, not under /dev, /proc or /sys),
 * be writable, and have room for the test plus a margin.
 */
export async function openScratchFolder(
  session: NasSession,
  chosenFolder: string,
  runId: string,
  neededBytes: number,
): Promise<ScratchFolder> {
  if (!RunId.safeParse(runId).success) throw new Error('A scratch folder needs a valid run id.');
  const state = await checkFolder(session, chosenFolder);
  const margin = spaceMargin(neededBytes);
  if (state.freeBytes < neededBytes + margin) {
    throw new NasbenchError(
      'NOT_ENOUGH_SPACE',
      `The folder has ${formatBytes(state.freeBytes)} free; this test needs ${formatBytes(neededBytes)} plus ` +
        `${formatBytes(margin)} kept free. Nothing was written.`,
      'Choose a folder on a volume with more free space, or a smaller test size.',
      { details: { freeBytes: state.freeBytes, neededBytes, marginBytes: margin } },
    );
  }
  const path = `${chosenFolder.replace(/\/+$/, '') || ''}/${scratchPrefix}${runId}`;
  const created = await session.run(`mkdir -m 700 ${shellQuote(path)}`);
  if (created.code !== 0) {
    throw new NasbenchError(
      'PERMISSION_DENIED',
      'Could not create the test folder on the NAS.',
      created.stderr.trim() || 'Check the folder permissions.',
    );
  }
  return {
    path,
    remove: async () => {
      await session.run(`rm -rf ${shellQuote(path)}`);
    },
  };
}

/** Removes scratch folders older than a day that a crash or a lost connection left behind. */
export async function sweepStaleScratch(session: NasSession, chosenFolder: string): Promise<string[]> {
  const folder = shellQuote(chosenFolder);
  const pattern = shellQuote(scratchPrefix + uuidGlob);
  const result = await session.run(
    `[ -d ${folder} ] && find ${folder} -maxdepth 1 -type d -name ${pattern} -mtime +0 -print -exec rm -rf {} \\;`,
  );
  return result.stdout.split('\n').filter((line) => line !== '');
}

interface FolderState {
  freeBytes: number;
}

async function checkFolder(session: NasSession, chosenFolder: string): Promise<FolderState> {
  if (!chosenFolder.startsWith('/')) {
    throw refused(
      chosenFolder,
      'is not a full path on the NAS',
      'Give the full path, e.g. /volume1/share or /mnt/pool/share.',
    );
  }
  const p = shellQuote(chosenFolder);
  // One round trip; prints key=value lines. The path itself is never printed back.
  const script = [
    `p=${p}`,
    'if [ ! -e "$p" ]; then echo state=missing; exit 0; fi',
    'if [ -b "$p" ] || [ -c "$p" ]; then echo state=device; exit 0; fi',
    'if [ ! -d "$p" ]; then echo state=not-directory; exit 0; fi',
    'real=$(cd "$p" 2>/dev/null && pwd -P) || { echo state=no-access; exit 0; }',
    'case "$real" in /dev|/dev/*|/proc|/proc/*|/sys|/sys/*) echo state=system; exit 0;; esac',
    'if [ ! -w "$p" ]; then echo state=read-only; exit 0; fi',
    `echo "free_kib=$(df -P -k "$p" 2>/dev/null | tail -n 1 | awk '{print $4}')"`,
    'echo state=ok',
  ].join('\n');
  const output = await session.output(script);
  const values = new Map(output.split('\n').map((line) => line.split('=', 2) as [string, string]));
  const state = values.get('state');
  switch (state) {
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
        chosenFolder,
        'does not exist on the NAS',
        'Check the path; shared folders are usually under /volume1 (Synology), /share (QNAP) or /mnt (TrueNAS, Unraid).',
      );
    case 'device':
      throw refused(
        chosenFolder,
        'is a device, not a folder',
        'Choose a folder inside a shared folder; NASBench never writes to disks directly.',
      );
    case 'not-directory':
      throw refused(chosenFolder, 'is a file, not a folder', 'Choose the folder that contains it.');
    case 'system':
      throw refused(
        chosenFolder,
        'is a system folder (/dev, /proc or /sys)',
        'Choose a folder inside a shared folder.',
      );
    case 'read-only':
      throw new NasbenchError(
        'PERMISSION_DENIED',
        `The folder ${chosenFolder} is read-only for this user.`,
        'Choose a folder this user may write to, or log in as a user who may.',
      );
    case 'no-access':
      throw new NasbenchError(
        'PERMISSION_DENIED',
        `This user may not open the folder ${chosenFolder}.`,
        'Choose a folder this user may open and write to.',
      );
    default:
      throw new NasbenchError(
        'PARSE_ERROR',
        'The NAS gave an unexpected answer while checking the folder.',
        'Try again; if it persists, the NAS shell may not be POSIX sh.',
      );
  }
}

function refused(folder: string, what: string, hint: string): NasbenchError {
  return new NasbenchError('INVALID_INPUT', `The test folder ${folder} ${what}.`, hint);
}
