import { describe, expect, it } from 'vitest';
import { measureThroughDisk } from '../../electron/engine/net/disk-through-network';
import { nasExec } from '../lab/lab';
import { runCli } from '../../electron/cli/program';
import { tempDir } from '../unit/helpers';
import { connectedEngine, lab, scratchOpener } from './lab-login';

describe('the network test as a run, through the contract', () => {
  it('streams one line per leg and their sum, and ends with the measured rate', async () => {
    const { engine, sessionId, events } = await connectedEngine('network-run', 'web');
    // The planner finds the lab's three separate links (legs A, B and the slow one).
    const plan = await engine.handlers.planLinkTest({ sessionId });
    expect(plan.legs.map((leg) => [leg.bindAddress, leg.target])).toEqual([
      [lab.legs.a.host, lab.legs.a.nas],
      [lab.legs.b.host, lab.legs.b.nas],
      [lab.legs.slow.host, lab.legs.slow.nas],
    ]);
    const started = await engine.dispatch('startNetworkRun', {
      sessionId,
      seconds: 3,
      legs: plan.legs.slice(0, 2).map(({ target, bindAddress }) => ({ target, bindAddress })),
    });
    expect(started.ok).toBe(true);
    await expect.poll(() => events.some((event) => event.kind === 'end'), { timeout: 15_000 }).toBe(true);
    const begin = events.find((event) => event.kind === 'begin');
    expect(begin).toMatchObject({ plan: 'network', series: [{ id: 'leg-1' }, { id: 'leg-2' }, { id: 'total' }] });
    const seriesSeen = new Set(events.flatMap((event) => (event.kind === 'sample' ? [event.series] : [])));
    expect([...seriesSeen].sort()).toEqual(['leg-1', 'leg-2', 'total']);
    const end = events.find((event) => event.kind === 'end');
    expect(end).toMatchObject({ state: 'done' });
    // Two 1 Gbit/s legs: about 2 × 119 MB/s of goodput, and clearly more than one link can carry.
    const rate = end?.kind === 'end' ? (end.summary?.bytesPerSecond ?? 0) : 0;
    expect(rate).toBeGreaterThan(1.6 * 125e6);
    expect(rate).toBeLessThan(2 * 125e6);
    await engine.shutdown();
  });
});

describe('network to NAS disk (iperf3 -F on the NAS)', () => {
  it('refuses a write through the network into a folder with no room for it', async () => {
    const { engine, sessionId } = await connectedEngine('to-disk', 'cli');
    const before = nasExec(['find', lab.tiny]).stdout;
    await expect(
      measureThroughDisk(engine.connections.session(sessionId), {
        way: 'to-disk',
        openScratch: scratchOpener(engine, sessionId),
        folder: lab.tiny,
        seconds: 2,
        fileBytes: 2 * 125e6,
      }),
    ).rejects.toMatchObject({ code: 'NOT_ENOUGH_SPACE' });
    expect(nasExec(['find', lab.tiny]).stdout).toBe(before);
    await engine.shutdown();
  });
});

describe('net --length 4k,64k,128k: the bonded 2.5 GbE write-up’s table of TCP write sizes, in one run', () => {
  it('runs one test per write size, in order, each row with its rate and spread', async () => {
    let stdout = '';
    const code = await runCli(
      [
        '--json',
        '--data-dir',
        await tempDir('net-lengths'),
        'net',
        '--host',
        lab.legs.a.nas,
        '--user',
        lab.users.test.name,
        '--trust-new-host',
        '--time',
        '3',
        '--length',
        '4k,64k,128k',
      ],
      {
        stdout: (text) => (stdout += text),
        stderr: () => undefined,
        env: { NASBENCH_PASSWORD: lab.users.test.password },
      },
    );
    expect(code, stdout).toBe(0);
    const json = JSON.parse(stdout) as {
      byLength: { lengthBytes: number; bitsPerSecond: number; spread?: { relative: number } }[];
    };
    expect(json.byLength.map((row) => row.lengthBytes)).toEqual([4096, 65536, 131072]);
    for (const row of json.byLength) {
      // Even 4 KiB writes fill a 1 Gbit/s link from this computer (the write-up's own table differed little).
      expect(row.bitsPerSecond).toBeGreaterThan(0.5e9);
      expect(row.bitsPerSecond).toBeLessThan(1e9);
      expect(row.spread).toMatchObject({ relative: expect.any(Number) });
    }
  }, 120_000);
});
