import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { checkFioJob, fioArgv, FioJob, type FioJobInput } from '../../electron/engine/disk/job';
import { parseFioReport, summarizeFioReport } from '../../electron/engine/disk/parse';
import { shellCommand } from '../../electron/engine/ssh/quote';
import { NasbenchError } from '../../shared/contract/errors';
import { tempDir } from './helpers';

const job: FioJobInput = {
  name: 'seq1m-q8t1-read',
  fileName: 'quick',
  rw: 'read',
  bs: 1024 * 1024,
  iodepth: 8,
  size: 256 * 1024 * 1024,
  runtime: 5,
  timeBased: true,
  direct: true,
};

const hostileFolders = [
  "it's",
  '$(touch PWNED1)',
  '`touch PWNED2`',
  'a;touch PWNED3',
  'with space',
  'a:b',
  '${HOME}',
  '-rf',
  'ünïcødé 名前',
  '"dq" && touch PWNED4 #',
  '*',
];

const cleanups: string[] = [];
afterAll(() => {
  for (const dir of cleanups) rmSync(dir, { recursive: true, force: true });
});

describe('fio job → argv', () => {
  it('builds the argv from checked options, always with JSON output and live status', () => {
    expect(fioArgv(checkFioJob(job), '/volume1/share/.nasbench-x')).toEqual([
      'fio',
      '--name=seq1m-q8t1-read',
      '--directory=/volume1/share/.nasbench-x',
      '--filename_format=quick.$jobnum.$filenum',
      '--rw=read',
      '--bs=1048576',
      '--iodepth=8',
      '--numjobs=1',
      '--size=268435456',
      '--runtime=5',
      '--time_based',
      '--direct=1',
      '--ioengine=libaio',
      '--group_reporting',
      '--refill_buffers',
      '--randrepeat=0',
      '--output-format=json',
      '--status-interval=1',
    ]);
  });

  it('adds steady state, ramp, end_fsync, rate and no preallocation when asked', () => {
    const argv = fioArgv(
      checkFioJob({
        ...job,
        runtime: 30,
        endFsync: true,
        rampTime: 2,
        preallocate: false,
        incompressible: false,
        rateBytesPerSecond: 4 * 1024 * 1024,
        steadyState: { criterion: 'bw_slope:0.5%', duration: 5, ramp: 2 },
      }),
      '/x',
    );
    expect(argv).toEqual(
      expect.arrayContaining([
        '--end_fsync=1',
        '--ramp_time=2',
        '--fallocate=none',
        '--zero_buffers',
        '--rate=4194304',
        '--ss=bw_slope:0.5%',
        '--ss_dur=5',
        '--ss_ramp=2',
      ]),
    );
  });

  it('escapes the colon fio would read as a list of directories', () => {
    expect(fioArgv(checkFioJob(job), '/share/a:b')).toContain('--directory=/share/a\\:b');
  });

  it.each([
    ['a name that is an option', { name: '--filename=/etc/passwd' }, 'name'],
    ['a name with a space', { name: 'a b' }, 'name'],
    ['a file name with a slash', { fileName: '../../etc/x' }, 'fileName'],
    ['a block size that is not whole sectors', { bs: 1000 }, 'bs'],
    ['a file smaller than a block', { size: 4096, bs: 8192 }, 'size'],
    [
      'steady state without time_based',
      { timeBased: false, steadyState: { criterion: 'iops:2%', duration: 3 } },
      'steadyState',
    ],
    [
      'a made-up steady-state criterion',
      { steadyState: { criterion: 'bw;rm -rf /', duration: 3 } },
      'steadyState.criterion',
    ],
    ['a time-based job without runtime', { runtime: undefined }, 'runtime'],
  ] as [string, Partial<FioJobInput>, string][])('refuses %s (INVALID_INPUT)', (_what, change, option) => {
    let error: unknown;
    try {
      checkFioJob({ ...job, ...change });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(NasbenchError);
    expect((error as NasbenchError).code).toBe('INVALID_INPUT');
    expect((error as NasbenchError).message).toContain(option);
  });

  it('every argument after fio is one --option, whatever the folder is called', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 60 }).filter((text) => !text.includes('\0')),
        (folder) => {
          const argv = fioArgv(checkFioJob(job), `/share/${folder}`);
          expect(argv[0]).toBe('fio');
          for (const argument of argv.slice(1)) expect(argument).toMatch(/^--[a-z_-]+(=[\s\S]*)?$/);
          expect(argv[2]).toBe(`--directory=/share/${folder.replaceAll(':', '\\:')}`);
        },
      ),
    );
  });

  it('any name the schema accepts is a plain word', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (name) => {
        if (FioJob.safeParse({ ...job, name }).success) expect(name).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*$/);
      }),
    );
  });

  it('reaches sh as the same words: nothing in a folder name is interpreted', () => {
    for (const folder of hostileFolders) {
      const argv = fioArgv(checkFioJob(job), `/share/${folder}`);
      const echoed = spawnSync('/bin/sh', ['-c', shellCommand(['printf', '%s\\0', ...argv.slice(1)])], {
        encoding: 'utf8',
      });
      expect(echoed.stdout.split('\0').slice(0, -1)).toEqual(argv.slice(1));
    }
  });

  // CI installs fio: without it this fails rather than skipping.
  it(
    'runs the local fio in folders with hostile names: files land there and nothing else happens',
    async () => {
      const root = await tempDir('fio-hostile');
      cleanups.push(root);
      for (const folder of hostileFolders) {
        const dir = path.join(root, folder);
        mkdirSync(dir);
        const small = checkFioJob({
          ...job,
          rw: 'write',
          bs: 4096,
          size: 64 * 1024,
          timeBased: false,
          direct: false,
          ioengine: 'psync',
        });
        const run = spawnSync('/bin/sh', ['-c', shellCommand(fioArgv(small, dir))], { encoding: 'utf8', cwd: root });
        expect(run.status, run.stderr).toBe(0);
        expect(summarizeFioReport(parseFioReport(run.stdout)).ioBytes).toBe(64 * 1024);
        expect(readdirSync(dir)).toEqual(['quick.0.0']);
      }
      expect(readdirSync(root).sort()).toEqual([...hostileFolders].sort());
    },
    // Real fio runs in ten folders: slow on a busy CI machine, and no timing is asserted.
    30_000,
  );
});
