import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints, at the end of a run, where the time went — each project's wall time and its ten slowest files — and one
 * plain closing line, "vitest: N passed, N failed, N skipped", so that CI logs show at a glance how many tests ran
 * and whoever keeps the suite under its time budget knows where the minutes go.
 */
/** The start of the line that names a failed test, after the summary (tests/lab/side-by-side.ts gathers them). */
export const failedLine = 'failed test: ';

export default class SummaryReporter implements Reporter {
  private readonly projectStarts = new Map<string, number>();
  private readonly projectEnds = new Map<string, number>();
  /** In a lab sandbox: the sandbox's CPU time (cpuacct, ns) when each file started, and what each file used. */
  private readonly cpuAtStart = new Map<string, number>();
  private readonly cpuSeconds = new Map<string, number>();

  onTestModuleStart(module: TestModule): void {
    const name = module.project.name;
    if (!this.projectStarts.has(name)) this.projectStarts.set(name, Date.now());
    const cpu = sandboxCpuNanoseconds();
    if (cpu !== null) this.cpuAtStart.set(module.moduleId, cpu);
  }

  onTestModuleEnd(module: TestModule): void {
    this.projectEnds.set(module.project.name, Date.now());
    const start = this.cpuAtStart.get(module.moduleId);
    const cpu = sandboxCpuNanoseconds();
    if (start !== undefined && cpu !== null) this.cpuSeconds.set(module.moduleId, (cpu - start) / 1e9);
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    const failed: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') {
          counts.failed += 1;
          failed.push(`${module.relativeModuleId} > ${test.fullName}`);
        } else counts.skipped += 1;
      }
    }
    const byProject = new Map<string, TestModule[]>();
    for (const module of testModules) {
      const list = byProject.get(module.project.name) ?? [];
      list.push(module);
      byProject.set(module.project.name, list);
    }
    for (const [project, modules] of byProject) {
      const start = this.projectStarts.get(project);
      const end = this.projectEnds.get(project);
      const wall = start !== undefined && end !== undefined ? ((end - start) / 1000).toFixed(0) : '?';
      process.stdout.write(`\n${project}: ${modules.length} files, ${wall} s wall; slowest:\n`);
      const slowest = modules
        .map((module) => ({ file: module.relativeModuleId, seconds: module.diagnostic().duration / 1000 }))
        .sort((a, b) => b.seconds - a.seconds)
        .slice(0, 10);
      for (const { file, seconds } of slowest) process.stdout.write(`  ${seconds.toFixed(0).padStart(5)} s  ${file}\n`);
    }
    writeFileSeconds(testModules, this.cpuSeconds);
    // Each on a line of its own, as `failedLine` says: the lab runner repeats them last, where a CI log's tail shows them.
    for (const name of failed) process.stdout.write(`${failedLine}${name}\n`);
    process.stdout.write(`\nvitest: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}

/** The CPU time the lab sandbox this run is in has used so far (tests/lab/sandbox.sh), or null outside one. */
function sandboxCpuNanoseconds(): number | null {
  const sandbox = process.env.NASBENCH_LAB_SANDBOX;
  if (!sandbox) return null;
  try {
    return Number(readFileSync(`/sys/fs/cgroup/cpuacct/nasbench-sandbox-${sandbox}/cpuacct.usage`, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * In a lab sandbox (tests/lab/side-by-side.ts), the seconds each file took and the CPU seconds its sandbox spent
 * meanwhile, which that runner puts together to deal the files to its sandboxes next time
 * (tests/lab/file-seconds.json).
 */
function writeFileSeconds(testModules: ReadonlyArray<TestModule>, cpuSeconds: ReadonlyMap<string, number>): void {
  const sandbox = process.env.NASBENCH_LAB_SANDBOX;
  if (!sandbox) return;
  const seconds = Object.fromEntries(
    testModules.map((module) => {
      const cpu = cpuSeconds.get(module.moduleId);
      const wall = Math.round(module.diagnostic().duration / 1000);
      return [module.relativeModuleId, cpu === undefined ? { seconds: wall } : { seconds: wall, cpu: Math.round(cpu) }];
    }),
  );
  // A sandbox runs several vitest runs, one a phase: each adds its files to what the earlier ones wrote.
  const file = `test-results/file-seconds-lab-${sandbox}.json`;
  let earlier: Record<string, unknown> = {};
  try {
    earlier = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    // The sandbox's first run.
  }
  mkdirSync('test-results', { recursive: true });
  writeFileSync(file, JSON.stringify({ ...earlier, ...seconds }, null, 2) + '\n');
}
