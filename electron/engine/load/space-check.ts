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
 * fio's server has no "free space" of its own, so two jobs on fio's null engine (no file is made)
 * each run one command on that computer through `exec_prerun`: the first reads the folder's free
 * space (`df`; PowerShell on Windows), the second compares it with what the run needs. A job does
 * I/O only when its command succeeded, which is what this computer's controller can see.
 * `neededBytes` is what every computer of the run writes together: their folders may all be on
 * the one share under test. null when the folder has room; the reason otherwise. A computer that
 * does not answer is left to the run, which names it.
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
  if (!commandSucceeded(run.output, commandJobName(dir, 'space-known')))
    return new NasbenchError(
      'TOOL_MISSING',
      `Could not tell how much room ${dir} has on ${helper.host}, so nothing was written there.`,
      isWindowsFolder(dir)
        ? 'NASBench asks Windows through PowerShell; check that PowerShell runs on that computer, or leave it out.'
        : 'NASBench asks with df; check that df works on that computer, or leave it out.',
    ).toJSON();
  if (commandSucceeded(run.output, commandJobName(dir, 'space-enough'))) return null;
  return new NasbenchError(
    'NOT_ENOUGH_SPACE',
    `${dir} on ${helper.host} has less than ${formatBytes(neededBytes + margin)} free: this run writes ` +
      `${formatBytes(neededBytes)} in all and keeps ${formatBytes(margin)} free. Nothing was written there.`,
    'Free space on that share, or choose a smaller file size or fewer computers (their files may all land on the one share).',
    { details: { neededBytes, marginBytes: margin } },
  ).toJSON();
}

/** The two null-engine jobs of the check: can the free space be read, and is it at least `atLeastBytes`? */
export function spaceCheckJobFile(dir: string, atLeastBytes: number): string {
  return [
    '[global]',
    `directory=${fioPath(dir)}`,
    'ioengine=null',
    'rw=write',
    'bs=4k',
    'size=4k',
    `[${commandJobName(dir, 'space-known')}]`,
    `exec_prerun=${freeSpaceCommand(dir, null)}`,
    `[${commandJobName(dir, 'space-enough')}]`,
    'stonewall',
    `exec_prerun=${freeSpaceCommand(dir, atLeastBytes)}`,
    '',
  ].join('\n');
}

/**
 * A command that succeeds when the folder's free space can be read and, given `atLeastBytes`, is
 * at least that. POSIX: `df -Pk`'s available KiB, the field before the capacity percentage (a
 * device name may hold spaces). Windows: the drive (or UNC share) of the folder through
 * FileSystemObject, sent as an encoded command since fio's job files end a line at `;`.
 */
export function freeSpaceCommand(dir: string, atLeastBytes: number | null): string {
  if (isWindowsFolder(dir)) {
    const path = dir.replaceAll("'", "''");
    const test = atLeastBytes === null ? '$d.IsReady' : `$d.IsReady -and $d.AvailableSpace -ge ${atLeastBytes}`;
    const script = [
      '$f = New-Object -ComObject Scripting.FileSystemObject',
      `$d = $f.GetDrive($f.GetDriveName('${path}'))`,
      `if (${test}) { exit 0 } else { exit 1 }`,
    ].join('\n');
    return `powershell -NoProfile -NonInteractive -EncodedCommand ${Buffer.from(script, 'utf16le').toString('base64')}`;
  }
  const available = `df -Pk "${dir}" | sed -n '2s/.* \\([0-9][0-9]*\\)  *[0-9][0-9]*% .*/\\1/p'`;
  if (atLeastBytes === null) return `[ -n "$(${available})" ]`;
  return `[ "$(${available})" -ge ${Math.ceil(atLeastBytes / 1024)} ]`;
}
