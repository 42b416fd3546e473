import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/cli/program';
import { shellQuote } from '../../electron/engine/ssh/quote';
import { openScratchFolder, sweepStaleScratch } from '../../electron/engine/ssh/scratch';
import type { NasLogin } from '../../electron/engine/ssh/login';
import { nasExec } from '../lab/lab';
import { tempDir } from '../unit/helpers';
import { errorOf, lab, labSession } from './lab-login';

let session: NasLogin;

beforeAll(async () => {
  session = await labSession();
});

afterAll(() => {
  session.close();
  // Leave the share as the lab made it: empty.
  nasExec(['find', lab.share, '-mindepth', '1', '-delete']);
});

/** Every path under the share with its type, as seen on the NAS (NUL-separated: names may hold newlines). */
function shareTree(): string[] {
  const listing = nasExec(['find', lab.share, '-printf', '%y %p\\0']);
  expect(listing.code).toBe(0);
  return listing.stdout.split('\0').filter(Boolean).sort();
}

/** Runs as the test user on the NAS, by argv (never through a shell on our side). */
function asTestUser(...argv: string[]): void {
  const run = nasExec(['runuser', '-u', lab.users.test.name, '--', ...argv]);
  expect(run.code, run.stderr).toBe(0);
}

const hostileNames = [
  "it's",
  '$(touch PWNED1)',
  '`touch PWNED2`',
  'a;touch PWNED3',
  '-rf',
  'with space',
  'ünïcødé 名前',
  '"dq" && touch PWNED4',
  '*',
];

describe('scratch folders on the NAS', () => {
  it('treats hostile folder names as data: only the scratch folder is created and removed', async () => {
    for (const name of hostileNames) asTestUser('mkdir', '-p', `${lab.share}/${name}`);
    const before = shareTree();
    for (const name of hostileNames) {
      const scratch = await openScratchFolder(session, `${lab.share}/${name}`, randomUUID(), 1024 * 1024);
      expect(scratch.path).toBe(`${lab.share}/${name}/.nasbench-${scratch.path.split('.nasbench-')[1]}`);
      const write = await session.run(
        `dd if=/dev/zero of=${shellQuote(`${scratch.path}/test.bin`)} bs=64k count=4 2>&1`,
      );
      expect(write.code).toBe(0);
      const during = shareTree();
      expect(during.filter((entry) => !before.includes(entry))).toEqual([
        `d ${scratch.path}`,
        `f ${scratch.path}/.nasbench-run`,
        `f ${scratch.path}/test.bin`,
      ]);
      await scratch.remove();
    }
    expect(shareTree()).toEqual(before);
    const pwned = nasExec(['find', '/srv/nasbench-lab', '/tmp', '-name', 'PWNED*']);
    expect(pwned.stdout).toBe('');
  });

  it.each([
    ['/dev/sda', /does not exist|device/],
    ['/dev/null', /device/],
    ['/dev', /system folder/],
    ['/proc', /system folder/],
    ['/proc/self', /system folder/],
    ['/sys/class', /system folder/],
    ['relative/path', /full path/],
    [`${lab.share}/new\nline`, /line break/],
    [`${lab.share}/../share`, /\.\./],
    ['/', /root folder/],
    [`${lab.share}/no-such-folder`, /does not exist/],
  ])('refuses %s with a clear error', async (folder, message) => {
    const error = await errorOf(openScratchFolder(session, folder, randomUUID(), 1024));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toMatch(message);
    expect(error.hint.length).toBeGreaterThan(10);
  });

  it('refuses a regular file and a read-only folder', async () => {
    asTestUser('sh', '-c', `echo data > ${shellQuote(`${lab.share}/a-file`)}`);
    const file = await errorOf(openScratchFolder(session, `${lab.share}/a-file`, randomUUID(), 1024));
    expect(file).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/is a file/) });
    expect(nasExec(['install', '-d', '-o', 'root', '-m', '0755', `${lab.share}/read-only`]).code).toBe(0);
    const readOnly = await errorOf(openScratchFolder(session, `${lab.share}/read-only`, randomUUID(), 1024));
    expect(readOnly).toMatchObject({ code: 'PERMISSION_DENIED', message: expect.stringMatching(/read-only/) });
  });

  it('refuses a test that does not fit, before writing anything (NOT_ENOUGH_SPACE)', async () => {
    const before = nasExec(['find', lab.tiny]).stdout;
    const error = await errorOf(openScratchFolder(session, lab.tiny, randomUUID(), 256 * 1024 * 1024));
    expect(error.code).toBe('NOT_ENOUGH_SPACE');
    expect(error.message).toMatch(/free/);
    expect(nasExec(['find', lab.tiny]).stdout).toBe(before);
  });

  it('removes the scratch folder and kills the remote command when a long command is cancelled', async () => {
    const scratch = await openScratchFolder(session, lab.share, randomUUID(), 1024);
    const marker = `nasbench-cancel-${Date.now()}`;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 1_000);
    const started = performance.now();
    const error = await errorOf(
      (async () => {
        try {
          await session.run(`cd ${shellQuote(scratch.path)} && sleep 120 | cat && echo ${marker}`, {
            signal: controller.signal,
          });
        } finally {
          await scratch.remove();
        }
      })(),
    );
    expect(error.code).toBe('CANCELLED');
    expect(performance.now() - started).toBeLessThan(5_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const processes = nasExec(['ps', '-u', lab.users.test.name, '-o', 'args=']).stdout;
    expect(processes).not.toMatch(/sleep 120/);
    expect(nasExec(['test', '-e', scratch.path]).code).not.toBe(0);
  });

  it('sweeps scratch folders older than a day that NASBench can prove it made, and only those', async () => {
    const twoDaysAgo = Math.floor(Date.now() / 1000) - 2 * 24 * 3600;
    const made = (id: string, created: number) =>
      `NASBench test folder: safe to delete.\nrun=${id}\ncreated=${created}\n`;
    const writeFile = (file: string, text: string) =>
      asTestUser('sh', '-c', `printf %s ${shellQuote(text)} > ${shellQuote(file)}`);
    const scratchOf = (id: string) => `${lab.share}/.nasbench-${id}`;
    const [stale, fresh, noMarker, otherRun, markerIsLink, symlinked] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    for (const id of [stale, fresh, noMarker, otherRun, markerIsLink]) asTestUser('mkdir', scratchOf(id));
    writeFile(`${scratchOf(stale)}/.nasbench-run`, made(stale, twoDaysAgo));
    writeFile(`${scratchOf(fresh)}/.nasbench-run`, made(fresh, Math.floor(Date.now() / 1000)));
    writeFile(`${scratchOf(otherRun)}/.nasbench-run`, made(randomUUID(), twoDaysAgo));
    // A marker that is a symlink, and a scratch-looking symlink to a real stale scratch folder elsewhere.
    const elsewhere = `${lab.share}/elsewhere`;
    asTestUser('mkdir', elsewhere, `${elsewhere}/.nasbench-${symlinked}`);
    writeFile(`${elsewhere}/m`, made(markerIsLink, twoDaysAgo));
    asTestUser('ln', '-s', `${elsewhere}/m`, `${scratchOf(markerIsLink)}/.nasbench-run`);
    writeFile(`${elsewhere}/.nasbench-${symlinked}/.nasbench-run`, made(symlinked, twoDaysAgo));
    asTestUser('ln', '-s', `${elsewhere}/.nasbench-${symlinked}`, scratchOf(symlinked));
    const before = shareTree();

    expect(await sweepStaleScratch(session, lab.share)).toEqual([scratchOf(stale)]);
    expect(shareTree()).toEqual(before.filter((entry) => !entry.includes(`.nasbench-${stale}`)));
    asTestUser('rm', '-r', ...[fresh, noMarker, otherRun, markerIsLink, symlinked].map(scratchOf), elsewhere);
  });

  it('reads a marker on the NAS to its first 512 bytes: a 1 TiB one is judged in time, lines past 512 do not count', async () => {
    const twoDaysAgo = Math.floor(Date.now() / 1000) - 2 * 24 * 3600;
    const marker = (id: string) => `NASBench test folder: safe to delete.\nrun=${id}\ncreated=${twoDaysAgo}\n`;
    const scratchOf = (id: string) => `${lab.share}/.nasbench-${id}`;
    const [huge, lateLines] = [randomUUID(), randomUUID()];
    for (const id of [huge, lateLines]) asTestUser('mkdir', scratchOf(id));
    asTestUser('sh', '-c', `printf %s ${shellQuote(marker(huge))} > ${shellQuote(`${scratchOf(huge)}/.nasbench-run`)}`);
    // Sparse: a terabyte that takes no room, which the sweep's 30 s could not read through.
    asTestUser('truncate', '-s', '1T', `${scratchOf(huge)}/.nasbench-run`);
    const padded = `${'#'.repeat(512)}\n${marker(lateLines)}`;
    asTestUser('sh', '-c', `printf %s ${shellQuote(padded)} > ${shellQuote(`${scratchOf(lateLines)}/.nasbench-run`)}`);

    expect(await sweepStaleScratch(session, lab.share)).toEqual([scratchOf(huge)]);
    expect(nasExec(['test', '-d', scratchOf(lateLines)]).code).toBe(0);
    asTestUser('rm', '-r', scratchOf(lateLines));
  });

  it('refuses to sweep a folder whose name is not a full path, before anything reaches the NAS', async () => {
    for (const folder of ['-delete', '--', 'share', '~', '.']) {
      expect((await errorOf(sweepStaleScratch(session, folder))).code).toBe('INVALID_INPUT');
    }
  });
});

describe('a scratch folder that cannot be removed', () => {
  it('is named in the disk test’s result, and the figures stand', async () => {
    const folder = `${lab.share}/stuck-${randomUUID()}`;
    asTestUser('mkdir', folder);
    let stdout = '';
    const login = ['--host', lab.legs.a.nas, '--user', lab.users.test.name, '--trust-new-host'];
    const running = runCli(
      [
        '--json',
        '--data-dir',
        await tempDir('scratch-stuck'),
        'disk',
        ...login,
        '--dir',
        folder,
        '--preset',
        'ars',
        '--time',
        '2',
        '--size',
        '8M',
      ],
      {
        stdout: (text) => (stdout += text),
        stderr: () => undefined,
        env: { NASBENCH_PASSWORD: lab.users.test.password },
      },
    );
    // While it runs, another user (here root) puts a folder with a file in it: the test's login cannot remove it.
    const scratchOf = () => nasExec(['find', folder, '-maxdepth', '1', '-name', '.nasbench-*']).stdout.trim();
    await expect.poll(scratchOf, { timeout: 30_000 }).not.toBe('');
    const scratch = scratchOf();
    expect(nasExec(['sh', '-c', 'mkdir "$1/not-yours" && touch "$1/not-yours/file"', 'sh', scratch]).code).toBe(0);
    await running;
    try {
      const json = JSON.parse(stdout) as { ok: boolean; tests: unknown[]; leftBehind?: unknown };
      expect(json.ok).toBe(true);
      expect(json.tests.length).toBeGreaterThan(0);
      expect(json.leftBehind).toEqual([{ path: scratch, where: 'nas' }]);
    } finally {
      nasExec(['rm', '-rf', folder]);
    }
  }, 120_000);
});
