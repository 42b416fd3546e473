import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { LabUser } from '../lab/lab';
import { tempDir } from '../unit/helpers';
import { lab } from './lab-login';

/**
 * A login whose ~/.bashrc prints 40 MB on every command (the lab's nbchatty, tests/lab/lab-field.sh):
 * the real CLI, as a user runs it (`npm run cli` is tsx on electron/cli/index.ts), under GNU time,
 * which gives the process's peak resident memory. Connecting must end with a named code, well within
 * the acceptance's 30 s (this test's time limit), holding no more than a few MB of that output.
 */
const time = '/usr/bin/time';

async function probeUnderTime(user: LabUser) {
  expect(existsSync(time), 'GNU time (apt-get install time) gives the CLI’s peak memory').toBe(true);
  const argv = ['--json', '--data-dir', await tempDir('cli-chatter'), 'probe'];
  const login = ['--host', lab.legs.a.nas, '--user', user.name, '--trust-new-host'];
  const child = spawn(time, ['-v', process.execPath, '--import', 'tsx', 'electron/cli/index.ts', ...argv, ...login], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { ...process.env, NASBENCH_PASSWORD: user.password },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const peak = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1];
  expect(peak, stderr).toBeDefined();
  return { code, json: JSON.parse(stdout) as Record<string, unknown>, peakBytes: Number(peak) * 1024 };
}

describe('a login whose .bashrc prints tens of MB on every command', () => {
  let refusedPeak = 0;

  it('connecting ends with LOGIN_PRINTS_TOO_MUCH and what to change, the CLI under 300 MB', async () => {
    const refused = await probeUnderTime(lab.field.users.chatty);
    expect(refused.code).toBe(1);
    expect(refused.json).toMatchObject({
      ok: false,
      kind: 'probe',
      error: {
        code: 'LOGIN_PRINTS_TOO_MUCH',
        message: expect.stringMatching(/prints more than 4 MB before each command/),
        hint: expect.stringMatching(/~\/\.bashrc/),
      },
    });
    refusedPeak = refused.peakBytes;
    expect(refused.peakBytes).toBeLessThan(300 * 1e6);
  }, 30_000);

  it('a login that prints a few lines (nbbashrc) is probed, for what the CLI needs by itself', async () => {
    const plain = await probeUnderTime(lab.field.users.bashrc);
    expect(plain.code, JSON.stringify(plain.json)).toBe(0);
    console.log(
      `CLI peak resident memory: ${(refusedPeak / 2 ** 20).toFixed(0)} MiB refusing nbchatty, ` +
        `${(plain.peakBytes / 2 ** 20).toFixed(0)} MiB probing nbbashrc`,
    );
  }, 60_000);
});
