import { NasbenchError, type AppError } from '../../../shared/contract/errors';
import type { LoadHelper } from '../../../shared/contract/load';
import { formatBytes } from '../../../shared/util/units';
import { fioPath } from '../disk';
import { spaceMargin } from '../ssh';
import { runController, type ServerAddress } from './controller';
import { readGreeting, commandSucceeded } from './fio-output';
import { helperError } from './helper-errors';
import { checkHelperDir, commandJobName, isWindowsFolder } from './job';

/**
 * Whether one computer's folder has room for a load run, asked before anything is written there.
 * fio's server has no "free space" of its own, so three jobs on fio's null engine (no file is made)
 * each run one command on that computer through `exec_prerun`: whether the folder's free space can
 * be asked at all (`df`; PowerShell on Windows), whether its file system reports sizes, and whether
 * what it reports is at least what the run needs. A job does I/O only when its command succeeded,
 * which is what this computer's controller can see. `neededBytes` is what every computer of the
 * run writes together: their folders may all be on the one share under test. null when the folder
 * has room, or its file system reports no sizes at all (smbnetfs, gvfs, a few FUSE ones: the copy
 * test treats them alike, and a share that fills ends that computer's part with DISK_FULL); the
 * reason otherwise. A computer that does not answer is left to the run, which names it.
 */
export async function roomFor(
  helper: LoadHelper,
  server: ServerAddress,
  neededBytes: number,
  fio: string,
): Promise<AppError | null> {
  const dir = checkHelperDir(helper);
  const margin = spaceMargin(neededBytes);
  const job = spaceCheckJobFile(dir, neededBytes + margin);
  const run = await runController(server, job, { fio, signal: new AbortController().signal, watchdogMs: 30_000 });
  if (readGreeting(run.output).fioVersion === null) return null;
  const problem = helperError(helper, run, 0);
  if (problem) return problem;
  if (!commandSucceeded(run.output, commandJobName(dir, 'space-asked')))
    return new NasbenchError(
      'TOOL_MISSING',
      `Could not tell how much room ${dir} has on ${helper.host}, so nothing was written there.`,
      isWindowsFolder(dir)
        ? 'NASBench asks Windows through PowerShell; check that PowerShell runs on that computer, or leave it out.'
        : 'NASBench asks with df; check that df works on that computer, or leave it out.',
    ).toJSON();
  if (!commandSucceeded(run.output, commandJobName(dir, 'space-known'))) return null;
  if (commandSucceeded(run.output, commandJobName(dir, 'space-enough'))) return null;
  return new NasbenchError(
    'NOT_ENOUGH_SPACE',
    `${dir} on ${helper.host} has less than ${formatBytes(neededBytes + margin)} free: this run writes ` +
      `${formatBytes(neededBytes)} in all and keeps ${formatBytes(margin)} free. Nothing was written there.`,
    'Free space on that share, or choose a smaller file size or fewer computers (their files may all land on the one share).',
    { details: { neededBytes, marginBytes: margin } },
  ).toJSON();
}

/** The null-engine jobs of the check: can the free space be asked, is it reported, is it at least `atLeastBytes`? */
export function spaceCheckJobFile(dir: string, atLeastBytes: number): string {
  return [
    '[global]',
    `directory=${fioPath(dir)}`,
    'ioengine=null',
    'rw=write',
    'bs=4k',
    'size=4k',
    `[${commandJobName(dir, 'space-asked')}]`,
    `exec_prerun=${spaceAskedCommand(dir)}`,
    `[${commandJobName(dir, 'space-known')}]`,
    'stonewall',
    `exec_prerun=${freeSpaceCommand(dir, null)}`,
    `[${commandJobName(dir, 'space-enough')}]`,
    'stonewall',
    `exec_prerun=${freeSpaceCommand(dir, atLeastBytes)}`,
    '',
  ].join('\n');
}

/** A command that succeeds when the folder's file system can be asked for its free space at all. */
export function spaceAskedCommand(dir: string): string {
  if (!isWindowsFolder(dir)) return `df -Pk "${dir}"`;
  return powershell([
    '$f = New-Object -ComObject Scripting.FileSystemObject',
    `if ($f.FolderExists('${dir.replaceAll("'", "''")}')) { exit 0 } else { exit 1 }`,
  ]);
}

/** A PowerShell script as one command line fio can hold: encoded, since fio's job files end a line at `;`. */
function powershell(lines: string[]): string {
  return `powershell -NoProfile -NonInteractive -EncodedCommand ${Buffer.from(lines.join('\n'), 'utf16le').toString('base64')}`;
}

/**
 * A command that succeeds when the folder's file system reports its free space and, given
 * `atLeastBytes`, it is at least that. POSIX: `df -Pk`'s available KiB, the field before the
 * capacity percentage (a device name may hold spaces; a file system that reports no sizes prints
 * "-" there). Windows: the drive (or UNC share) of the folder through FileSystemObject.
 */
export function freeSpaceCommand(dir: string, atLeastBytes: number | null): string {
  if (isWindowsFolder(dir)) {
    const path = dir.replaceAll("'", "''");
    const test =
      atLeastBytes === null
        ? '$d.IsReady -and $d.TotalSize -gt 0'
        : `$d.IsReady -and $d.AvailableSpace -ge ${atLeastBytes}`;
    return powershell([
      '$f = New-Object -ComObject Scripting.FileSystemObject',
      `$d = $f.GetDrive($f.GetDriveName('${path}'))`,
      `if (${test}) { exit 0 } else { exit 1 }`,
    ]);
  }
  const available = `df -Pk "${dir}" | sed -n '2s/.* \\([0-9][0-9]*\\)  *[0-9][0-9]*% .*/\\1/p'`;
  if (atLeastBytes === null) return `[ -n "$(${available})" ]`;
  return `[ "$(${available})" -ge ${Math.ceil(atLeastBytes / 1024)} ]`;
}
