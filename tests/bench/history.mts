/**
 * `npm run bench:history`: `nasbench runs --json` with a long history (issue #19: under 1.5 s
 * with 10,000 runs, start-up included). Makes the runs from the recorded lab Quick check
 * (tests/helpers/make-history.ts), times the first listing (which builds the index from every
 * file), then times the command as a user runs it — the built CLI (out/main/cli.js, after
 * `npm run build`) and `npm run cli` from source — several times each, with an empty history
 * beside it for the start-up alone. Not a CI gate: timings on a shared machine vary.
 *
 *   npm run bench:history -- [--runs 10000] [--rounds 5]
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { RunStore } from '../../electron/engine/store';
import { makeHistory } from '../helpers/make-history';
import { median } from '../../shared/util/spread';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '10000' }, rounds: { type: 'string', default: '5' } },
});
const count = Number(values.runs);
const rounds = Number(values.rounds);

function timed(command: string[], dataDir: string): { ms: number; listed: number } {
  const started = performance.now();
  const done = spawnSync(command[0] as string, [...command.slice(1), '--data-dir', dataDir, 'runs', '--json'], {
    encoding: 'utf8',
    maxBuffer: 256 * 2 ** 20,
  });
  const ms = performance.now() - started;
  if (done.status !== 0) throw new Error(`${command.join(' ')} failed: ${done.stderr}`);
  return { ms, listed: (JSON.parse(done.stdout) as { runs: unknown[] }).runs.length };
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'nasbench-bench-history-'));
const empty = await mkdtemp(path.join(os.tmpdir(), 'nasbench-bench-empty-'));
try {
  let started = performance.now();
  makeHistory(dataDir, count);
  console.log(`${count} run files written in ${Math.round(performance.now() - started)} ms`);
  started = performance.now();
  const first = await new RunStore(dataDir).list();
  console.log(
    `first listing (builds the index from every file): ${Math.round(performance.now() - started)} ms, ${first.runs.length} runs`,
  );
  const ways: [string, string[]][] = [
    ['built CLI (node out/main/cli.js)', [process.execPath, 'out/main/cli.js']],
    ['from source (tsx electron/cli/index.ts)', [process.execPath, '--import', 'tsx', 'electron/cli/index.ts']],
  ];
  for (const [name, command] of ways) {
    if (name.startsWith('built') && !existsSync('out/main/cli.js')) {
      console.log(`${name}: not built (npm run build)`);
      continue;
    }
    const full: number[] = [];
    const none: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const run = timed(command, dataDir);
      if (run.listed !== count) throw new Error(`listed ${run.listed} of ${count}`);
      full.push(run.ms);
      none.push(timed(command, empty).ms);
    }
    const ms = median(full);
    console.log(
      `${name}: runs --json with ${count} runs ${Math.round(ms)} ms (median of ${rounds}; target < 1500 ms: ${ms < 1500 ? 'yes' : 'NO'}), ` +
        `with none ${Math.round(median(none))} ms`,
    );
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
  await rm(empty, { recursive: true, force: true });
}
