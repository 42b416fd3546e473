import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundTripFigures, startRoundTrips, withLatencyUnderLoad } from '../../electron/engine/net/latency';
import { explainFigures, noFigures, type DelayFigure, type Figures } from '../../shared/verdicts';

/**
 * The delay sampler and its figures. Round trips here are real: a byte echoed by a TCP server on
 * loopback, and a server that holds its reply (a reply stuck in a full queue).
 */
let echo: Server;
let socket: Socket;
let holdReplies = false;
const held: Socket[] = [];

beforeAll(async () => {
  echo = createServer((connection) => {
    connection.setNoDelay(true);
    connection.on('data', (data) => {
      if (holdReplies) held.push(connection);
      else connection.write(data);
    });
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  const address = echo.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  socket = connect(port, '127.0.0.1');
  socket.setNoDelay(true);
  await new Promise<void>((resolve) => socket.once('connect', resolve));
});

afterAll(async () => {
  socket.destroy();
  for (const connection of held) connection.destroy();
  await new Promise((resolve) => echo.close(resolve));
});

/** One byte there and back over the loopback connection. */
function echoRoundTrip(): Promise<number> {
  const sentAt = performance.now();
  return new Promise((resolve) => {
    socket.once('data', () => resolve(performance.now() - sentAt));
    socket.write('x');
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('round-trip figures', () => {
  it('gives nearest-rank percentiles and the count', () => {
    const ms = Array.from({ length: 100 }, (_unused, index) => 100 - index);
    expect(roundTripFigures(ms)).toEqual({ p50Ms: 50, p90Ms: 90, p99Ms: 99, samples: 100 });
    expect(roundTripFigures([7])).toEqual({ p50Ms: 7, p90Ms: 7, p99Ms: 7, samples: 1 });
  });

  it('gives nothing for no round trips (no figure rather than a zero)', () => {
    expect(roundTripFigures([])).toBeUndefined();
  });
});

describe('the round-trip sampler', () => {
  it('times real round trips one after another, about one per interval', async () => {
    const from = performance.now();
    const sampler = startRoundTrips(echoRoundTrip, 20);
    await sleep(400);
    await sampler.stop();
    const ms = sampler.since(from);
    // 400 ms at one per 20 ms: about 20; never two at once, so never many more.
    expect(ms.length).toBeGreaterThan(5);
    expect(ms.length).toBeLessThanOrEqual(22);
    expect(Math.min(...ms)).toBeGreaterThan(0);
  });

  it('counts a reply that never came with the time it waited, and sends nothing behind it', async () => {
    holdReplies = true;
    try {
      const from = performance.now();
      const sampler = startRoundTrips(echoRoundTrip, 20);
      await sleep(300);
      await sampler.stop(100);
      const ms = sampler.since(from);
      expect(held).toHaveLength(1);
      expect(ms).toHaveLength(1);
      expect(ms[0]).toBeGreaterThanOrEqual(300);
    } finally {
      holdReplies = false;
      socket.removeAllListeners('data');
    }
  });
});

describe('the delay under load', () => {
  it('counts as loaded only the round trips sent while the load was flowing', async () => {
    const { result, latency } = await withLatencyUnderLoad(echoRoundTrip, '127.0.0.1', async (markFlowing) => {
      // A second of setting up (idle link), then data flowing for half a second.
      await sleep(1000);
      for (let tick = 0; tick <= 10; tick += 1) {
        markFlowing();
        await sleep(50);
      }
      return 'done';
    });
    expect(result).toBe('done');
    expect(latency?.via).toBe('127.0.0.1');
    // The idle part runs two seconds at 20 a second; the loaded part only the half second of flow.
    expect(latency?.idle.samples).toBeGreaterThan(latency?.loaded.samples ?? Infinity);
    expect(latency?.loaded.samples).toBeGreaterThan(2);
    expect(latency?.loaded.samples).toBeLessThanOrEqual(12);
  });

  it('gives no figure when the load never flowed', async () => {
    const { latency } = await withLatencyUnderLoad(echoRoundTrip, '127.0.0.1', async () => 'failed early');
    expect(latency).toBeUndefined();
  });
});

describe('the delay in everyday words', () => {
  const withDelay = (delay: DelayFigure): Figures => ({
    ...noFigures(),
    network: { ...noFigures().network, delays: [delay] },
  });
  const verdictOf = (delay: DelayFigure) => explainFigures(withDelay(delay)).find((v) => v.id === 'everyday-delay');

  it('names the idle and the loaded delay, and what stutters, when the queue grows', () => {
    const verdict = verdictOf({ direction: 'upload', idleMs: 1.2, loadedMs: 180, loadedP99Ms: 240 });
    expect(verdict?.severity).toBe('warn');
    expect(verdict?.text).toContain('rises from 1.2 ms to 180 ms while this computer sends to the NAS');
    expect(verdict?.text).toContain('video calls and games on this computer will stutter during backups');
    expect(verdict?.figures).toEqual({ idleMs: 1.2, loadedMs: 180, loadedP99Ms: 240 });
  });

  it('calls a small rise fine for calls, and no rise unnoticed', () => {
    expect(verdictOf({ direction: 'download', idleMs: 0.4, loadedMs: 9.6, loadedP99Ms: 14 })?.text).toContain(
      'rises from 0.4 ms to 9.6 ms while the NAS sends to this computer',
    );
    const flat = verdictOf({ direction: 'upload', idleMs: 0.4, loadedMs: 0.9, loadedP99Ms: 2 });
    expect(flat?.severity).toBe('info');
    expect(flat?.text).toContain(
      'stays low while this computer sends to the NAS, as a backup does (0.4 ms idle, 0.9 ms under that load)',
    );
    expect(flat?.text).toContain('will not notice');
  });

  it('speaks of the worst load the run timed', () => {
    const figures = withDelay({ direction: 'upload', idleMs: 1, loadedMs: 12, loadedP99Ms: 20 });
    figures.network.delays?.push({ direction: 'download', idleMs: 1, loadedMs: 60, loadedP99Ms: 90 });
    const verdict = explainFigures(figures).find((v) => v.id === 'everyday-delay');
    expect(verdict?.text).toContain('to 60 ms while the NAS sends');
  });

  it('says nothing when no delay was timed', () => {
    expect(explainFigures(noFigures()).some((verdict) => verdict.id === 'everyday-delay')).toBe(false);
  });
});
