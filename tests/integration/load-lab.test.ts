import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/cli/program';
import { goodputBytesPerSecond } from '../../shared/words/verdicts';
import { nasExec, readLab, type LabInfo } from '../lab/lab';
import {
  leftOnNas,
  loadHelpers,
  loadHelpersDown,
  loadHelpersUp,
  startHelperServer,
  stopHelperServer,
} from '../lab/load-helpers';
import { tempDir } from '../unit/helpers';

/**
 * Two other computers load the lab NAS at once (issue #18): each a namespace with its own 1 Gbit/s
 * leg to the NAS, the share mounted over sshfs through that leg, and `fio --server`; this
 * computer's controller drives both (tests/lab/load-helpers.sh). One alone fills its leg; together
 * they carry about twice as much, and nothing is left on the NAS.
 */
const folder = 'load-lab';
let lab: LabInfo;

beforeAll(() => {
  lab = readLab();
  loadHelpersUp(lab, folder);
}, 60_000);
afterAll(() => loadHelpersDown(lab, folder));

async function load(count: number, dataDir?: string, extra: string[] = [], env: NodeJS.ProcessEnv = {}) {
  let stdout = '';
  const argv = loadHelpers
    .slice(0, count)
    .flatMap((helper) => ['--client', helper.control, '--dir', `${helper.mount}/${folder}`]);
  const code = await runCli(
    [
      '--json',
      '--data-dir',
      dataDir ?? (await tempDir('load-lab')),
      'load',
      ...argv,
      '--size',
      '256M',
      '--time',
      '6',
      ...extra,
    ],
    { stdout: (text) => (stdout += text), stderr: () => undefined, env },
  );
  expect(code).toBe(0);
  return JSON.parse(stdout) as {
    clients: { ok: boolean; bytesPerSecond: number; onNas?: boolean; leftBehind?: string; error?: { code: string } }[];
    total: { bytesPerSecond: number };
  };
}

/** The scratch folders (and what is in them) on the NAS. */
const scratchOnNas = (lab: LabInfo) =>
  nasExec(['find', `${lab.share}/${folder}`, '-mindepth', '1', '-printf', '%P\\n'])
    .stdout.trim()
    .split('\n')
    .filter(Boolean);

describe('load from two computers on their own 1 Gbit/s legs to the lab NAS', () => {
  it('one fills its leg; two together carry at least 1.8× as much; nothing is left on the NAS', async () => {
    // What TCP carries over 1 Gbit/s at MTU 1500 (117.7 MB/s); sshfs costs a little of it.
    const leg = goodputBytesPerSecond(1e9, 1500);
    const one = await load(1);
    expect(one.clients[0]?.ok).toBe(true);
    expect(one.total.bytesPerSecond / leg).toBeGreaterThan(0.8);
    expect(one.total.bytesPerSecond / leg).toBeLessThan(1.05);
    const both = await load(2);
    expect(both.clients.map((client) => client.ok)).toEqual([true, true]);
    for (const client of both.clients) expect(client.bytesPerSecond / leg).toBeGreaterThan(0.8);
    expect(both.total.bytesPerSecond / one.total.bytesPerSecond).toBeGreaterThanOrEqual(1.8);
    expect(leftOnNas(lab, folder)).toBe('');
  }, 90_000);

  it('a computer switched off mid-test: the other’s figure stands, its folder is named and removed once it is back', async () => {
    const leg = goodputBytesPerSecond(1e9, 1500);
    const dataDir = await tempDir('load-lab-vanish');
    const running = load(2, dataDir);
    // Into the measured part on the NAS: the second computer's file is there and growing.
    await expect
      .poll(() => scratchOnNas(lab).some((entry) => entry.endsWith('/helper-2.data')), { timeout: 30_000 })
      .toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 4000));
    stopHelperServer(2);
    const result = await running;
    expect(result.clients[0]?.ok).toBe(true);
    expect((result.clients[0]?.bytesPerSecond ?? 0) / leg).toBeGreaterThan(0.8);
    expect(result.clients[1]).toMatchObject({ ok: false, error: { code: 'LINK_LOST' } });
    expect(result.total.bytesPerSecond).toBe(result.clients[0]?.bytesPerSecond);
    // Its scratch folder is still on the NAS — and the result says where, on that computer.
    const [left] = scratchOnNas(lab);
    expect(left).toMatch(/^\.nasbench-load-[0-9a-f]{8}$/);
    expect(result.clients[1]?.leftBehind).toBe(`${loadHelpers[1].mount}/${folder}/${left}`);

    // Back on: the next run from this computer removes it first, then leaves nothing of its own.
    startHelperServer(2);
    const again = await load(2, dataDir);
    expect(again.clients.map((client) => client.ok)).toEqual([true, true]);
    expect(leftOnNas(lab, folder)).toBe('');
  }, 120_000);

  it('the NAS itself as one more computer: its fio started over SSH, on its own address only, stopped, nothing left', async () => {
    const leg = goodputBytesPerSecond(1e9, 1500);
    const nasServer = `--server=ip:${lab.legs.a.nas},8765`;
    const login = ['--host', lab.legs.a.nas, '--user', lab.users.test.name, '--trust-new-host'];
    const running = load(1, undefined, ['--nas-folder', `${lab.share}/${folder}`, ...login], {
      NASBENCH_PASSWORD: lab.users.test.password,
    });
    // While it runs: one fio server on the NAS, bound to the address this login reached, nothing wider.
    await expect.poll(() => nasExec(['pgrep', '-af', 'fio --server']).stdout, { timeout: 30_000 }).toContain(nasServer);
    expect(nasExec(['pgrep', '-af', 'fio --server=ip:0.0.0.0|fio --server$']).stdout).toBe('');
    const result = await running;
    expect(result.clients.map((client) => [client.ok, client.onNas ?? false])).toEqual([
      [true, false],
      [true, true],
    ]);
    expect((result.clients[0]?.bytesPerSecond ?? 0) / leg).toBeGreaterThan(0.8);
    expect(result.clients[1]?.bytesPerSecond).toBeGreaterThan(0);
    expect(result.total.bytesPerSecond).toBeCloseTo(
      (result.clients[0]?.bytesPerSecond ?? 0) + (result.clients[1]?.bytesPerSecond ?? 0),
      0,
    );
    // Stopped with the run, and its scratch folder gone with it.
    expect(nasExec(['pgrep', '-af', 'fio --server']).stdout).not.toContain(nasServer);
    expect(leftOnNas(lab, folder)).toBe('');
  }, 120_000);
});
