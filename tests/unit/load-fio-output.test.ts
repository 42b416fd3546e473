import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  commandSucceeded,
  fioComplaints,
  progressRate,
  readGreeting,
  terseJob,
} from '../../electron/engine/load/fio-output';
import { helperError } from '../../electron/engine/load/helper-errors';
import {
  checkHelperDir,
  cleanupJobFile,
  commandJobName,
  loadJobFile,
  removeFolderJob,
  scratchPath,
} from '../../electron/engine/load/job';

/** fio's client/server output as captured from fio 3.33 (tests/fixtures/fio-load/, two servers on loopback). */
const fixture = (name: string) => readFileSync(`tests/fixtures/fio-load/${name}`, 'utf8');
const helper = { host: '192.168.1.20', port: 8765, dir: '/mnt/nas' };
const spec = {
  runId: 'abcdef01-2345',
  index: 2,
  rw: 'write' as const,
  blockSizeBytes: 2 ** 20,
  fileSizeBytes: 2 ** 30,
  seconds: 20,
  direct: true,
};
const ended = (output: string, stdout = '') => ({
  output,
  stdout,
  exitCode: 0,
  firstRateAt: null,
  stoppedBy: 'end' as const,
});

describe("fio's client/server output", () => {
  it('reads the exact counts from the terse line: 614,400 KiB in 3,001 ms (200 MiB/s asked for)', () => {
    const job = terseJob(fixture('write-output.txt'), 'helper-1');
    expect(job).toEqual({ name: 'helper-1', error: 0, read: { kib: 0, ms: 0 }, write: { kib: 614400, ms: 3001 } });
    expect(((job?.write.kib ?? 0) * 1024) / ((job?.write.ms ?? 1) / 1000)).toBeCloseTo(209.6e6, -5);
    expect(terseJob(fixture('read-output.txt'), 'helper-1')?.read).toEqual({ kib: 614400, ms: 3001 });
    expect(terseJob(fixture('write-output.txt'), removeFolderJob('/tmp/fl/d1'))?.error).toBe(0);
    expect(terseJob(fixture('write-output.txt'), 'helper-9')).toBeNull();
  });

  it('reads the live rate from progress lines: "205M" is 205,000 KiB/s counted in thousands → 209.9 MB/s', () => {
    const rates = fixture('write-eta.txt')
      .split(/\r\n|\r|\n/)
      .map(progressRate);
    expect(rates.filter((rate) => rate !== null).map((rate) => Math.round((rate ?? 0) / 1e5) / 10)).toEqual([
      86.2, 209.9, 209.9,
    ]);
    // Starting, with no rate yet (the read capture's first line).
    expect(progressRate(fixture('read-eta.txt').split('\r')[0] ?? '')).toBeNull();
    expect(progressRate('Jobs: 2 (f=2): [R(1),W(1)][50.0%][r=1024k,w=2048k][r=1,w=2 IOPS][eta 00m:05s]')).toBeCloseTo(
      3145.728e3,
      0,
    );
  });

  it("reads the helper's fio and system from its greeting, and fio's own complaints", () => {
    expect(readGreeting(fixture('write-output.txt'))).toEqual({ fioVersion: 'fio-3.33', os: 'Linux' });
    expect(fioComplaints(fixture('missing-folder-output.txt'))[0]).toBe('/tmp/fl/nothere is not a directory');
  });

  it('says what went wrong on a helper with a code and what to do', () => {
    const where = { host: '127.0.0.1', port: 18799, dir: '/tmp/fl/d1' };
    expect(helperError(where, ended('', fixture('refused-stdout.txt')), null)).toMatchObject({
      code: 'UNREACHABLE',
      hint: expect.stringContaining('fio --server'),
    });
    // The NAS's own fio server is NASBench's, reached through the SSH login: nothing to start, no port to open.
    const onNas = helperError({ ...where, onNas: true }, ended('', fixture('refused-stdout.txt')), null);
    expect(onNas).toMatchObject({ code: 'UNREACHABLE', message: expect.stringContaining('SSH login') });
    expect(`${onNas?.message} ${onNas?.hint}`).not.toMatch(/fio --server|port|firewall/i);
    expect(helperError(where, ended(fixture('missing-folder-output.txt')), null)?.code).toBe('NOT_FOUND');
    expect(helperError(where, ended(fixture('write-output.txt')), 0)).toBeNull();
    expect(helperError(where, ended(fixture('write-output.txt')), 28)?.code).toBe('DISK_FULL');
    expect(helperError(where, ended(''), null)?.code).toBe('LINK_LOST');
    expect(helperError(where, { ...ended(''), stoppedBy: 'cancel' }, null)?.code).toBe('CANCELLED');
  });
});

describe('the job a helper runs', () => {
  it('writes one file in a scratch folder fio makes, past a ramp-up, then deletes it and removes the folder', () => {
    const job = loadJobFile(helper, spec);
    expect(job).toContain('directory=/mnt/nas\n');
    expect(job).toContain('filename=.nasbench-load-abcdef01/helper-2.data\n');
    expect(job).toContain('unique_filename=0\n');
    expect(job).toMatch(
      /\[helper-2\]\nrw=write\nbs=1048576\nsize=1073741824\ntime_based=1\nruntime=20\nramp_time=2\ndirect=1\n/,
    );
    expect(job).toMatch(
      /\[remove-data\]\nstonewall[\s\S]*\[\/dev\/null 2>&1 && : remove-folder\]\nstonewall\nioengine=null/,
    );
    expect(job).toContain(
      'exec_prerun=[ ! -e "/mnt/nas/.nasbench-load-abcdef01" ] || rmdir "/mnt/nas/.nasbench-load-abcdef01"\n',
    );
    expect(cleanupJobFile(helper, spec.runId, 2)).not.toContain('[helper-2]');
  });

  it('names a command job so that fio writes no side file: its output to the null device, the rest a no-op', () => {
    // fio runs "<command> > <job name>.prerun.txt 2>&1" (backend.c, exec_string).
    const line = (dir: string) => `rmdir "x" > ${commandJobName(dir, 'remove-folder')}.prerun.txt 2>&1`;
    expect(line('/mnt/nas')).toBe('rmdir "x" > /dev/null 2>&1 && : remove-folder.prerun.txt 2>&1');
    expect(line('Z:\\')).toBe('rmdir "x" > NUL 2>&1 && rem remove-folder.prerun.txt 2>&1');
    const windows = loadJobFile({ ...helper, dir: 'Z:\\share' }, spec);
    expect(windows).toContain('[NUL 2>&1 && rem remove-folder]');
    expect(windows).toContain(
      'exec_prerun=if exist "Z:\\share\\.nasbench-load-abcdef01" rmdir "Z:\\share\\.nasbench-load-abcdef01"\n',
    );
    // fio cuts a job file's line at ; and #: none may appear in what it must run whole.
    for (const job of [loadJobFile(helper, spec), windows]) {
      const names = job.split('\n').filter((row) => row.startsWith('[') || row.startsWith('exec_prerun='));
      expect(names.join('')).not.toMatch(/[;#]/);
    }
  });

  it('tells from the clean-up’s last job whether the scratch folder went (captured: it did, in both)', () => {
    expect(commandSucceeded(fixture('write-output.txt'), removeFolderJob('/tmp/fl/d1'))).toBe(true);
    expect(commandSucceeded(fixture('read-output.txt'), removeFolderJob('/tmp/fl/d1'))).toBe(true);
    // A job of another name, or none: not removed.
    expect(commandSucceeded(fixture('write-output.txt'), 'remove-folder')).toBe(false);
    expect(commandSucceeded(fixture('missing-folder-output.txt'), removeFolderJob('/tmp/fl/nothere'))).toBe(false);
  });

  it("names the scratch folder the way the helper writes paths; escapes a drive letter's colon for fio", () => {
    expect(scratchPath('Z:\\', 'abcdef0123')).toBe('Z:\\.nasbench-load-abcdef01');
    expect(scratchPath('\\\\nas\\share', 'abcdef0123')).toBe('\\\\nas\\share\\.nasbench-load-abcdef01');
    expect(scratchPath('/Volumes/share/', 'abcdef0123')).toBe('/Volumes/share/.nasbench-load-abcdef01');
    expect(loadJobFile({ ...helper, dir: 'Z:\\' }, spec)).toContain('directory=Z\\:\\\n');
  });

  it.each([
    ['a relative folder', 'share'],
    ['a quote that would end the rmdir', '/mnt/a"; rm -rf ~; "'],
    ['a variable fio would expand', '/mnt/$HOME'],
    ['a comment fio would cut off', '/mnt/a;b'],
    ['a Windows variable', 'Z:\\%USERPROFILE%'],
    ['a line break', '/mnt/a\nexec_prerun=x'],
  ])('refuses %s with a plain reason', (_what, dir) => {
    expect(() => checkHelperDir({ ...helper, dir })).toThrow(/cannot be used/);
  });
});
