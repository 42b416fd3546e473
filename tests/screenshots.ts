/**
 * `npm run screenshots`: the README's picture of Results, taken from the real app. Runs the e2e test
 * of a first Quick check against the lab (root: it brings the lab up, as `npm test` does) and keeps
 * the Results screen it photographs as docs/images/results.png. Refresh it when Results change.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { artifactsDir } from './e2e/web-app';

const test = 'tests/e2e/first-quick-check.test.ts';
const taken = path.join(artifactsDir, 'first-quick-check-results.png');
const kept = path.resolve('docs/images/results.png');

const run = spawnSync('npx', ['vitest', 'run', '--project', 'e2e', test], { stdio: 'inherit' });
if (run.status !== 0 || !existsSync(taken)) {
  console.error(`screenshots: ${test} did not finish, so no picture was kept (see its output above).`);
  process.exit(1);
}
mkdirSync(path.dirname(kept), { recursive: true });
copyFileSync(taken, kept);
console.log(`screenshots: kept ${path.relative(process.cwd(), kept)} from ${path.relative(process.cwd(), taken)}`);
