import { describe, expect, it } from 'vitest';
import { runCli } from '../../electron/cli/program';
import { tempDir } from '../unit/helpers';
import { lab } from './lab-login';

async function nasbench(env: NodeJS.ProcessEnv, ...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), env });
  return { code, stdout, stderr, json: () => JSON.parse(stdout) as Record<string, unknown> };
}

describe('nasbench probe', () => {
  const login = ['probe', '--host', lab.legs.b.nas, '--user', lab.users.test.name];
  const env = { NASBENCH_PASSWORD: lab.users.test.password };

  it('stops at an unknown host key with its fingerprint, then prints the probe JSON once trusted', async () => {
    const dataDir = await tempDir('cli-probe');
    const unknown = await nasbench(env, '--json', '--data-dir', dataDir, ...login);
    expect(unknown.code).toBe(1);
    expect(unknown.json()).toMatchObject({
      ok: false,
      kind: 'probe',
      error: { code: 'HOST_KEY_UNKNOWN', details: { fingerprint: expect.stringMatching(/^SHA256:/) } },
    });
    const trusted = await nasbench(env, '--json', '--data-dir', dataDir, ...login, '--trust-new-host');
    expect(trusted.code, trusted.stderr).toBe(0);
    expect(trusted.json()).toMatchObject({
      ok: true,
      kind: 'probe',
      nas: {
        hostname: expect.any(String),
        os: { vendor: 'linux' },
        cpu: { cores: expect.any(Number) },
        memoryBytes: expect.any(Number),
        interfaces: expect.arrayContaining([
          expect.objectContaining({ name: lab.legs.b.nasIf, addresses: expect.arrayContaining([lab.legs.b.nas]) }),
        ]),
        tools: { fio: { version: expect.any(String) }, iperf3: { version: expect.any(String) } },
      },
      client: { route: { interface: lab.legs.b.hostIf, localAddress: lab.legs.b.host } },
    });
    // Pinned now: no --trust-new-host needed any more.
    expect((await nasbench(env, '--json', '--data-dir', dataDir, ...login)).code).toBe(0);
  });

  it('explains a missing login method, with exit status 1', async () => {
    const result = await nasbench({}, '--json', '--data-dir', await tempDir('cli-nologin'), ...login);
    expect(result.code).toBe(1);
    expect(result.json()).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT', hint: expect.stringMatching(/NASBENCH_PASSWORD/) },
    });
  });

  it('refuses a password given as an argument (exit status 2)', async () => {
    const result = await nasbench(env, '--json', ...login, '--password', 'secret');
    expect(result.code).toBe(2);
    expect(result.stdout).not.toContain('secret');
  });
});
