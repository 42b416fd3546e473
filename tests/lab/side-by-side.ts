/**
 * Runs the test files that need the lab — the integration and e2e projects — in sandboxes side by side, each with
 * a lab of its own (tests/lab/sandbox.sh: its own namespaces, addresses, users, mounts and processes), so that two
 * files never share a NAS, a port or a scratch folder; in phases, so that a file that needs a quiet machine runs
 * beside light ones only (tests/lab/lab-schedule.ts), from the seconds and CPU each file took in a recorded run
 * (tests/lab/file-seconds.json).
 *
 *   tsx tests/lab/side-by-side.ts [--labs N] [--last-labs M] [FILE…]
 *
 * N sandboxes (2) for the quiet phases, M (N + 1) for the last.
 *
 * With files given, only those run. Each sandbox's output is prefixed with its name; the run ends with each
 * sandbox's time and its totals, and fails if any file failed. Each sandbox's vitest writes what its files cost
 * (tests/summary-reporter.ts); they are put together in test-results/file-seconds.json, which can replace
 * tests/lab/file-seconds.json when the balance drifts.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { planPhases, quietLine, type FileCost, type LabFile, type Phase } from './lab-schedule';
import { phaseDone } from './sandbox-phases';
import { failedLine } from '../summary-reporter';

const projects = ['integration', 'e2e'] as const;
const recordedFile = 'tests/lab/file-seconds.json';
const resultsDir = 'test-results';

function labTestFiles(): string[] {
  return projects.flatMap((project) =>
    readdirSync(path.join('tests', project))
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) => `tests/${project}/${name}`),
  );
}

function recordedCosts(): Record<string, FileCost> {
  if (!existsSync(recordedFile)) return {};
  const raw = JSON.parse(readFileSync(recordedFile, 'utf8')) as Record<string, FileCost | number>;
  return Object.fromEntries(
    Object.entries(raw).map(([file, cost]) => [file, typeof cost === 'number' ? { seconds: cost } : cost]),
  );
}

/** One sandbox, kept running across the phases: it takes a phase's files on stdin and says when they are done. */
class RunningSandbox {
  readonly started = Date.now();
  readonly totals = { passed: 0, failed: 0, skipped: 0 };
  failedPhases = 0;
  /** The failed tests its vitest named, to be said again at the very end. */
  readonly failedTests: string[] = [];
  private readonly child: ChildProcessWithoutNullStreams;
  private waiting: ((code: number) => void) | undefined;
  readonly closed: Promise<number>;

  constructor(readonly id: number) {
    const args = [
      'tests/lab/sandbox.sh',
      String(id),
      path.resolve('node_modules/.bin/tsx'),
      'tests/lab/sandbox-phases.ts',
    ];
    this.child = spawn('bash', args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const prefix = `[lab ${id}] `;
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      if (line.startsWith(phaseDone)) {
        const code = Number(line.slice(phaseDone.length));
        if (code !== 0) this.failedPhases += 1;
        this.waiting?.(code);
        return;
      }
      if (line.startsWith(failedLine)) this.failedTests.push(line.slice(failedLine.length));
      const counts = /^vitest: (\d+) passed, (\d+) failed, (\d+) skipped$/.exec(line);
      if (counts) {
        this.totals.passed += Number(counts[1]);
        this.totals.failed += Number(counts[2]);
        this.totals.skipped += Number(counts[3]);
      }
      process.stdout.write(prefix + line + '\n');
    });
    createInterface({ input: this.child.stderr }).on('line', (line) => process.stderr.write(prefix + line + '\n'));
    this.closed = new Promise((resolve) => this.child.once('close', (code) => resolve(code ?? 1)));
  }

  run(files: readonly string[]): Promise<number> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.child.stdin.write(JSON.stringify(files) + '\n');
    });
  }

  end(): Promise<number> {
    this.child.stdin.end();
    return this.closed;
  }
}

/** Puts what each sandbox's vitest recorded into one file, for tests/lab/file-seconds.json. */
function gatherFileSeconds(ids: readonly number[]): void {
  const all: Record<string, FileCost> = {};
  for (const id of ids) {
    const file = path.join(resultsDir, `file-seconds-lab-${id}.json`);
    if (existsSync(file)) Object.assign(all, JSON.parse(readFileSync(file, 'utf8')) as Record<string, FileCost>);
  }
  mkdirSync(resultsDir, { recursive: true });
  const sorted = Object.fromEntries(Object.entries(all).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(path.join(resultsDir, 'file-seconds.json'), JSON.stringify(sorted, null, 2) + '\n');
}

function describePlan(phases: readonly Phase[]): string {
  return phases
    .map((phase, index) => {
      const each = phase.files.map((files, lab) => `lab ${lab + 1}: ${files.length} files`).join(', ');
      return `phase ${index + 1} (about ${Math.round(phase.seconds)} s): ${each}\n`;
    })
    .join('');
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const labsAt = argv.indexOf('--labs');
  const quietCount = labsAt >= 0 ? Number(argv.splice(labsAt, 2)[1]) : 2;
  if (!Number.isInteger(quietCount) || quietCount < 1 || quietCount > 4) throw new Error('--labs takes 1 to 4');
  // One sandbox more for the last phase, where no file needs a quiet machine (lab-schedule.ts says why).
  const lastAt = argv.indexOf('--last-labs');
  const count = lastAt >= 0 ? Number(argv.splice(lastAt, 2)[1]) : quietCount === 1 ? 1 : quietCount + 1;
  if (!Number.isInteger(count) || count < quietCount || count > 4) throw new Error('--last-labs takes --labs to 4');
  const files: LabFile[] = (argv.length > 0 ? argv : labTestFiles()).map((file) => ({
    file,
    quiet: quietLine.test(readFileSync(file, 'utf8')),
  }));
  const phases = planPhases(files, recordedCosts(), quietCount, count);
  process.stdout.write(describePlan(phases));
  for (let id = 1; id <= count; id += 1) rmSync(path.join(resultsDir, `file-seconds-lab-${id}.json`), { force: true });

  const sandboxes = Array.from({ length: count }, (_, index) => new RunningSandbox(index + 1));
  for (const [index, phase] of phases.entries()) {
    const started = Date.now();
    await Promise.all(sandboxes.map((sandbox, lab) => sandbox.run(phase.files[lab] ?? [])));
    process.stdout.write(`phase ${index + 1} done in ${Math.round((Date.now() - started) / 1000)} s\n`);
  }
  const codes = await Promise.all(sandboxes.map((sandbox) => sandbox.end()));
  gatherFileSeconds(sandboxes.map((sandbox) => sandbox.id));
  process.stdout.write('\n');
  sandboxes.forEach((sandbox, index) => {
    const { passed, failed, skipped } = sandbox.totals;
    const state = sandbox.failedPhases === 0 && codes[index] === 0 ? 'passed' : 'FAILED';
    const seconds = Math.round((Date.now() - sandbox.started) / 1000);
    process.stdout.write(
      `lab ${sandbox.id}: ${state} in ${seconds} s; ${passed} passed, ${failed} failed, ${skipped} skipped\n`,
    );
  });
  for (const sandbox of sandboxes)
    for (const name of sandbox.failedTests) process.stdout.write(`lab ${sandbox.id}: failed: ${name}\n`);
  const failed = sandboxes.some((sandbox, index) => sandbox.failedPhases > 0 || codes[index] !== 0);
  process.exitCode = failed ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve('tests/lab/side-by-side.ts')) {
  main().catch((error: unknown) => {
    process.stderr.write(`side-by-side: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  });
}
