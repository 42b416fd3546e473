import { existsSync, readFileSync, rmSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../electron/cli/program';
import { tempDir } from '../unit/helpers';
import { lab, labSession } from './lab-login';

/**
 * A NAS where someone other than its owner put an fio and an iperf3 where NASBench looks: the lab's
 * `planted` sshd (tests/lab/lab-field.sh), whose /opt/bin every user may write, as a share is, and
 * holds scripts of another lab user that append to a marker file whenever they run. The login is
 * nbentware, whose SSH PATH has no fio or iperf3, so the probe looks in /opt/bin.
 */
const planted = { port: lab.field.sshds.planted.port, user: lab.field.users.entware };
const mark = lab.field.plantedMark;
const marks = () => (existsSync(mark) ? readFileSync(mark, 'utf8') : '');

/** The CLI as a user runs it against the planted NAS; `--json` first when asked for. */
async function nasbench(dataDir: string, json: boolean, command: string, ...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const login = ['--host', lab.legs.a.nas, '--port', String(planted.port), '--user', planted.user.name];
  const code = await runCli([...(json ? ['--json'] : []), '--data-dir', dataDir, command, ...login, ...argv], {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env: { NASBENCH_PASSWORD: planted.user.password },
  });
  return { code, stdout, stderr };
}

describe('programs another user planted where the probe looks', () => {
  it('a fio and an iperf3 in a share-writable folder: never run, the probe names why, and both count as missing', async () => {
    rmSync(mark, { force: true });
    const dataDir = await tempDir('planted');
    const probe = await nasbench(dataDir, true, 'probe', '--trust-new-host');
    expect(probe.code, probe.stderr).toBe(0);
    const nas = (JSON.parse(probe.stdout) as { nas: Record<string, unknown> }).nas;
    expect(nas.tools).toEqual({ fio: null, iperf3: null });
    expect(nas.refusedTools).toEqual([
      { tool: 'fio', path: '/opt/bin/fio', why: 'writable by others', at: '/opt/bin' },
      { tool: 'iperf3', path: '/opt/bin/iperf3', why: 'writable by others', at: '/opt/bin' },
    ]);
    // The CLI's words: the tools are missing, what was found and why it did not run, then how to install.
    const text = await nasbench(dataDir, false, 'probe');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('Tools: fio was found but not run, iperf3 was found but not run');
    expect(text.stdout).toContain(
      'A fio was found in /opt/bin, but other users can write to /opt/bin, so NASBench did not run it. ' +
        'An iperf3 was found in /opt/bin, but other users can write to /opt/bin, so NASBench did not run it. ' +
        'fio and iperf3 are not installed on this NAS. Install with `sudo apt install fio iperf3`.',
    );
    // A disk test and a network test carry on without them (dd; iperf3's stand-in over SSH), as on a NAS without.
    const netDir = await tempDir('planted-net');
    await cp(join(dataDir, 'known_hosts'), join(netDir, 'known_hosts'));
    const [disk, net] = await Promise.all([
      nasbench(dataDir, true, 'disk', '--dir', planted.user.home, '--time', '1', '--size', '8M'),
      nasbench(netDir, true, 'net', '--time', '1'),
    ]);
    expect(disk.code, disk.stdout).toBe(0);
    expect(JSON.parse(disk.stdout)).toMatchObject({ ok: true, engine: 'dd' });
    expect(net.code, net.stdout).toBe(0);
    expect(JSON.parse(net.stdout)).not.toMatchObject({ method: 'iperf3' });
    expect(marks(), 'a planted program ran').toBe('');

    // The marker is real: the planted fio, run by hand as this login, leaves it.
    const session = await labSession({
      port: planted.port,
      username: planted.user.name,
      auth: { kind: 'password', password: planted.user.password },
    });
    try {
      expect((await session.run('/opt/bin/fio --version')).stdout.trim()).toBe('fio-9.99');
    } finally {
      session.close();
    }
    expect(marks()).toBe('fio --version\n');
    rmSync(mark, { force: true });
  }, 120_000);
});
