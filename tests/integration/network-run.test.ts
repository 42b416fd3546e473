import { spawnSync } from 'node:child_process';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { measureDiskToNetworkRead, measureNetworkToDiskWrite } from '../../electron/engine/net/disk-through-network';
import { nasExec } from '../lab/lab';
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

describe('network to NAS disk (seed 000, iperf3 -F on the NAS)', () => {
  it('writes through the network into a scratch file, labels the figure, and leaves nothing behind', async () => {
    const { engine, sessionId } = await connectedEngine('to-disk', 'cli');
    const before = nasExec(['find', lab.share]).stdout;
    const result = await measureNetworkToDiskWrite(engine.connections.session(sessionId), {
      openScratch: scratchOpener(engine, sessionId),
      folder: lab.share,
      seconds: 2,
    });
    expect(result.label).toMatch(/NAS disk/);
    expect(result.file.startsWith(`${lab.share}/.nasbench-`)).toBe(true);
    // The lab's disk is faster than its 1 Gbit/s link, so the link sets the pace.
    expect(result.bitsPerSecond).toBeGreaterThan(800e6);
    expect(result.bitsPerSecond).toBeLessThan(1e9);
    expect(nasExec(['find', lab.share]).stdout).toBe(before);
    await expect(
      measureNetworkToDiskWrite(engine.connections.session(sessionId), {
        openScratch: scratchOpener(engine, sessionId),
        folder: lab.tiny,
        seconds: 2,
      }),
    ).rejects.toMatchObject({ code: 'NOT_ENOUGH_SPACE' });
    await engine.shutdown();
  });
});

/** The port this process's built-in server listens on at `address`, once it does (`ss -ltnp`). */
function ownListenerOn(address: string): number | null {
  const lines = spawnSync('ss', ['-Hltnp'], { encoding: 'utf8' }).stdout.split('\n');
  const ours = lines.find((line) => line.includes(`pid=${process.pid},`) && line.includes(` ${address}:`));
  const port = ours ? /\s(\S+):(\d+)\s/.exec(ours)?.[2] : undefined;
  return port ? Number(port) : null;
}

/**
 * What a client from this computer's own address gets from a server there, once it has closed: whether it
 * connected, and the bytes it got (an iperf3 server answers a cookie with PARAM_EXCHANGE, or busy).
 */
function strangerGets(address: string, port: number): Promise<{ connected: boolean; bytes: number }> {
  return new Promise((resolve) => {
    let bytes = 0;
    let connected = false;
    const socket = net.connect({ host: address, port, localAddress: address });
    socket.on('data', (chunk: Buffer) => (bytes += chunk.length));
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      connected = true;
      socket.write(Buffer.alloc(37, 'a'));
    });
    socket.once('close', () => resolve({ connected, bytes }));
  });
}

describe('NAS disk to network (seed 000, iperf3 -c -F on the NAS to the built-in server)', () => {
  it('reads a file on the NAS through the network, says it was likely cached, and removes it; takes the test only from the NAS', async () => {
    const { engine, sessionId } = await connectedEngine('from-disk', 'cli');
    const before = nasExec(['find', lab.share]).stdout;
    const reading = measureDiskToNetworkRead(engine.connections.session(sessionId), {
      openScratch: scratchOpener(engine, sessionId),
      folder: lab.share,
      seconds: 2,
      localAddress: lab.legs.a.host,
      nasMemoryBytes: 16 * 2 ** 30,
    });
    // Once the built-in server listens for the NAS: a test from any other address (this computer's own,
    // here) is closed unread, and the NAS's test is the one measured.
    await expect.poll(() => ownListenerOn(lab.legs.a.host), { timeout: 30_000, interval: 50 }).not.toBeNull();
    expect(await strangerGets(lab.legs.a.host, ownListenerOn(lab.legs.a.host) ?? 0)).toEqual({
      connected: true,
      bytes: 0,
    });
    const result = await reading;
    expect(result).toMatchObject({
      direction: 'read',
      likelyCached: true,
      label: expect.stringMatching(/NAS disk to network/),
    });
    expect(result.bitsPerSecond).toBeGreaterThan(800e6);
    expect(result.bitsPerSecond).toBeLessThan(1e9);
    expect(nasExec(['find', lab.share]).stdout).toBe(before);
    await engine.shutdown();
  });
});
