import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../electron/cli/program';
import { sha256Fingerprint } from '../../electron/engine/ssh/host-key';
import { shapeOf } from '../helpers/json-shape';
import { fioOnNasIn, LAB_SCRIPT, nasCommandLines, nasExec, readLab, type LabUser } from '../lab/lab';
import { tempDir } from '../unit/helpers';
import { errorOf, lab, labSession } from './lab-login';

/**
 * NAS setups from the field, each a stand-in in the lab (tests/lab/lab-field.sh): other login
 * shells with rc files that print, an SSH server that takes passwords only through
 * keyboard-interactive, one whose only host key is RSA, Dropbear instead of OpenSSH, and fio/iperf3
 * only in Entware's /opt/bin.
 * Each runs the same commands a user would, through the CLI, and must give what the plain Debian
 * user gets: the same JSON shapes, real figures.
 */
interface Setup {
  name: string;
  user: LabUser;
  port: number;
}

const plain: Setup = { name: 'plain sh user', user: lab.users.test, port: lab.ssh.port };
const keyboardOnly: Setup = {
  name: 'passwords only through keyboard-interactive',
  user: lab.users.test,
  port: lab.field.sshds.kbd.port,
};
const rsa: Setup = { name: 'an RSA host key only', user: lab.users.test, port: lab.field.sshds.rsa.port };
const dropbear: Setup = {
  name: 'Dropbear instead of OpenSSH (commands get PATH /usr/bin:/bin)',
  user: lab.users.test,
  port: lab.field.sshds.dropbear.port,
};
const lockdown: Setup = {
  name: 'a locked-down Dropbear: no forwarding, no setsid (commands lead no process group)',
  user: lab.users.test,
  port: lab.field.sshds.lockdown.port,
};
const setups: Setup[] = [
  { name: 'csh login shell (.cshrc prints)', user: lab.field.users.csh, port: lab.ssh.port },
  { name: 'fish login shell (config.fish prints)', user: lab.field.users.fish, port: lab.ssh.port },
  { name: 'bash whose ~/.bashrc prints on stdout and stderr', user: lab.field.users.bashrc, port: lab.ssh.port },
  keyboardOnly,
  rsa,
  dropbear,
];

async function nasbench(setup: Setup, dataDir: string, command: string, ...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const login = ['--host', lab.legs.a.nas, '--port', String(setup.port), '--user', setup.user.name];
  const code = await runCli(['--json', '--data-dir', dataDir, command, ...login, ...argv], {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env: { NASBENCH_PASSWORD: setup.user.password },
  });
  return { code, stderr, json: JSON.parse(stdout) as Record<string, unknown> };
}

/**
 * Probe, disk Quick (short) and a short network test, as the CLI prints them. The disk and network
 * tests run at once, each from a data folder of its own (one data folder measures one NAS at a time),
 * as two windows of the app would: this checks what each login gives, not its figures, and saves the
 * suite a minute over eight setups.
 */
async function probeDiskNet(setup: Setup) {
  const dataDir = await tempDir('field-login');
  const probe = await nasbench(setup, dataDir, 'probe', '--trust-new-host');
  expect(probe.code, `${setup.name}: ${JSON.stringify(probe.json)}`).toBe(0);
  const netDir = await tempDir('field-login-net');
  await cp(join(dataDir, 'known_hosts'), join(netDir, 'known_hosts'));
  const [disk, net] = await Promise.all([
    nasbench(setup, dataDir, 'disk', '--dir', setup.user.home, '--time', '1', '--size', '8M'),
    nasbench(setup, netDir, 'net', '--time', '1'),
  ]);
  expect(disk.code, `${setup.name}: ${JSON.stringify(disk.json)}`).toBe(0);
  expect(net.code, `${setup.name}: ${JSON.stringify(net.json)}`).toBe(0);
  return { probe: probe.json, disk: disk.json, net: net.json };
}

describe('NAS setups from the field', () => {
  let reference: Awaited<ReturnType<typeof probeDiskNet>>;

  it('the plain user: probe, disk Quick and net pass (the shapes to match)', async () => {
    reference = await probeDiskNet(plain);
    expect(reference.disk).toMatchObject({ ok: true, engine: 'fio' });
    expect((reference.disk.tests as unknown[]).length).toBe(8);
  }, 120_000);

  it.each(setups)(
    '$name: probe, disk Quick and net pass with the same result shapes',
    async (setup) => {
      const result = await probeDiskNet(setup);
      // The NAS's own view is seconds of samples (a device idle for a second has no wait time), and
      // the verdicts say what those seconds showed: their presence must match under every login,
      // their inner shape follows what the NAS did.
      // A test's spread is there when it ran long enough for two samples, which a busy machine decides.
      const sampled = new Set(['nas', 'verdicts']);
      const optional = new Set(['spread']);
      expect(shapeOf(result.probe)).toEqual(shapeOf(reference.probe));
      expect(shapeOf(result.disk, sampled, optional)).toEqual(shapeOf(reference.disk, sampled, optional));
      expect(shapeOf(result.net, sampled, optional)).toEqual(shapeOf(reference.net, sampled, optional));
      expect(result.probe).toMatchObject({ nas: { tools: { fio: { path: '/usr/bin/fio' } } } });
      const tests = result.disk.tests as { bytesPerSecond: number; toolPath: string; commandLine: string }[];
      expect(tests).toHaveLength(8);
      for (const test of tests) {
        expect(test.bytesPerSecond).toBeGreaterThan(0);
        expect(test.toolPath).toBe('/usr/bin/fio');
        expect(test.commandLine.startsWith('/usr/bin/fio ')).toBe(true);
      }
      expect(result.net).toMatchObject({ method: 'iperf3' });
      // The NAS's own view came through this login's shell too, with its CPU seconds.
      for (const run of [result.disk, result.net]) {
        const { samples } = (run.nas as { resources: { samples: unknown[] } }).resources;
        expect(samples.length, setup.name).toBeGreaterThan(0);
      }
      expect((result.net.summary as { bitsPerSecond: number }).bitsPerSecond).toBeGreaterThan(100e6);
    },
    120_000,
  );

  it('fio and iperf3 only in Entware /opt/bin: the disk test runs fio from there, by its full path', async () => {
    const entware: Setup = {
      name: 'Entware',
      user: lab.field.users.entware,
      port: lab.field.sshds.entware.port,
    };
    const { probe, disk, net } = await probeDiskNet(entware);
    expect(probe).toMatchObject({
      nas: { tools: { fio: { path: '/opt/bin/fio' }, iperf3: { path: '/opt/bin/iperf3' } } },
    });
    expect(disk).toMatchObject({ ok: true, engine: 'fio' });
    for (const test of disk.tests as { toolPath: string; commandLine: string }[]) {
      expect(test.toolPath).toBe('/opt/bin/fio');
      expect(test.commandLine.startsWith('/opt/bin/fio ')).toBe(true);
    }
    // iperf3 from /opt/bin, not the SSH fallback that a NAS without iperf3 gets.
    expect(net).toMatchObject({ ok: true, kind: 'net', method: 'iperf3' });
  }, 120_000);

  it('keyboard-interactive: a wrong password is AUTH_FAILED, and the password never leaks', async () => {
    const setup = { ...keyboardOnly, user: { ...lab.users.test, password: 'not-the-password-42' } };
    const refused = await nasbench(setup, await tempDir('field-kbd'), 'probe', '--trust-new-host');
    expect(refused.code).toBe(1);
    expect(refused.json).toMatchObject({ ok: false, error: { code: 'AUTH_FAILED' } });
    expect(JSON.stringify(refused.json)).not.toContain('not-the-password-42');
  });

  it('RSA: the pinned key keeps working on the second and third connection; a rotated key is refused', async () => {
    const dataDir = await tempDir('field-rsa');
    const pinned = await nasbench(rsa, dataDir, 'probe', '--trust-new-host');
    expect(pinned.code, JSON.stringify(pinned.json)).toBe(0);
    for (const attempt of ['second', 'third']) {
      const again = await nasbench(rsa, dataDir, 'probe');
      expect(again.code, `${attempt}: ${JSON.stringify(again.json)}`).toBe(0);
    }
    const rekey = spawnSync('bash', [LAB_SCRIPT, 'rekey', 'rsa'], { encoding: 'utf8' });
    expect(rekey.status, rekey.stderr).toBe(0);
    const rotated = await nasbench(rsa, dataDir, 'probe', '--trust-new-host');
    expect(rotated.json).toMatchObject({ ok: false, error: { code: 'HOST_KEY_MISMATCH' } });
    const newKey = readLab().field.sshds.rsa.hostKeyPub;
    const fingerprint = sha256Fingerprint(
      Buffer.from(spawnSync('cut', ['-d', ' ', '-f2', newKey]).stdout.toString().trim(), 'base64'),
    );
    expect((rotated.json.error as { details: Record<string, string> }).details.fingerprint).toBe(fingerprint);

    // A deliberately reset NAS: --replace-host-key replaces only on that exact fingerprint.
    const wrong = await nasbench(rsa, dataDir, 'probe', '--replace-host-key', `SHA256:${'A'.repeat(43)}`);
    expect(wrong.json).toMatchObject({
      ok: false,
      error: { code: 'HOST_KEY_MISMATCH', message: expect.stringMatching(/nothing was replaced/) },
    });
    const replaced = await nasbench(rsa, dataDir, 'probe', '--replace-host-key', fingerprint);
    expect(replaced.code, JSON.stringify(replaced.json)).toBe(0);
    expect((await nasbench(rsa, dataDir, 'probe')).code).toBe(0);
  }, 60_000);

  it('the same NAS at its second address: HOST_KEY_UNKNOWN says which name already trusts this key', async () => {
    const dataDir = await tempDir('field-known-as');
    expect((await nasbench(plain, dataDir, 'probe', '--trust-new-host')).code).toBe(0);
    let stdout = '';
    const code = await runCli(
      ['--json', '--data-dir', dataDir, 'probe', '--host', lab.legs.b.nas, '--user', plain.user.name],
      { stdout: (text) => (stdout += text), stderr: () => undefined, env: { NASBENCH_PASSWORD: plain.user.password } },
    );
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({
      ok: false,
      error: {
        code: 'HOST_KEY_UNKNOWN',
        knownAs: [lab.legs.a.nas],
        message: expect.stringMatching(/already trust as/),
      },
    });
  });

  it.each([dropbear, lockdown])(
    '$name: Ctrl+C during a disk test cancels it there too: no fio left, the folder as it was',
    async (setup) => {
      const folder = `${lab.share}/dropbear-${randomUUID()}`;
      const user = lab.users.test.name;
      expect(nasExec(['install', '-d', '-o', user, '-g', user, folder]).code).toBe(0);
      const login = ['--host', lab.legs.a.nas, '--port', String(setup.port), '--user', user, '--trust-new-host'];
      const argv = ['--json', '--data-dir', await tempDir('field-dropbear'), 'disk', ...login, '--dir', folder];
      // A real process, so the signal takes the path a user's Ctrl+C takes.
      const child = spawn(process.execPath, ['--import', 'tsx', 'electron/cli/index.ts', ...argv, '--time', '5'], {
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
        env: { ...process.env, NASBENCH_PASSWORD: lab.users.test.password },
      });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      try {
        await expect.poll(() => fioOnNasIn(folder).length > 0, { timeout: 30_000, interval: 200 }).toBe(true);
        child.kill('SIGINT');
        expect(await exited).toBe(1);
        expect(JSON.parse(stdout)).toMatchObject({ ok: false, error: { code: 'CANCELLED' } });
        expect(fioOnNasIn(folder)).toEqual([]);
        expect(nasExec(['ls', '-A', folder]).stdout.trim()).toBe('');
      } finally {
        child.kill('SIGKILL');
        nasExec(['rm', '-rf', folder]);
      }
    },
    60_000,
  );

  it.each([
    { setup: dropbear, how: 'cancelled', name: dropbear.name },
    { setup: lockdown, how: 'cancelled', name: lockdown.name },
    { setup: lockdown, how: 'timed out', name: lockdown.name },
  ] as const)(
    '$name: a command $how ends on the NAS with its children while the connection stays',
    async ({ setup, how }) => {
      const session = await labSession({ port: setup.port, trustNewHost: true });
      const marker = `nasbench-cancel-${randomUUID()}`;
      const ours = (line: string) =>
        line.includes(marker) || line.startsWith('sleep 120') || line.includes('of=/dev/null');
      try {
        if (setup === lockdown) {
          // What this stand-in is: no group of its own, and no setsid to make one.
          const said = await session.output(
            'kill -0 -$$ 2>/dev/null && echo group; command -v setsid || echo no-setsid',
          );
          expect(said.trim()).toBe('no-setsid');
        }
        const stop = new AbortController();
        // Children of the script's sh, as fio and dd are (one a grandchild): the kill must reach them all. Left
        // alone they would run past this test's time limit.
        const command = session.run(
          `sleep 120 & (dd if=/dev/zero of=/dev/null bs=1k count=100000000 & wait) & wait # ${marker}`,
          how === 'cancelled' ? { signal: stop.signal } : { timeoutMs: 3000 },
        );
        const started = () =>
          ['sleep 120', 'dd if=/dev/zero'].every((what) => nasCommandLines().some((line) => line.startsWith(what)));
        await expect.poll(started, { timeout: 10_000, interval: 100 }).toBe(true);
        stop.abort();
        expect((await errorOf(command)).code).toBe(how === 'cancelled' ? 'CANCELLED' : 'TIMEOUT');
        await expect.poll(() => nasCommandLines().filter(ours), { timeout: 5_000 }).toEqual([]);
        expect(session.isConnected()).toBe(true);
      } finally {
        session.close();
      }
    },
  );
});
