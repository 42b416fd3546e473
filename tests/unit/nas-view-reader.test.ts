import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureNasBaseline, nasViewScript, startNasReader, type NasCommands } from '../../electron/engine/nas-view';
import { commandForAnyLoginShell } from '../../electron/engine/ssh/login-shell';
import { lineSplitter } from '../../electron/engine/ssh/lines';
import type { RemoteCommandResult } from '../../electron/engine/ssh/login';
import { NasbenchError } from '../../shared/contract/errors';

/**
 * The reader as the app runs it, with this machine standing in for the NAS: the real script under a
 * real shell (BusyBox ash, as on most NASes, and dash, which has no `read -t`), its standard input
 * held open by the app and ended to stop it, as over SSH.
 */
function localShell(shell: string[]) {
  const seen = { aborted: false, lines: [] as string[] };
  const commands: NasCommands = {
    run: (command, options = {}) =>
      new Promise<RemoteCommandResult>((resolve, reject) => {
        const child = spawn(shell[0] as string, [...shell.slice(1), '-c', String(command)], { detached: true });
        const lines = lineSplitter((line) => {
          seen.lines.push(line);
          options.onStdoutLine?.(line);
        });
        child.stdout.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
        if (options.stdin) options.stdin.pipe(child.stdin);
        const onAbort = () => {
          seen.aborted = true;
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
          reject(new NasbenchError('CANCELLED', 'The test was cancelled.', 'Start it again.'));
        };
        options.signal?.addEventListener('abort', onAbort, { once: true });
        child.on('close', (code, signal) => {
          lines.end();
          resolve({ code, signal, stdout: '', stderr: '' });
        });
      }),
  };
  return { commands, seen };
}

const readerPid = (lines: readonly string[]) =>
  Number(/reader=(\d+)/.exec(lines.find((line) => line.startsWith('@@nas-load')) ?? '')?.[1]);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.each([
  ['BusyBox ash', ['busybox', 'sh']],
  ['dash', ['dash']],
])('the reader under %s', (_name, shell) => {
  it('sends a sample a second and ends by itself when its input ends', { timeout: 20_000 }, async () => {
    const { commands, seen } = localShell(shell);
    const live: number[] = [];
    let twoSamples: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (twoSamples = resolve));
    const reader = startNasReader(commands, {
      maxSeconds: 600,
      onSample: (sample) => {
        live.push(sample.t);
        if (live.length === 2) twoSamples();
      },
    });
    await arrived;
    const asked = performance.now();
    const resources = await reader.stop();
    // It ends when asked, not at the end of the second it was waiting out (dash, without read -t,
    // finished it: every test with a NAS login under Debian's /bin/sh ended a second late).
    const second = ((live[1] ?? 0) - (live[0] ?? 0)) * 1000;
    expect((performance.now() - asked) / second).toBeLessThan(0.5);
    // Stopped long before its 600 readings, by itself: nothing had to be killed.
    expect(seen.aborted).toBe(false);
    expect(resources.samples.length).toBeLessThan(10);
    expect(resources.samples.map((sample) => sample.t)).toEqual(live);
    expect(resources.unreadable).toEqual([]);
    expect(alive(readerPid(seen.lines))).toBe(false);
    for (const sample of resources.samples) {
      expect(sample.cpuBusy).toBeGreaterThanOrEqual(0);
      expect(sample.cpuBusy).toBeLessThanOrEqual(sample.coreMax + 0.01);
      expect(sample.memUsedBytes).toBeGreaterThan(0);
    }
  });
});

describe('a process whose name is longer than the kernel keeps', () => {
  it('is named whole from its command line, without its arguments', { timeout: 20_000 }, async () => {
    // A shell copied under a long name, kept busy: the kernel's name for it is its first 15 characters.
    const dir = mkdtempSync(path.join(tmpdir(), 'nas-view-names-'));
    const program = path.join(dir, 'nasbench-busy-stand-in');
    copyFileSync('/bin/dash', program);
    chmodSync(program, 0o755);
    const busy = spawn(program, ['-c', 'while :; do :; done', 'secret-argument']);
    try {
      const { commands } = localShell(['busybox', 'sh']);
      const names = new Set<string>();
      let seen: () => void = () => undefined;
      const named = new Promise<void>((resolve) => (seen = resolve));
      const reader = startNasReader(commands, {
        maxSeconds: 30,
        onSample: (sample) => {
          for (const process of sample.top) names.add(process.name);
          if (sample.top.some((process) => process.pid === busy.pid)) seen();
        },
      });
      await named;
      await reader.stop();
      expect(names).toContain('nasbench-busy-stand-in');
      expect(names).not.toContain('nasbench-busy-s');
      expect([...names].join(' ')).not.toMatch(/secret-argument/);
    } finally {
      busy.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the baseline', () => {
  it('reads the NAS for two samples and averages them', { timeout: 20_000 }, async () => {
    const { commands, seen } = localShell(['busybox', 'sh']);
    const baseline = await measureNasBaseline(commands);
    expect(baseline?.cpuBusy).toBeGreaterThanOrEqual(0);
    expect(baseline?.cpuBusy).toBeLessThanOrEqual(1);
    // Three readings: the reader ended by itself after them.
    expect(seen.lines.filter((line) => line === '@@end')).toHaveLength(3);
    expect(seen.aborted).toBe(false);
  });
});

describe('a NAS where the reader cannot run', () => {
  it('says so instead of failing the test', { timeout: 20_000 }, async () => {
    const { commands } = localShell(['busybox', 'sh']);
    const reader = startNasReader(
      { run: (command, options) => commands.run(`PATH=/nonexistent; ${String(command)}`, options) },
      { maxSeconds: 5 },
    );
    await reader.ended;
    const resources = await reader.stop();
    expect(resources.samples).toEqual([]);
    expect(resources.unreadable.join(' ')).toMatch(/awk/);
  });
});

describe('the reader as sent over SSH', () => {
  it(
    'fits the command line every login shell takes (csh drops one past about 8 KiB) and runs under csh',
    { timeout: 20_000 },
    () => {
      const command = commandForAnyLoginShell(nasViewScript(3600));
      expect(command.length).toBeLessThan(8000);
      // Its input held open for two seconds, as the app holds it, then ended.
      const ran = spawnSync('sh', ['-c', 'sleep 2 | csh -c "$1"', 'sh', command], { encoding: 'utf8' });
      expect(ran.stdout).toMatch(/^@@nasbench-start\n@@nas-load linux hz=\d+ page=\d+ reader=\d+$/m);
      expect(ran.stdout).toMatch(/^@@end$/m);
    },
  );
});

describe('a CPU quota set or lifted while the test runs', () => {
  // A container's limit changed by `docker update --cpus`, a service's by `systemctl set-property`:
  // here a busy loop moved into a cgroup v1 group of its own (this machine's kind, as the lab's).
  it(
    'is seen within a few seconds, and so is its lifting; meanwhile the kernel holds the loop back in every period',
    { timeout: 40_000 },
    async () => {
      const group = `/sys/fs/cgroup/cpu/nasbench-reader-${process.pid}`;
      expect(existsSync('/sys/fs/cgroup/cpu/cgroup.procs'), 'needs root and a cgroup v1 cpu controller').toBe(true);
      const hog = spawn('busybox', ['sh', '-c', 'while :; do :; done'], { stdio: 'ignore' });
      const hogPid = hog.pid as number;
      const hogEnded = new Promise((resolve) => hog.once('exit', resolve));
      const { commands } = localShell(['busybox', 'sh']);
      const limits: (number | undefined)[] = [];
      const throttled: (number | undefined)[] = [];
      let next: () => void = () => undefined;
      const reader = startNasReader(commands, {
        maxSeconds: 60,
        onSample: (sample) => {
          const loop = sample.top.find((load) => load.pid === hogPid);
          limits.push(loop?.cpuLimit);
          throttled.push(loop?.groupThrottled);
          next();
        },
      });
      const samples = (count: number) =>
        new Promise<void>((resolve) => {
          const until = limits.length + count;
          next = () => limits.length >= until && resolve();
        });
      try {
        await samples(2);
        mkdirSync(group);
        writeFileSync(`${group}/cpu.cfs_period_us`, '100000');
        writeFileSync(`${group}/cpu.cfs_quota_us`, '20000');
        writeFileSync(`${group}/cgroup.procs`, String(hogPid));
        const held = limits.length;
        await samples(5);
        writeFileSync(`${group}/cpu.cfs_quota_us`, '-1');
        const lifted = limits.length;
        await samples(5);
        // First seen with no limit; the quota within three seconds of being set; gone within three of its lifting.
        expect(limits.slice(0, held)).toEqual(limits.slice(0, held).map(() => undefined));
        expect(limits.slice(held + 3, lifted)).toEqual(limits.slice(held + 3, lifted).map(() => 0.2));
        expect(limits.slice(lifted + 3)).toEqual(limits.slice(lifted + 3).map(() => undefined));
        // A loop that always wants more than its 20%: held back in (nearly) every 100 ms period, from the
        // second after the reader first read its group's count; no count once the quota is gone.
        for (const share of throttled.slice(held + 4, lifted)) expect(share).toBeGreaterThanOrEqual(0.9);
        expect(throttled.slice(lifted + 3)).toEqual(throttled.slice(lifted + 3).map(() => undefined));
      } finally {
        hog.kill('SIGKILL');
        await reader.stop();
        await hogEnded;
        if (existsSync(group)) rmdirSync(group);
      }
    },
  );
});
