import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/cli/program';
import { createEngine } from '../../electron/engine';
import type { RunEnd, RunProgress } from '../../shared/contract/run-events';
import { answersOnLoopback, freePort } from '../helpers/tcp';
import { tempDir } from '../unit/helpers';

/**
 * `nasbench load` against two real `fio --server` on loopback, each with its own folder (a
 * helper's path to the share): fio's client/server mode end to end, with the faults a helper can
 * have — no server, a job killed mid-test, a cancel — and nothing left in any folder afterwards.
 */
interface Helper {
  port: number;
  dir: string;
  /** The fio server's working folder, where fio writes its side files (a `*.prerun.txt`): it must stay empty. */
  work: string;
  server: ChildProcess;
}
const helpers: Helper[] = [];
const fioVersion = spawnSync('fio', ['--version'], { encoding: 'utf8' }).stdout.trim();

async function startHelper(name: string, again?: Helper): Promise<Helper> {
  const port = again?.port ?? (await freePort());
  const work = again?.work ?? (await tempDir(`${name}-work`));
  const server = spawn('fio', [`--server=ip:127.0.0.1,${port}`], { stdio: 'ignore', cwd: work });
  // Listening once a connection is taken.
  for (let tries = 0; !(await answersOnLoopback(port)); tries += 1) {
    if (tries > 100) throw new Error(`fio --server on port ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { port, dir: again?.dir ?? (await tempDir(name)), work, server };
}

beforeAll(async () => {
  // CI installs fio; without it these tests must fail, not skip.
  expect(fioVersion).toMatch(/^fio-\d/);
  helpers.push(await startHelper('load-helper-1'), await startHelper('load-helper-2'));
});
afterAll(() => {
  for (const helper of helpers) helper.server.kill('SIGKILL');
  // Every run, check and clean-up of this file went through these servers: none left a file where it works.
  for (const helper of helpers) expect(readdirSync(helper.work)).toEqual([]);
});

const clientArgs = (list: Helper[]) =>
  list.flatMap((helper) => ['--client', `127.0.0.1:${helper.port}`, '--dir', helper.dir]);

async function nasbenchLoad(...argv: string[]) {
  let stdout = '';
  const code = await runCli(['--json', '--data-dir', await tempDir('load-data'), 'load', ...argv], {
    stdout: (text) => (stdout += text),
    stderr: () => undefined,
    env: {},
  });
  return {
    code,
    json: JSON.parse(stdout) as Record<string, unknown> & {
      clients: LoadClient[];
      total: { bytesPerSecond: number; spread?: { relative: number } };
    },
  };
}
interface LoadClient {
  host: string;
  ok: boolean;
  bytesPerSecond: number;
  cache?: { client: string; nas: string };
  spread?: { relative: number; basis: string };
  fioVersion: string | null;
  error?: { code: string; message: string; hint: string };
}

/** Nothing left in a helper's folder: the scratch folder and its file are gone. */
const leftIn = (helper: Helper) => readdirSync(helper.dir);

/** The processes whose parent is this one. */
function childrenOf(pid: number | undefined): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] === String(pid);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** The fio processes a server forked for a job (its children). */
const jobsOf = (helper: Helper) => childrenOf(helper.server.pid);

/** Every process below this one: a fio server's connection handlers and their job processes. */
const descendantsOf = (pid: number): number[] => childrenOf(pid).flatMap((child) => [child, ...descendantsOf(child)]);

describe('nasbench load: several computers at once through fio --server', () => {
  it('gives each computer’s figure and their sum as the total, and leaves nothing in either folder', async () => {
    const { code, json } = await nasbenchLoad(...clientArgs(helpers), '--size', '32M', '--time', '3');
    expect(code).toBe(0);
    expect(json).toMatchObject({ ok: true, kind: 'load' });
    expect(json.clients.map((client) => client.ok)).toEqual([true, true]);
    for (const client of json.clients) {
      expect(client.bytesPerSecond).toBeGreaterThan(0);
      expect(client.fioVersion).toBe(fioVersion);
      // Each figure says which caches it went through and how steady it was.
      expect(client.cache).toEqual({ client: 'bypassed', nas: 'unknown' });
      expect(client.spread?.basis).toBe('samples');
    }
    expect(json.total.spread?.relative).toBeGreaterThanOrEqual(0);
    const sum = json.clients.reduce((total, client) => total + client.bytesPerSecond, 0);
    expect(json.total.bytesPerSecond).toBeCloseTo(sum, 0);
    for (const helper of helpers) expect(leftIn(helper)).toEqual([]);
  }, 60_000);

  it('reads too: lays the files out on both first, then reads on both at once', async () => {
    const { code, json } = await nasbenchLoad(...clientArgs(helpers), '--rw', 'read', '--size', '32M', '--time', '3');
    expect(code).toBe(0);
    expect(json.clients.every((client) => client.ok && client.bytesPerSecond > 0)).toBe(true);
    for (const helper of helpers) expect(leftIn(helper)).toEqual([]);
  }, 60_000);

  it('marks a computer whose fio server does not answer, and measures the others', async () => {
    const closed = await freePort();
    const [first] = helpers as [Helper];
    const { code, json } = await nasbenchLoad(
      ...clientArgs([first]),
      '--client',
      `127.0.0.1:${closed}`,
      '--dir',
      first.dir,
      '--size',
      '32M',
      '--time',
      '3',
    );
    expect(code).toBe(0);
    expect(json.clients[0]?.ok).toBe(true);
    expect(json.clients[1]).toMatchObject({ ok: false, error: { code: 'UNREACHABLE' } });
    expect(json.clients[1]?.error?.hint).toContain('fio --server');
    expect(json.total.bytesPerSecond).toBe(json.clients[0]?.bytesPerSecond);
    expect(leftIn(first)).toEqual([]);
  }, 60_000);

  it('a computer whose job dies mid-test is marked; the run ends with the other’s figure and nothing is left', async () => {
    const [, second] = helpers as [Helper, Helper];
    const running = nasbenchLoad(...clientArgs(helpers), '--size', '32M', '--time', '8');
    await expect.poll(() => jobsOf(second).length, { timeout: 20_000, interval: 100 }).toBeGreaterThan(0);
    // Into the measured part: past the ramp-up.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    for (const pid of jobsOf(second)) process.kill(pid, 'SIGKILL');
    const { code, json } = await running;
    expect(code).toBe(0);
    expect(json.clients[0]?.ok).toBe(true);
    expect(json.clients[1]).toMatchObject({ ok: false, error: { code: 'LINK_LOST' } });
    expect(json.total.bytesPerSecond).toBe(json.clients[0]?.bytesPerSecond);
    for (const helper of helpers) expect(leftIn(helper)).toEqual([]);
  }, 60_000);

  it('asks each computer before a run, writing nothing: ready, no such folder, no server', async () => {
    const engine = createEngine({ dataDir: await tempDir('load-check'), mode: 'cli' });
    try {
      const [first] = helpers as [Helper];
      const closed = await freePort();
      const answers = await engine.handlers.checkLoadHelpers({
        helpers: [
          { host: '127.0.0.1', port: first.port, dir: first.dir },
          { host: '127.0.0.1', port: first.port, dir: `${first.dir}/not-there` },
          { host: '127.0.0.1', port: closed, dir: first.dir },
        ],
      });
      expect(answers[0]).toMatchObject({ ok: true, fioVersion, controllerFioVersion: fioVersion, os: 'Linux' });
      expect(answers[1]).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
      expect(answers[2]).toMatchObject({ ok: false, error: { code: 'UNREACHABLE' } });
      expect(leftIn(first)).toEqual([]);
    } finally {
      await engine.shutdown();
    }
  }, 60_000);

  it('cancel mid-run stops every computer’s job and leaves nothing', async () => {
    const engine = createEngine({ dataDir: await tempDir('load-cancel'), mode: 'cli' });
    const events: RunProgress[] = [];
    engine.onEvent((name, event) => name === 'runProgress' && events.push(event));
    try {
      const { runId } = await engine.handlers.startLoadRun({
        helpers: helpers.map((helper) => ({ host: '127.0.0.1', port: helper.port, dir: helper.dir })),
        rw: 'write',
        blockSizeBytes: 2 ** 20,
        fileSizeBytes: 32 * 2 ** 20,
        seconds: 30,
        direct: true,
        stepUp: false,
      });
      await expect.poll(() => helpers.every((helper) => jobsOf(helper).length > 0), { timeout: 20_000 }).toBe(true);
      await engine.handlers.cancelRun({ runId });
      const end = await expect
        .poll(() => events.find((event): event is RunEnd => event.kind === 'end' && event.runId === runId), {
          timeout: 30_000,
        })
        .toBeDefined()
        .then(() => events.find((event): event is RunEnd => event.kind === 'end'));
      expect(end?.state).toBe('cancelled');
      // The servers' job processes end as they are told to (the run asked for 30 s).
      for (const helper of helpers) {
        await expect.poll(() => jobsOf(helper), { timeout: 5_000 }).toEqual([]);
        expect(leftIn(helper)).toEqual([]);
      }
    } finally {
      await engine.shutdown();
    }
  }, 60_000);

  it('a computer that vanishes mid-test keeps its scratch folder until it answers again; the next check removes it', async () => {
    const dataDir = await tempDir('load-vanish');
    const second = helpers[1] as Helper;
    const argv = ['--json', '--data-dir', dataDir, 'load', ...clientArgs(helpers), '--size', '32M', '--time', '8'];
    let stdout = '';
    const running = runCli(argv, { stdout: (text) => (stdout += text), stderr: () => undefined, env: {} });
    await expect.poll(() => jobsOf(second).length, { timeout: 20_000, interval: 100 }).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 4000));
    // The whole server goes, as when that computer is switched off: nothing there can clean up.
    // (Its job processes too: left alone, fio's backend would finish the job file and clean up.)
    // Frozen first, tree and all, until no new process shows up below it: a job process forked between a look
    // and the kill would live on as an orphan, finish the job and clean up (CI, twice, on a loaded machine).
    const server = second.server.pid as number;
    const frozen = new Set<number>();
    for (let look = 0; look < 20; look++) {
      const found = [server, ...descendantsOf(server)].filter((pid) => !frozen.has(pid));
      if (found.length === 0) break;
      for (const pid of found) {
        frozen.add(pid);
        try {
          process.kill(pid, 'SIGSTOP');
        } catch {
          // Gone already: nothing of it can clean up.
        }
      }
    }
    for (const pid of frozen) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
    expect(await running).toBe(0);
    const json = JSON.parse(stdout) as { clients: (LoadClient & { leftBehind?: string })[] };
    expect(json.clients[0]).toMatchObject({ ok: true });
    expect(json.clients[0]?.leftBehind).toBeUndefined();
    expect(json.clients[1]).toMatchObject({ ok: false, error: { code: 'LINK_LOST' } });
    // Said, not hidden: the folder that stayed, by its path on that computer.
    const [scratch] = leftIn(second);
    expect(scratch).toMatch(/^\.nasbench-load-[0-9a-f]{8}$/);
    expect(json.clients[1]?.leftBehind).toBe(`${second.dir}/${scratch}`);
    expect(leftIn(helpers[0] as Helper)).toEqual([]);

    // Its server back: the next check (same data folder) removes that folder and nothing else.
    helpers[1] = await startHelper('unused', second);
    const engine = createEngine({ dataDir, mode: 'cli' });
    try {
      const answers = await engine.handlers.checkLoadHelpers({
        helpers: [{ host: '127.0.0.1', port: second.port, dir: second.dir }],
      });
      expect(answers[0]?.ok).toBe(true);
      expect(leftIn(second)).toEqual([]);
      expect(JSON.parse(readFileSync(`${dataDir}/load-leftovers.json`, 'utf8'))).toMatchObject({ leftovers: [] });
    } finally {
      await engine.shutdown();
    }
  }, 90_000);
});
