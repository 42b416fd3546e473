import { spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  commandForAnyLoginShell,
  encodeForLoginShell,
  endCommandScript,
  leaderOf,
  PGID_MARKER,
  PID_MARKER,
  STDOUT_START,
  StdoutFrame,
} from '../../electron/engine/ssh/login-shell';
import { shellQuote } from '../../electron/engine/ssh/quote';
import { tempDirSync } from './helpers';

/**
 * The login shells NAS users have. sshd runs `SHELL -c COMMAND`; here we do the same locally.
 * CI installs every one of them (.ci/run): a missing shell fails, it is not skipped.
 */
const loginShells: Record<string, string[]> = {
  sh: ['/bin/sh'],
  dash: ['/bin/dash'],
  bash: ['/bin/bash'],
  zsh: ['/usr/bin/zsh'],
  ksh: ['/usr/bin/ksh'],
  csh: ['/usr/bin/csh'],
  tcsh: ['/usr/bin/tcsh'],
  fish: ['/usr/bin/fish'],
  'busybox ash': ['/bin/busybox', 'sh'],
};

const anyText = fc.string({ unit: 'binary', maxLength: 48 }).filter((text) => !text.includes('\0'));
const nastyPieces = fc.constantFrom("'", '"', '\\', '\\\\', '!', '!!', '@', '@0047', '\n', '\r', '\t', '$HOME', '`id`');
const nastyText = fc
  .array(fc.oneof(nastyPieces, anyText, fc.constantFrom('名前', 'é', '🙂')), { maxLength: 6 })
  .map((parts) => parts.join(''));

function runUnder(shell: string[], command: string, env: NodeJS.ProcessEnv = process.env) {
  const [program = '/bin/sh', ...args] = shell;
  return spawnSync(program, [...args, '-c', command], { encoding: 'buffer', env });
}

/** What the command printed after the start marker, as the session sees it. */
function framedStdout(stdout: Buffer): string {
  return new StdoutFrame().push(stdout).toString('utf8');
}

describe('a command line every login shell runs the same way', () => {
  it.each(Object.entries(loginShells))('%s is installed here (CI installs it)', (_name, shell) => {
    expect(existsSync(shell[0] ?? ''), `${shell[0]} is missing: apt-get install csh tcsh fish zsh ksh busybox`).toBe(
      true,
    );
  });

  it.each(Object.entries(loginShells))(
    'any script text reaches /bin/sh intact under %s',
    (_name, shell) => {
      fc.assert(
        fc.property(fc.oneof(anyText, nastyText), (value) => {
          const run = runUnder(shell, commandForAnyLoginShell(`printf %s ${shellQuote(value)}`));
          expect(run.status).toBe(0);
          expect(framedStdout(run.stdout)).toBe(value);
        }),
        { numRuns: 25 },
      );
    },
    30_000,
  );

  it('the quoted parts hold nothing a login shell would read: no quote, backslash, ! or line break', () => {
    fc.assert(
      fc.property(nastyText, (value) => {
        expect(encodeForLoginShell(value)).toMatch(/^[A-Za-z0-9 _./,:=+%^&*()[\]{}<>|;"#~$?`@-]*$/);
      }),
    );
  });

  it('decodes with BusyBox sed and printf under BusyBox sh (a NAS whose /bin/sh is BusyBox)', () => {
    const applets = tempDirSync('busybox');
    try {
      for (const applet of ['sed', 'printf']) symlinkSync('/bin/busybox', path.join(applets, applet));
      const env = { ...process.env, PATH: `${applets}:${process.env.PATH ?? ''}` };
      const value = "it's a\nline\\with !bang and 名前";
      const command = commandForAnyLoginShell(`printf %s ${shellQuote(value)}`, '/bin/busybox sh');
      const run = runUnder(['/bin/busybox', 'sh'], command, env);
      expect(run.stderr.toString()).toMatch(new RegExp(`^${PGID_MARKER}\\d+\\n$`));
      expect(framedStdout(run.stdout)).toBe(value);
    } finally {
      rmSync(applets, { recursive: true, force: true });
    }
  });

  it('prints the process group id on stderr: the command leads its own group', () => {
    // setsid makes fish a session leader, as sshd does with the login shell it starts.
    const run = spawnSync('setsid', ['--wait', '/usr/bin/fish', '-c', commandForAnyLoginShell('ps -o pgid= -p $$')], {
      encoding: 'utf8',
    });
    const pgid = new RegExp(`^${PGID_MARKER}(\\d+)$`, 'm').exec(run.stderr)?.[1];
    expect(Number(pgid)).toBeGreaterThan(1);
    expect(framedStdout(Buffer.from(run.stdout)).trim()).toBe(pgid);
  });

  it.each([['/usr/bin/fish'], ['/bin/busybox', 'sh'], ['/bin/dash']])(
    'leads its own group under %s started in another group, as Dropbear starts it: the id it printed is that group',
    (...shell) => {
      // Started from this test, the login shell is in the test runner's process group, not its own.
      const [program = '', ...args] = shell;
      const run = spawnSync(program, [...args, '-c', commandForAnyLoginShell('ps -o pgid= -p $$')], {
        encoding: 'utf8',
      });
      const pgid = new RegExp(`^${PGID_MARKER}(\\d+)$`, 'm').exec(run.stderr)?.[1];
      expect(Number(pgid)).toBeGreaterThan(1);
      expect(framedStdout(Buffer.from(run.stdout)).trim()).toBe(pgid);
      expect(Number(pgid)).not.toBe(
        Number(spawnSync('ps', ['-o', 'pgid=', '-p', String(process.pid)], { encoding: 'utf8' }).stdout.trim()),
      );
    },
  );
});

describe('a command that leads no process group and cannot be made to (no setsid)', () => {
  /** A PATH with every program of /usr/bin but setsid, as on the lab's locked-down Dropbear. */
  function pathWithoutSetsid(): { path: string; remove(): void } {
    const folder = tempDirSync('nosetsid');
    for (const tool of ['sed', 'printf', 'sleep', 'ps', 'cat', 'awk', 'sort', 'kill'])
      symlinkSync(`/usr/bin/${tool}`, path.join(folder, tool));
    return { path: folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
  }

  it('says so: the marker carries its process id, not a group', () => {
    const bin = pathWithoutSetsid();
    try {
      // Started from this test, dash is in the test runner's group, as Dropbear starts a command.
      const run = spawnSync('/bin/dash', ['-c', commandForAnyLoginShell('echo $$')], {
        encoding: 'utf8',
        env: { PATH: bin.path },
      });
      const line = run.stderr.split('\n')[0] ?? '';
      expect(line).toMatch(new RegExp(`^${PID_MARKER}\\d+$`));
      expect(leaderOf(line)).toEqual({ pid: Number(framedStdout(Buffer.from(run.stdout)).trim()) });
      expect(leaderOf(`${PGID_MARKER}42`)).toEqual({ group: 42 });
      expect(leaderOf('Welcome to DiskStation')).toBeUndefined();
    } finally {
      bin.remove();
    }
  });

  it('is ended with every process below it, by id: children and grandchildren', async () => {
    const marker = `nasbench-tree-${process.pid}`;
    const command = spawn('/bin/sh', ['-c', `sleep 61 & (sleep 62 & wait) & wait # ${marker}`], { stdio: 'ignore' });
    const sleeps = () =>
      spawnSync('pgrep', ['-f', '^sleep 6[12]$'], { encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean);
    await expect.poll(() => sleeps().length, { timeout: 5000 }).toBe(2);
    const ended = new Promise((resolve) => command.once('exit', resolve));
    const kill = spawnSync('/bin/sh', ['-c', endCommandScript({ pid: command.pid ?? 0 })], { encoding: 'utf8' });
    expect(kill.status).toBe(0);
    await ended;
    expect(sleeps()).toEqual([]);
  });
});

describe('ending a command', () => {
  it.each([
    ['its process group', true],
    ['its process, where it leads no group', false],
  ])(
    'by %s: also what its processes start while told to stop, in a group of their own (as fio starts its job)',
    async (_how, grouped) => {
      // As fio told to stop while it lays out its file: the TERM waits (here: ignored), then it starts
      // its job, which leaves the group (fio's job calls setsid), and waits on it.
      const seconds = grouped ? 64 : 65;
      const command = spawn('/bin/sh', ['-c', `trap '' TERM; sleep 0.4; setsid sleep ${seconds} & wait`], {
        detached: grouped,
        stdio: 'ignore',
      });
      const job = () =>
        spawnSync('pgrep', ['-f', `^sleep ${seconds}$`], { encoding: 'utf8' })
          .stdout.trim()
          .split('\n')
          .filter(Boolean);
      const pid = command.pid ?? 0;
      try {
        // Told to stop before the job has started.
        await expect.poll(() => spawnSync('pgrep', ['-P', String(pid)]).status, { timeout: 5000 }).toBe(0);
        expect(job()).toEqual([]);
        const leader = grouped ? { group: pid } : { pid };
        const kill = spawnSync('/bin/sh', ['-c', endCommandScript(leader)], { encoding: 'utf8' });
        expect(kill.status).toBe(0);
        expect(job()).toEqual([]);
      } finally {
        spawnSync('pkill', ['-KILL', '-f', `^sleep ${seconds}$`]);
        command.kill('SIGKILL');
      }
    },
  );
});

describe('output that rc files print never reaches a parser', () => {
  const frameOf = (chunks: string[]) => {
    const frame = new StdoutFrame();
    return chunks.map((chunk) => frame.push(Buffer.from(chunk)).toString()).join('');
  };

  it('drops everything before the start line, however the chunks fall', () => {
    const text = `Welcome to DiskStation\n${STDOUT_START}x\n${STDOUT_START}\nfio-3.33\n`;
    fc.assert(
      fc.property(fc.array(fc.nat({ max: text.length }), { maxLength: 6 }), (cuts) => {
        const points = [0, ...[...cuts].sort((a, b) => a - b), text.length];
        const chunks = points.slice(1).map((end, index) => text.slice(points[index], end));
        expect(frameOf(chunks)).toBe('fio-3.33\n');
      }),
    );
  });

  it('counts the marker only as a whole line', () => {
    expect(frameOf([`say ${STDOUT_START}\n`, 'more\n'])).toBe('');
    expect(frameOf([`${STDOUT_START}\n`, `${STDOUT_START}\n`])).toBe(`${STDOUT_START}\n`);
  });

  it('passes binary data through untouched once started', () => {
    const frame = new StdoutFrame();
    frame.push(Buffer.from(`chatter\n${STDOUT_START}\n`));
    const bytes = Buffer.from([0, 255, 10, 13, 64, 0x0a]);
    expect(frame.push(bytes).equals(bytes)).toBe(true);
  });
});
