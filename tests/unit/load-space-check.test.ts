import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandSucceeded } from '../../electron/engine/load/fio-output';
import { commandJobName } from '../../electron/engine/load/job';
import { freeSpaceCommand, spaceCheckJobFile } from '../../electron/engine/load/space-check';
import { tempDirSync } from './helpers';

/**
 * The load test's free-space check on another computer, which only fio's server reaches: two
 * null-engine jobs whose commands read the folder's free space. Captured from fio 3.33's client and
 * server (tests/fixtures/fio-load/space-*), and the commands run here under dash and BusyBox.
 */
const fixture = (name: string) => readFileSync(`tests/fixtures/fio-load/${name}`, 'utf8');
const asked = (output: string, dir: string) => commandSucceeded(output, commandJobName(dir, 'space-asked'));
const known = (output: string, dir: string) => commandSucceeded(output, commandJobName(dir, 'space-known'));
const enough = (output: string, dir: string) => commandSucceeded(output, commandJobName(dir, 'space-enough'));

/** Runs a command as fio's exec_prerun does (system(): /bin/sh -c), under the given sh and its df/sed. */
function exitOf(command: string, shell: 'dash' | 'busybox'): number | null {
  if (shell === 'dash') return spawnSync('/bin/dash', ['-c', command]).status;
  const applets = tempDirSync('busybox');
  try {
    for (const applet of ['df', 'sed', '[']) symlinkSync('/bin/busybox', path.join(applets, applet));
    return spawnSync('/bin/busybox', ['sh', '-c', command], { env: { PATH: applets } }).status;
  } finally {
    rmSync(applets, { recursive: true, force: true });
  }
}

describe('free space on a computer only fio reaches', () => {
  it('reads the captured check: a folder with room, an 8 MiB one asked for 544 MiB, a share that reports no sizes', () => {
    expect(fixture('space-room-job.fio')).toBe(spaceCheckJobFile('/tmp/fl/d1', 544 * 2 ** 20));
    const room = fixture('space-room-output.txt');
    expect([asked(room, '/tmp/fl/d1'), known(room, '/tmp/fl/d1'), enough(room, '/tmp/fl/d1')]).toEqual([
      true,
      true,
      true,
    ]);
    const short = fixture('space-short-output.txt');
    expect([asked(short, '/tmp/fl/small'), known(short, '/tmp/fl/small'), enough(short, '/tmp/fl/small')]).toEqual([
      true,
      true,
      false,
    ]);
    // smbnetfs: df answers, with no sizes ("0 0 0 -"): not known, which the run does not take for full.
    const dir = '/run/nasbench-lab-mnt/smb/198.18.1.2/share';
    const unreported = fixture('space-unreported-output.txt');
    expect([asked(unreported, dir), known(unreported, dir), enough(unreported, dir)]).toEqual([true, false, false]);
  });

  it.each(['dash', 'busybox'] as const)(
    'the POSIX commands answer under %s: room, no room, no such folder',
    (shell) => {
      const folder = tempDirSync('space');
      try {
        expect(exitOf(freeSpaceCommand(folder, null), shell)).toBe(0);
        expect(exitOf(freeSpaceCommand(folder, 4096), shell)).toBe(0);
        // More than any disk here holds (1 EiB).
        expect(exitOf(freeSpaceCommand(folder, 2 ** 60), shell)).not.toBe(0);
        expect(exitOf(freeSpaceCommand(`${folder}/not-there`, null), shell)).not.toBe(0);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  );

  it('asks Windows through an encoded PowerShell command: no ; or # for fio to cut, the folder and size inside', () => {
    const command = freeSpaceCommand("Z:\\it's here", 5 * 2 ** 30);
    expect(command).toMatch(/^powershell -NoProfile -NonInteractive -EncodedCommand [A-Za-z0-9+/=]+$/);
    const script = Buffer.from(command.split(' ').at(-1) ?? '', 'base64').toString('utf16le');
    expect(script).toContain("GetDriveName('Z:\\it''s here')");
    expect(script).toContain(`AvailableSpace -ge ${5 * 2 ** 30}`);
    const job = spaceCheckJobFile('Z:\\share', 2 ** 30);
    expect(job).toContain('[NUL 2>&1 && rem space-enough]');
    expect(job.split('\n').join('')).not.toMatch(/[;#]/);
  });
});
