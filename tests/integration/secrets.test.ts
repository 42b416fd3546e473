import { spawn, spawnSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLab } from '../lab/lab';
import { tempDir } from '../unit/helpers';
import { lab } from './lab-login';

/** Every process's command line, on this machine (the lab namespaces share its process table). */
function processList(): string {
  return spawnSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).stdout;
}

async function filesUnder(dir: string): Promise<string> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const texts = await Promise.all(
    entries.filter((entry) => entry.isFile()).map((entry) => readFile(path.join(entry.parentPath, entry.name), 'utf8')),
  );
  return texts.join('\n');
}

/** Runs `nasbench probe` as a user would, watching the process list while it runs. */
async function probeWithPassword(password: string) {
  const dataDir = await tempDir('secret');
  const child = spawn(
    path.resolve('node_modules/.bin/tsx'),
    [
      'electron/cli/index.ts',
      '--json',
      '--data-dir',
      dataDir,
      'probe',
      '--host',
      lab.legs.a.nas,
      '--user',
      lab.users.test.name,
      '--trust-new-host',
    ],
    { env: { ...process.env, NASBENCH_PASSWORD: password }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const processLists: string[] = [];
  const watcher = setInterval(() => processLists.push(processList()), 100);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(watcher);
  return { code, stdout, stderr, processLists, files: await filesUnder(dataDir) };
}

describe('the SSH password', () => {
  it('never appears in output, errors, saved files, logs or the process list', async () => {
    const good = await probeWithPassword(lab.users.test.password);
    expect(good.code).toBe(0);
    expect(JSON.parse(good.stdout)).toMatchObject({ ok: true, kind: 'probe' });
    const wrongPassword = `wrong-${lab.users.test.password.slice(0, 6)}-pw`;
    const bad = await probeWithPassword(wrongPassword);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout)).toMatchObject({ ok: false, error: { code: 'AUTH_FAILED' } });
    const sshdLog = await readFile(readLab().ssh.log, 'utf8');
    for (const [password, run] of [
      [lab.users.test.password, good],
      [wrongPassword, bad],
    ] as const) {
      expect(run.processLists.length).toBeGreaterThan(0);
      for (const text of [run.stdout, run.stderr, run.files, sshdLog, ...run.processLists]) {
        expect(text).not.toContain(password);
      }
    }
  });
});
