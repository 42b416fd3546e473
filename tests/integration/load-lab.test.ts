// lab: needs a quiet machine — each computer's figure against its 1 Gbit/s leg, the NAS's against fio by hand
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/cli/program';
import { checkLoadHelper } from '../../electron/engine/load/check-helper';
import { answersElsewhereWords } from '../../shared/kinds/load/words';
import { goodputBytesPerSecond } from '../../shared/verdicts';
import { clientExec, nasCommandLines, nasExec, readLab, runsProgram, type LabInfo } from '../lab/lab';
import {
  helperWorkFolders,
  secondAddressOf,
  leftOnNas,
  loadHelpers,
  smallShare,
  loadHelpersDown,
  loadHelpersUp,
  startHelperServer,
  stopHelperServer,
} from '../lab/load-helpers';
import { measureAgainIfOff } from '../helpers/measure-again';
import { expectNearYardstick, yardstickShortfall } from '../helpers/yardstick';
import { tempDir } from '../unit/helpers';

/**
 * Two other computers load the lab NAS at once (issue #18): each a namespace with its own 1 Gbit/s
 * leg to the NAS, the share mounted over sshfs through that leg, and `fio --server`; this
 * computer's controller drives both (tests/lab/load-helpers.sh). One alone fills its leg; together
 * they carry about twice as much, and nothing is left on the NAS.
 */
const folder = 'load-lab';
let lab: LabInfo;

beforeAll(() => {
  lab = readLab();
  loadHelpersUp(lab, folder);
  // The NAS's own folder for its part: in RAM, where a figure repeats to a few percent (this VM's disk does not).
  nasExec(['install', '-d', '-o', lab.users.test.name, '-g', lab.users.test.name, `${lab.ram}/${folder}`]);
}, 60_000);
afterAll(() => {
  nasExec(['rm', '-rf', `${lab.ram}/${folder}`]);
  loadHelpersDown(lab, folder);
});

async function load(count: number, dataDir?: string, extra: string[] = [], env: NodeJS.ProcessEnv = {}) {
  let stdout = '';
  const argv = loadHelpers
    .slice(0, count)
    .flatMap((helper) => ['--client', helper.control, '--dir', `${helper.mount}/${folder}`]);
  const code = await runCli(
    [
      '--json',
      '--data-dir',
      dataDir ?? (await tempDir('load-lab')),
      'load',
      ...argv,
      '--size',
      '256M',
      '--time',
      '6',
      ...extra,
    ],
    { stdout: (text) => (stdout += text), stderr: () => undefined, env },
  );
  expect(code).toBe(0);
  return JSON.parse(stdout) as {
    clients: { ok: boolean; bytesPerSecond: number; onNas?: boolean; leftBehind?: string; error?: { code: string } }[];
    total: { bytesPerSecond: number };
  };
}

async function loadWith(helpers: { client: string; dir: string }[], dataDir: string, extra: string[], seconds = 6) {
  let stdout = '';
  const argv = helpers.flatMap((helper) => ['--client', helper.client, '--dir', helper.dir]);
  const code = await runCli(
    ['--json', '--data-dir', dataDir, 'load', ...argv, '--size', '256M', '--time', String(seconds), ...extra],
    {
      stdout: (text) => (stdout += text),
      stderr: () => undefined,
      env: { NASBENCH_PASSWORD: lab.users.test.password },
    },
  );
  expect(code).toBe(0);
  return JSON.parse(stdout) as {
    clients: {
      ok: boolean;
      bytesPerSecond: number;
      host: string;
      port: number;
      onNas?: boolean;
      via?: string;
      error?: { code: string; message: string };
    }[];
  };
}

const nasLogin = (port: number) => [
  '--host',
  lab.legs.a.nas,
  '--port',
  String(port),
  '--user',
  lab.users.test.name,
  '--trust-new-host',
];

/** fio servers running in the NAS namespace (the helpers' run in namespaces of their own). */
const nasFioServers = () => nasCommandLines().filter((line) => runsProgram(line, 'fio') && line.includes('--server'));

/** What fio listens on in the NAS namespace (`ss -l`): TCP and UDP addresses, loopback included, and unix sockets. */
const fioListenersOnNas = () => {
  const of = (flags: string) =>
    nasExec(['ss', flags])
      .stdout.split('\n')
      .filter((line) => line.includes('"fio"'))
      .map((line) => line.trim().split(/\s+/)[4] ?? '');
  return { addresses: of('-Hltunp'), sockets: of('-Hlxp') };
};

/** The folder the NAS's fio server's socket is in, from its command line (`--server=sock:FOLDER/fio.sock`). */
const nasSocketFolder = () =>
  /--server=sock:(\/tmp\/nasbench-fio\.[A-Za-z0-9]{6})\/fio\.sock/.exec(nasFioServers().join('\n'))?.[1] ?? null;

/** The NAS's fio socket folders the lab's logins left in /tmp (root's, this machine's own tests, are not the NAS's). */
const socketFoldersOnNas = () =>
  nasExec(['find', '/tmp', '-maxdepth', '1', '-name', 'nasbench-fio.*', '!', '-user', 'root'])
    .stdout.split('\n')
    .filter(Boolean);

/** Another account of the NAS sends fio's server a job, as any account or container there could try: what fio says. */
function jobFromAnotherAccount(socketPath: string): { code: number | null; said: string } {
  const job = `/tmp/nasbench-lab-other-account-${process.pid}.fio`;
  // What an intruder would send: a job whose command runs as the admin login.
  writeFileSync(job, '[intruder]\nioengine=null\nsize=4k\nexec_prerun=touch /tmp/nasbench-lab-intruded\n', {
    mode: 0o644,
  });
  try {
    const fio = nasExec(['sh', '-c', 'command -v fio']).stdout.trim();
    const ran = nasExec(['runuser', '-u', lab.users.notools.name, '--', fio, `--client=sock:${socketPath}`, job], {
      timeoutMs: 20_000,
    });
    return { code: ran.code, said: `${ran.stdout}${ran.stderr}` };
  } finally {
    rmSync(job, { force: true });
  }
}

/** True when a TCP connection from the lab's client namespace to the NAS's address and port is refused. */
const refusedFromClientNamespace = (address: string, port: number) =>
  clientExec(['bash', '-c', `exec 3<>/dev/tcp/${address}/${port}`], { timeoutMs: 5000 }).code !== 0;

/** Every file in a NAS login's home, with its size: what a run must leave as it found it. */
const homeOf = (home: string) => nasExec(['find', home, '-printf', '%P %s\n']).stdout.split('\n').sort();
const homeOfTestUser = () => homeOf(lab.users.test.home);

/** The NAS's load job run by hand with fio in the same folder: its write rate, bytes/s. */
function handRunOnNas(dir: string): number {
  const job = [
    '--name=by-hand',
    `--directory=${dir}`,
    '--rw=write',
    '--bs=1M',
    '--size=256M',
    '--time_based',
    '--runtime=6',
    '--ramp_time=2',
    '--direct=1',
    '--unlink=1',
    '--output-format=json',
  ];
  const ran = nasExec(['runuser', '-u', lab.users.test.name, '--', 'fio', ...job], { timeoutMs: 60_000 });
  const parsed = JSON.parse(ran.stdout) as { jobs: { write: { bw_bytes: number } }[] };
  return parsed.jobs[0]?.write.bw_bytes ?? 0;
}

/** The scratch folders (and what is in them) on the NAS. */
const scratchOnNas = (lab: LabInfo) =>
  nasExec(['find', `${lab.share}/${folder}`, '-mindepth', '1', '-printf', '%P\\n'])
    .stdout.trim()
    .split('\n')
    .filter(Boolean);

describe('load from two computers on their own 1 Gbit/s legs to the lab NAS', () => {
  it('one fills its leg; two together carry at least 1.5× as much; nothing is left on the NAS', async () => {
    // What TCP carries over 1 Gbit/s at MTU 1500 (117.7 MB/s); sshfs costs a little of it.
    const leg = goodputBytesPerSecond(1e9, 1500);
    const mbs = (bytesPerSecond: number) => (bytesPerSecond / 1e6).toFixed(1);
    // One computer alone is held to 0.8 of its leg too: CI once read 0.77 while the machine's host was busy
    // (the pair's computers in the same run read 0.67), so it is measured once more when short of it.
    const one = await measureAgainIfOff(
      'load lab: one',
      async () => {
        const run = await load(1);
        expect(run.clients[0]?.ok).toBe(true);
        return run;
      },
      (run) => 0.8 - run.total.bytesPerSecond / leg,
      (run) => `${mbs(run.total.bytesPerSecond)} MB/s (${(run.total.bytesPerSecond / leg).toFixed(2)} of the leg)`,
    );
    expect(one.total.bytesPerSecond / leg).toBeGreaterThan(0.8);
    expect(one.total.bytesPerSecond / leg).toBeLessThan(1.05);
    // Two computers share this machine's two cores with the NAS, its sshd and Samba and the tbf legs; anything else
    // busy on the machine can only take from the pair's total, never add to it: each leg caps its computer from
    // above, as asserted. Alone the pair reads 1.85–1.98×; CI has read 1.72–1.79× with its SMB computer (smbnetfs,
    // CPU-bound through FUSE) at 0.78 of its leg in both attempts. One shared leg could carry no more than 1.0×,
    // so 1.5×, and each computer past 0.6 of its leg, is what only separate legs give; a pair short of either is
    // measured once more and the better pair counts.
    const pair = async () => {
      const run = await load(2);
      expect(run.clients.map((client) => client.ok)).toEqual([true, true]);
      for (const client of run.clients) expect(client.bytesPerSecond / leg).toBeLessThan(1.05);
      return run;
    };
    const both = await measureAgainIfOff(
      `load lab: one ${mbs(one.total.bytesPerSecond)} MB/s; two`,
      pair,
      (run) =>
        Math.max(
          1.5 - run.total.bytesPerSecond / one.total.bytesPerSecond,
          ...run.clients.map((client) => 0.6 - client.bytesPerSecond / leg),
        ),
      (run) =>
        `${run.clients.map((client) => mbs(client.bytesPerSecond)).join(' + ')} = ${mbs(run.total.bytesPerSecond)} ` +
        `MB/s (${(run.total.bytesPerSecond / one.total.bytesPerSecond).toFixed(2)}×)`,
    );
    for (const client of both.clients) expect(client.bytesPerSecond / leg).toBeGreaterThan(0.6);
    expect(both.total.bytesPerSecond / one.total.bytesPerSecond).toBeGreaterThanOrEqual(1.5);
    // More than any one leg can carry: the two legs added up.
    expect(both.total.bytesPerSecond / leg).toBeGreaterThan(1.2);
    expect(leftOnNas(lab, folder)).toBe('');
  }, 120_000);

  it('a computer switched off mid-test: the other’s figure stands, its folder is named and removed once it is back', async () => {
    const leg = goodputBytesPerSecond(1e9, 1500);
    // Switched off in the measured part, then back on: the next run from that computer removes what the
    // first left, then leaves nothing of its own. The computer that stayed on is held to 0.8 of its leg, as
    // in the pair above — CI once read 0.67 with the machine's host busy — so a short figure is measured
    // once more, the whole sequence again. The helper is started again whatever happens, so one failure
    // here cannot take the tests after it down with it.
    const switchedOffAndBack = async () => {
      const dataDir = await tempDir('load-lab-vanish');
      const running = load(2, dataDir);
      let off = false;
      try {
        // Into the measured part on the NAS: the second computer's file is there and growing.
        await expect
          .poll(() => scratchOnNas(lab).some((entry) => entry.endsWith('/helper-2.data')), { timeout: 30_000 })
          .toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 4000));
        stopHelperServer(2);
        off = true;
        const result = await running;
        const left = scratchOnNas(lab).filter((entry) => !entry.includes('/'));
        startHelperServer(2);
        off = false;
        const again = await load(2, dataDir);
        return { result, left, again, leftAfter: leftOnNas(lab, folder) };
      } catch (error) {
        // What a failed attempt left in the share would fail every later test's "nothing left" check.
        await running.catch(() => undefined);
        nasExec(['find', `${lab.share}/${folder}`, '-mindepth', '1', '-delete']);
        throw error;
      } finally {
        if (off) startHelperServer(2);
      }
    };
    const { result, left, again, leftAfter } = await measureAgainIfOff(
      'load lab: the computer that stayed on',
      switchedOffAndBack,
      ({ result }) => 0.8 - (result.clients[0]?.bytesPerSecond ?? 0) / leg,
      ({ result }) => `${(((result.clients[0]?.bytesPerSecond ?? 0) / leg) * 100).toFixed(0)}% of its leg`,
    );
    expect(result.clients[0]?.ok).toBe(true);
    expect((result.clients[0]?.bytesPerSecond ?? 0) / leg).toBeGreaterThan(0.8);
    expect(result.clients[1]).toMatchObject({ ok: false, error: { code: 'LINK_LOST' } });
    expect(result.total.bytesPerSecond).toBe(result.clients[0]?.bytesPerSecond);
    // Its scratch folder was still on the NAS — and the result said where, on that computer.
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(/^\.nasbench-load-[0-9a-f]{8}$/);
    expect(result.clients[1]?.leftBehind).toBe(`${loadHelpers[1].mount}/${folder}/${left[0]}`);
    // Back on, the next run removed it and left nothing of its own.
    expect(again.clients.map((client) => client.ok)).toEqual([true, true]);
    expect(leftAfter).toBe('');
  }, 240_000);

  it('Check these computers warns when a server answers at an address other than the one given', async () => {
    const [first] = loadHelpers;
    const helper = { host: first.control, port: 8765, dir: `${first.mount}/${folder}` };
    // The computer's other address, as a name it was typed by would resolve to both.
    const other = async () => [secondAddressOf(1)];
    expect(await checkLoadHelper(helper, 'fio', other)).toMatchObject({ ok: true });
    expect((await checkLoadHelper(helper, 'fio', other)).alsoAnswersOn).toBeUndefined();
    stopHelperServer(1);
    startHelperServer(1, 'everywhere');
    try {
      const open = await checkLoadHelper(helper, 'fio', other);
      expect(open).toMatchObject({ ok: true, alsoAnswersOn: [secondAddressOf(1)] });
      expect(answersElsewhereWords(helper.host, open.alsoAnswersOn ?? [])).toContain(
        `fio --server=ip:${first.control}`,
      );
    } finally {
      stopHelperServer(1);
      startHelperServer(1);
    }
  }, 60_000);

  it('the NAS itself: fio reached only through the SSH login (a unix socket no other account can open), its figure as by hand; a computer without room is refused', async () => {
    const nasFolder = `${lab.ram}/${folder}`;
    const homeBefore = homeOfTestUser();
    const runLoad = async () =>
      loadWith([{ client: loadHelpers[1].control, dir: smallShare }], await tempDir('load-lab-nas'), [
        '--nas-folder',
        nasFolder,
        ...nasLogin(lab.ssh.port),
      ]);
    // First the checks, while a run is under way. They start processes on the NAS (ss, stat, another account's
    // fio), which take a core from the RAM folder's CPU-bound figure: in one CI run it read 0.84× and 0.81× hand
    // runs that agreed within 2–9%, so this run's figure is not the one held to them.
    const running = runLoad();
    // While it runs: the NAS's fio serves on a socket in a private folder of the login's, and on no address.
    await expect.poll(nasSocketFolder, { timeout: 30_000 }).not.toBeNull();
    const socketFolder = nasSocketFolder() ?? '';
    await expect.poll(() => fioListenersOnNas().sockets, { timeout: 10_000 }).toEqual([`${socketFolder}/fio.sock`]);
    expect(fioListenersOnNas().addresses).toEqual([]);
    expect(refusedFromClientNamespace(lab.client.nas, 8765)).toBe(true);
    const mode = nasExec(['stat', '-c', '%a %U', socketFolder]).stdout.trim();
    expect(mode).toBe(`700 ${lab.users.test.name}`);
    // Another account of the NAS cannot reach it: the folder's mode turns fio's own client away.
    const intruder = jobFromAnotherAccount(`${socketFolder}/fio.sock`);
    expect(intruder.code).not.toBe(0);
    expect(intruder.said).toMatch(/connect; Permission denied/);
    expect(nasExec(['test', '-e', '/tmp/nasbench-lab-intruded']).code).not.toBe(0);
    const result = await running;
    // The computer whose share has too little room: refused before it wrote anything.
    expect(result.clients[0]).toMatchObject({ ok: false, error: { code: 'NOT_ENOUGH_SPACE' } });
    expect(result.clients[0]?.error?.message).toContain(smallShare);
    expect(readdirSync(smallShare)).toEqual([]);
    // The NAS measured, named by its login, reached over SSH.
    expect(result.clients[1]).toMatchObject({
      ok: true,
      onNas: true,
      via: 'ssh',
      host: lab.legs.a.nas,
      port: lab.ssh.port,
    });

    // Then the figure, from a run nothing else disturbs, with the same job by hand before and after it. A RAM
    // folder's figure is CPU-bound, and the two cores are shared: once in a full suite run the tool read 0.80×
    // hand runs that agreed within 1% around it. A figure off its yardstick is measured once more, hand runs and
    // all; the closer attempt counts.
    const attempt = async () => {
      const handBefore = handRunOnNas(nasFolder);
      const nas = (await runLoad()).clients[1];
      expect(nas).toMatchObject({ ok: true, onNas: true });
      return { figure: nas?.bytesPerSecond ?? 0, byHand: [handBefore, handRunOnNas(nasFolder)] };
    };
    const mb = (bytesPerSecond: number) => `${(bytesPerSecond / 1e6).toFixed(1)} MB/s`;
    const closest = await measureAgainIfOff(
      "the NAS's own figure against fio by hand",
      attempt,
      ({ figure, byHand }) => yardstickShortfall(figure, byHand, 0.1),
      ({ figure, byHand }) => `${mb(figure)} against ${byHand.map(mb).join(' and ')} by hand`,
    );
    expectNearYardstick(closest.figure, closest.byHand, 0.1, "the NAS's own figure against fio by hand");
    // Stopped with the run; nothing left in its folder, its socket's, its home, or the helpers' working folders.
    expect(nasFioServers()).toEqual([]);
    expect(socketFoldersOnNas()).toEqual([]);
    expect(nasExec(['ls', '-A', nasFolder]).stdout.trim()).toBe('');
    expect(homeOfTestUser()).toEqual(homeBefore);
    expect(helperWorkFolders()).toEqual([[], []]);
  }, 180_000);

  it('the link to the NAS cut mid-run: the other computer’s figure stands, the NAS’s folder is named, nothing lands elsewhere', async () => {
    // A login of its own, so that cutting its SSH connection leaves the lab share's mount (the test user's) alone.
    const user = lab.field.users.bashrc;
    const nasFolder = `${lab.ram}/${folder}-cut`;
    nasExec(['install', '-d', '-o', user.name, '-g', user.name, nasFolder]);
    const homeBefore = homeOf(user.home);
    try {
      let stdout = '';
      const login = ['--host', lab.legs.a.nas, '--user', user.name, '--trust-new-host'];
      const running = runCli(
        [
          '--json',
          '--data-dir',
          await tempDir('load-lab-cut'),
          'load',
          '--client',
          loadHelpers[0].control,
          '--dir',
          `${loadHelpers[0].mount}/${folder}`,
          '--size',
          '256M',
          '--time',
          '8',
          '--nas-folder',
          nasFolder,
          ...login,
        ],
        { stdout: (text) => (stdout += text), stderr: () => undefined, env: { NASBENCH_PASSWORD: user.password } },
      );
      // Into the measured part: the NAS's own job is running (its server forked it).
      await expect
        .poll(() => nasCommandLines().filter((line) => line.includes(`${nasFolder}/.nasbench-`)).length, {
          timeout: 30_000,
        })
        .toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 4000));
      // The connection goes, as when the NAS drops off the network: its sshd for this login is killed.
      nasExec(['pkill', '-KILL', '-u', user.name, 'sshd']);
      await running;
      const result = JSON.parse(stdout) as {
        ok: boolean;
        clients: { ok: boolean; onNas?: boolean; error?: { code: string } }[];
        leftBehind?: { path: string; where: string }[];
      };
      expect(result.clients[0]?.ok).toBe(true);
      expect(result.clients[1]).toMatchObject({ ok: false, onNas: true });
      // Its scratch folder could not be removed over the lost login: named, with where it is.
      expect(result.leftBehind).toEqual([
        { path: expect.stringMatching(new RegExp(`^${nasFolder}/\\.nasbench-`)), where: 'nas' },
      ]);
      // Nothing anywhere but inside scratch folders.
      expect(homeOf(user.home)).toEqual(homeBefore);
      expect(helperWorkFolders()).toEqual([[], []]);
      expect(leftOnNas(lab, folder)).toBe('');
      expect(nasExec(['ls', '-A', nasFolder]).stdout.trim()).toMatch(/^\.nasbench-[0-9a-f-]+$/);
    } finally {
      // What the NAS's watchdog would end after the run's time: its fio server and its socket's folder (its
      // script removes that then), and the folder the next run sweeps.
      nasExec(['pkill', '-KILL', '-u', user.name]);
      nasExec([
        'find',
        '/tmp',
        '-maxdepth',
        '1',
        '-name',
        'nasbench-fio.*',
        '-user',
        user.name,
        '-exec',
        'rm',
        '-rf',
        '{}',
        '+',
      ]);
      nasExec(['rm', '-rf', nasFolder]);
    }
  }, 120_000);

  it('the NAS through Dropbear, which carries no unix sockets: refused with why, and nothing of fio listens anywhere on the NAS', async () => {
    const nasFolder = `${lab.ram}/${folder}`;
    // The shortest run `load` takes (3 s): the other computer's figure is not what this test is about.
    const running = loadWith(
      [{ client: loadHelpers[0].control, dir: `${loadHelpers[0].mount}/${folder}` }],
      await tempDir('load-lab-dropbear'),
      ['--nas-folder', nasFolder, ...nasLogin(lab.field.sshds.dropbear.port)],
      3,
    );
    // Looked at all through the run: no fio server on the NAS, no address of it (loopback included) or socket.
    let done = false;
    void running.finally(() => (done = true)).catch(() => undefined);
    const seen: string[] = [];
    while (!done) {
      const { addresses, sockets } = fioListenersOnNas();
      seen.push(...nasFioServers(), ...addresses, ...sockets);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(seen).toEqual([]);
    const result = await running;
    expect(result.clients[0]?.ok).toBe(true);
    expect(result.clients[1]).toMatchObject({ ok: false, onNas: true, error: { code: 'PERMISSION_DENIED' } });
    expect(result.clients[1]?.error?.message).toMatch(/does not forward connections to a unix socket/);
    expect(result.clients[1]?.error?.message).toMatch(/OpenSSH forwards them unless AllowStreamLocalForwarding/);
    expect(socketFoldersOnNas()).toEqual([]);
    expect(leftOnNas(lab, folder)).toBe('');
    expect(nasExec(['ls', '-A', nasFolder]).stdout.trim()).toBe('');
  }, 120_000);

  it('the NAS through an SSH server that forwards nothing does not take part and says why; the other computer runs', async () => {
    const nasFolder = `${lab.ram}/${folder}`;
    const homeBefore = homeOfTestUser();
    const result = await loadWith(
      [{ client: loadHelpers[0].control, dir: `${loadHelpers[0].mount}/${folder}` }],
      await tempDir('load-lab-lockdown'),
      ['--nas-folder', nasFolder, ...nasLogin(lab.field.sshds.lockdown.port)],
      3,
    );
    expect(result.clients[0]?.ok).toBe(true);
    expect(result.clients[1]).toMatchObject({ ok: false, onNas: true, error: { code: 'PERMISSION_DENIED' } });
    expect(result.clients[1]?.error?.message).toMatch(/does not forward/);
    expect(nasFioServers()).toEqual([]);
    expect(leftOnNas(lab, folder)).toBe('');
    expect(nasExec(['ls', '-A', nasFolder]).stdout.trim()).toBe('');
    expect(homeOfTestUser()).toEqual(homeBefore);
  }, 120_000);
});
