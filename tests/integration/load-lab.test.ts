import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/cli/program';
import { goodputBytesPerSecond } from '../../shared/words/verdicts';
import { readLab, type LabInfo } from '../lab/lab';
import { leftOnNas, loadHelpers, loadHelpersDown, loadHelpersUp } from '../lab/load-helpers';
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

async function load(count: number) {
  let stdout = '';
  const argv = loadHelpers
    .slice(0, count)
    .flatMap((helper) => ['--client', helper.control, '--dir', `${helper.mount}/${folder}`]);
  const code = await runCli(
    ['--json', '--data-dir', await tempDir('load-lab'), 'load', ...argv, '--size', '256M', '--time', '6'],
    { stdout: (text) => (stdout += text), stderr: () => undefined, env: {} },
  );
  expect(code).toBe(0);
  return JSON.parse(stdout) as {
    clients: { ok: boolean; bytesPerSecond: number }[];
    total: { bytesPerSecond: number };
  };
}

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
});
