/**
 * Inside one lab sandbox (tests/lab/sandbox.sh), the phases tests/lab/side-by-side.ts hands it: each line on
 * stdin is a JSON list of test files, run with one vitest (the lab comes up with the first and stays up, so the
 * next phase starts at once), and answered on stdout with `@@phase-done CODE` when it ends. At the end of stdin
 * the lab comes down and this ends.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

export const phaseDone = '@@phase-done';

function runVitest(files: readonly string[]): Promise<number> {
  if (files.length === 0) return Promise.resolve(0);
  const args = ['run', '--project', 'integration', '--project', 'e2e', ...files];
  const child = spawn(path.resolve('node_modules/.bin/vitest'), args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NASBENCH_LAB_KEEP: '1' },
  });
  return new Promise((resolve) => child.once('close', (code) => resolve(code ?? 1)));
}

async function main(): Promise<void> {
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    const code = await runVitest(JSON.parse(line) as string[]);
    process.stdout.write(`${phaseDone} ${code}\n`);
  }
  spawnSync('bash', ['tests/lab/lab.sh', 'down'], { stdio: 'inherit' });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve('tests/lab/sandbox-phases.ts')) void main();
