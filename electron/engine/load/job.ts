import { NasbenchError } from '../../../shared/contract/errors';
import type { LoadHelper } from '../../../shared/contract/load';
import { isAbsoluteFolder } from '../../../shared/kinds/copy/words';
import { withoutTrailingSlashes } from '../../../shared/util/trailing-slashes';
import { fioPath } from '../disk';

/** Seconds each helper runs before fio starts counting: the helpers' starts differ by less than this. */
export const rampSeconds = 2;

export interface LoadJobSpec {
  runId: string;
  /** 1-based: names the helper's job and file ("helper-2"). */
  index: number;
  rw: 'write' | 'read';
  blockSizeBytes: number;
  fileSizeBytes: number;
  seconds: number;
  direct: boolean;
}

/**
 * Characters a helper's folder may not hold: fio's job file reads `;` and `#` as comments and `$`
 * as a variable, and the folder is named again in the `rmdir "…"` fio runs on the helper, where
 * `"`, `` ` `` and `%` would change the command. Control characters end the line.
 */
const unsafe = /["$`%;#!\p{Cc}]/u;

/** The helper's folder, refused with a plain reason when fio or the clean-up could misread it. */
export function checkHelperDir(helper: LoadHelper): string {
  const { dir } = helper;
  if (!isAbsoluteFolder(dir) || unsafe.test(dir)) {
    throw new NasbenchError(
      'INVALID_INPUT',
      `The share folder for ${helper.host} (${dir}) cannot be used.`,
      isAbsoluteFolder(dir)
        ? 'Use a folder whose name has none of these characters: " $ ` % ; # !'
        : 'Give the full path of the share as that computer sees it, e.g. /mnt/nas, /Volumes/share or Z:\\.',
    );
  }
  return dir;
}

/** The scratch folder's name: made by fio inside the helper's folder, removed by the job's last step. */
export const scratchName = (runId: string) => `.nasbench-load-${runId.slice(0, 8)}`;

/** A folder written the Windows way (`Z:\\`, `\\\\nas\\share`): that computer's fio runs commands through cmd.exe. */
export const isWindowsFolder = (dir: string) => /^([A-Za-z]:|\\\\)/.test(dir);

/** The helper's folder and the scratch folder joined the way that computer writes paths. */
export function scratchPath(dir: string, runId: string): string {
  const separator = isWindowsFolder(dir) ? '\\' : '/';
  return `${withoutTrailingSlashes(dir, { backslashes: true })}${separator}${scratchName(runId)}`;
}

/**
 * The name of a job that runs a command (`exec_prerun`). fio runs it as
 * `<command> > <job name>.prerun.txt 2>&1` in its server's working folder — a file outside any
 * scratch folder, on someone's computer (or in the NAS login's home), and where that folder is
 * not writable the command never runs. The name finishes that line instead: the output goes to
 * the null device and the rest is a no-op that ignores its words (`:` in sh, `rem` in cmd.exe), so
 * fio writes nothing and the job's exit status is the command's own.
 */
export function commandJobName(dir: string, name: string): string {
  return isWindowsFolder(dir) ? `NUL 2>&1 && rem ${name}` : `/dev/null 2>&1 && : ${name}`;
}

/** The clean-up's last job, by the name fio reports it under for this folder. */
export const removeFolderJob = (dir: string) => commandJobName(dir, 'remove-folder');

/**
 * The job file one helper's fio server runs. The measured job writes (or lays out, then reads)
 * one file in the scratch folder, past `rampSeconds`, and deletes it (unlink); a last group, run
 * after it (stonewall) even when it failed, removes the data file should it still be there and
 * then the empty scratch folder — `rmdir` removes nothing but an empty folder. fio creates the
 * scratch folder itself (the parent of `filename`); unique_filename=0 keeps fio from prefixing
 * names with this computer's address.
 */
export function loadJobFile(helper: LoadHelper, spec: LoadJobSpec): string {
  const dir = checkHelperDir(helper);
  const file = `${scratchName(spec.runId)}/helper-${spec.index}.data`;
  return [
    '[global]',
    `directory=${fioPath(dir)}`,
    'unique_filename=0',
    `filename=${file}`,
    'unlink=1',
    `[helper-${spec.index}]`,
    `rw=${spec.rw}`,
    `bs=${spec.blockSizeBytes}`,
    `size=${spec.fileSizeBytes}`,
    'time_based=1',
    `runtime=${spec.seconds}`,
    `ramp_time=${rampSeconds}`,
    `direct=${spec.direct ? 1 : 0}`,
    ...cleanupGroup(dir, spec.runId),
    '',
  ].join('\n');
}

/**
 * Before a read: the file laid out (written once) on every helper, so that the reads then start
 * together rather than each after its own layout. The file stays for the read job, which deletes it.
 */
export function layoutJobFile(helper: LoadHelper, spec: LoadJobSpec): string {
  const dir = checkHelperDir(helper);
  return [
    '[global]',
    `directory=${fioPath(dir)}`,
    'unique_filename=0',
    `filename=${scratchName(spec.runId)}/helper-${spec.index}.data`,
    `[layout-${spec.index}]`,
    'rw=write',
    `bs=${spec.blockSizeBytes}`,
    `size=${spec.fileSizeBytes}`,
    'create_only=1',
    '',
  ].join('\n');
}

/** Only the clean-up: for a helper whose measured job was stopped (cancel) before its own clean-up ran. */
export function cleanupJobFile(helper: LoadHelper, runId: string, index: number): string {
  const dir = checkHelperDir(helper);
  return [
    '[global]',
    `directory=${fioPath(dir)}`,
    'unique_filename=0',
    `filename=${scratchName(runId)}/helper-${index}.data`,
    'unlink=1',
    ...cleanupGroup(dir, runId),
    '',
  ].join('\n');
}

/**
 * The last group removes the empty scratch folder with `rmdir`, which removes nothing but an empty
 * folder; it does no I/O (null engine) unless the command succeeded, so its terse line's write
 * count says whether the folder is gone.
 */
function cleanupGroup(dir: string, runId: string): string[] {
  return [
    // Opens (or makes, 4 KiB) the data file only to delete it: fio has no "delete" of its own.
    '[remove-data]',
    'stonewall',
    'rw=write',
    'bs=4k',
    'size=4k',
    'time_based=0',
    'direct=0',
    `[${removeFolderJob(dir)}]`,
    'stonewall',
    'ioengine=null',
    'rw=write',
    'bs=4k',
    'size=4k',
    `exec_prerun=${removeEmptyFolder(dir, scratchPath(dir, runId))}`,
  ];
}

/**
 * `rmdir` of the scratch folder, which succeeds too when the folder was never made (a job that
 * failed before its first write), so that a failure means a folder that is still there.
 */
function removeEmptyFolder(dir: string, folder: string): string {
  return isWindowsFolder(dir) ? `if exist "${folder}" rmdir "${folder}"` : `[ ! -e "${folder}" ] || rmdir "${folder}"`;
}
