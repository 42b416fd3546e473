import { once } from 'node:events';
import { execFile } from 'node:child_process';
import net from 'node:net';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runIperfTest } from '../../electron/engine/net/iperf-client';
import { ControlReader } from '../../electron/engine/net/control';
import {
  IperfState,
  frameJson,
  makeCookie,
  maxParametersBytes,
  maxResultsBytes,
  stateByte,
} from '../../electron/engine/net/protocol';
import {
  startIperfServer,
  type IperfServer,
  type IperfServerTestSummary,
} from '../../electron/engine/net/iperf-server/server';
import { NasbenchError } from '../../shared/contract/errors';

/**
 * Control messages are length-prefixed, so a hostile or broken peer can announce 4 GiB, or send
 * without end while nobody reads. Whatever it sends, the built-in client and server hold at most
 * the cap (the largest message plus one socket read), never crash, and end in an error or a
 * completed test.
 */

/** ControlReader's default: the largest message (results), its length prefix, one 64 KiB socket read. */
const maxBuffered = maxResultsBytes + 4 + 64 * 1024;

let sockets: net.Socket[] = [];
let servers: net.Server[] = [];
afterEach(() => {
  for (const socket of sockets) socket.destroy();
  for (const server of servers) server.close();
  sockets = [];
  servers = [];
});

/** A connected pair on loopback: `ours` is read by a ControlReader, `peer` misbehaves. */
async function socketPair(): Promise<{ ours: net.Socket; peer: net.Socket }> {
  const server = net.createServer();
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const accepted = once(server, 'connection') as Promise<[net.Socket]>;
  const peer = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
  const [ours] = await accepted;
  for (const socket of [ours, peer]) {
    socket.on('error', () => undefined);
    sockets.push(socket);
  }
  return { ours, peer };
}

/** Writes with backpressure (so only the reader can hold bytes), until done or the connection goes. */
async function flood(socket: net.Socket, bytes: number): Promise<void> {
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  for (let sent = 0; sent < bytes && !socket.destroyed; sent += chunk.length) {
    if (socket.write(chunk.subarray(0, Math.min(chunk.length, bytes - sent)))) continue;
    await Promise.race([once(socket, 'drain'), once(socket, 'close')]).catch(() => undefined);
  }
}

function lengthPrefix(length: number): Buffer {
  const header = Buffer.alloc(4);
  header.writeUInt32BE(length);
  return header;
}

/** Announced lengths: anywhere in 32 bits, and near each cap where off-by-ones live. */
const announced = fc.oneof(
  fc.integer({ min: 0, max: 2 ** 32 - 1 }),
  fc.integer({ min: maxParametersBytes - 2, max: maxParametersBytes + 2 }),
  fc.integer({ min: maxResultsBytes - 2, max: maxResultsBytes + 2 }),
  fc.constant(2 ** 32 - 1),
);
const floodBytes = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 4096 }), fc.constant(3 * maxBuffered));

describe('ControlReader against random lengths and bytes', () => {
  it('never holds more than the cap, and ends every read in a message or a PARSE_ERROR', async () => {
    await fc.assert(
      fc.asyncProperty(
        announced,
        fc.uint8Array({ maxLength: 2048 }),
        floodBytes,
        fc.constantFrom(['test parameters', maxParametersBytes] as const, ['results', maxResultsBytes] as const),
        async (length, body, extra, [kind, cap]) => {
          const { ours, peer } = await socketPair();
          const reader = new ControlReader(ours);
          let peak = 0;
          ours.on('data', () => (peak = Math.max(peak, reader.pending)));
          peer.write(Buffer.concat([lengthPrefix(length), Buffer.from(body)]));
          const sending = flood(peer, extra).then(() => peer.end());
          const outcome = await reader.readJson(cap, kind).then(
            () => 'message' as const,
            (error: unknown) => error,
          );
          ours.destroy();
          await sending;
          expect(peak).toBeLessThanOrEqual(maxBuffered);
          if (outcome === 'message') {
            expect(length).toBeGreaterThan(0);
            expect(length).toBeLessThanOrEqual(cap);
            return;
          }
          expect(outcome).toBeInstanceOf(NasbenchError);
          expect((outcome as NasbenchError).code).toBe('PARSE_ERROR');
          if (length > cap) expect((outcome as NasbenchError).message).toMatch(/announced \d+ bytes/);
        },
      ),
      { numRuns: 60 },
    );
  }, 60_000);

  it('stops reading a peer that sends past the cap while nothing is read, and says so once', async () => {
    const { ours, peer } = await socketPair();
    const overflows: NasbenchError[] = [];
    const reader = new ControlReader(ours, { onOverflow: (error) => overflows.push(error) });
    let peak = 0;
    ours.on('data', () => (peak = Math.max(peak, reader.pending)));
    const sending = flood(peer, 16 * maxBuffered);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(overflows).toHaveLength(1);
    expect(overflows[0]?.code).toBe('PARSE_ERROR');
    expect(overflows[0]?.message).toMatch(/without being asked/);
    expect(peak).toBeLessThanOrEqual(maxBuffered);
    expect(reader.pending).toBe(0);
    await expect(reader.readState()).rejects.toMatchObject({ code: 'PARSE_ERROR' });
    ours.destroy();
    await sending;
  });
});

describe('the built-in server when a client announces or sends too much', () => {
  let server: IperfServer;
  const ends: IperfServerTestSummary[] = [];
  beforeAll(async () => {
    server = await startIperfServer({
      port: 0,
      timeouts: { setupMs: 1000, graceMs: 1500 },
      onTestEnd: (summary) => ends.push(summary),
    });
  });
  afterAll(() => server.close());

  async function nextEnd(): Promise<IperfServerTestSummary> {
    for (let i = 0; i < 100 && ends.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    const summary = ends.shift();
    if (!summary) throw new Error('the server reported no test end');
    return summary;
  }

  it('refuses parameters and results over their caps with PARSE_ERROR, then serves the stock client', async () => {
    const parameters = { tcp: true, omit: 0, time: 1, num: 0, blockcount: 0, parallel: 1, len: 131072 };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('parameters', 'results'),
        announced,
        fc.uint8Array({ maxLength: 256 }),
        floodBytes,
        async (at, length, body, extra) => {
          const cookie = makeCookie();
          const control = net.connect(server.port, '127.0.0.1');
          control.on('error', () => undefined);
          sockets.push(control);
          await once(control, 'connect');
          const reader = new ControlReader(control);
          control.write(cookie);
          expect(await reader.readState()).toBe(IperfState.PARAM_EXCHANGE);
          if (at === 'results') {
            control.write(frameJson(parameters));
            expect(await reader.readState()).toBe(IperfState.CREATE_STREAMS);
            const stream = net.connect(server.port, '127.0.0.1');
            stream.on('error', () => undefined);
            sockets.push(stream);
            stream.write(cookie);
            expect(await reader.readState()).toBe(IperfState.TEST_START);
            control.write(stateByte(IperfState.TEST_END));
            while ((await reader.readState()) !== IperfState.EXCHANGE_RESULTS);
          }
          control.write(Buffer.concat([lengthPrefix(length), Buffer.from(body)]));
          await flood(control, extra);
          control.end();
          const summary = await nextEnd();
          const cap = at === 'parameters' ? maxParametersBytes : maxResultsBytes;
          if (length === 0 || length > cap) expect(summary.error?.code).toBe('PARSE_ERROR');
          else expect(['PARSE_ERROR', 'LINK_LOST', 'INVALID_INPUT', 'CANCELLED']).toContain(summary.error?.code);
        },
      ),
      { numRuns: 40 },
    );
    const stock = await new Promise<string>((resolve) =>
      execFile('/usr/bin/iperf3', ['-c', '127.0.0.1', '-p', String(server.port), '-t', '1', '-J'], (_e, stdout) =>
        resolve(stdout),
      ),
    );
    expect((JSON.parse(stock) as { error?: string }).error).toBeUndefined();
    expect((await nextEnd()).error).toBeUndefined();
  }, 60_000);
});

/** An iperf3 server on loopback that runs a test properly until TEST_RUNNING, then does what `misbehave` says. */
async function floodingServer(
  misbehave: (control: net.Socket, reader: ControlReader) => Promise<void>,
): Promise<number> {
  let control: net.Socket | undefined;
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    sockets.push(socket);
    if (control) return void socket.resume(); // a data stream: whatever it sends is dropped
    control = socket;
    const reader = new ControlReader(socket);
    void (async () => {
      await reader.readExact(37);
      socket.write(stateByte(IperfState.PARAM_EXCHANGE));
      await reader.readJson(maxParametersBytes);
      socket.write(stateByte(IperfState.CREATE_STREAMS));
      await new Promise((resolve) => setTimeout(resolve, 50));
      socket.write(Buffer.from([IperfState.TEST_START, IperfState.TEST_RUNNING]));
      await misbehave(socket, reader);
    })().catch(() => undefined);
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as net.AddressInfo).port;
}

describe('the built-in client when a server floods the control connection', () => {
  it('ends a timed test at once with PARSE_ERROR, holding no more than the cap', async () => {
    const port = await floodingServer((control) => flood(control, 96 * 1024 * 1024));
    const before = process.memoryUsage().arrayBuffers;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().arrayBuffers)), 5);
    const started = performance.now();
    const outcome = await runIperfTest({ host: '127.0.0.1', port, seconds: 10, connectTimeoutMs: 2_000 }).catch(
      (error: unknown) => error,
    );
    clearInterval(sampler);
    expect(outcome).toMatchObject({ code: 'PARSE_ERROR', message: expect.stringMatching(/without being asked/) });
    expect(performance.now() - started).toBeLessThan(5_000);
    // Without the cap all 96 MiB would have been buffered; with it, the reader's 1 MiB and the send path's blocks.
    expect(peak - before).toBeLessThan(32 * 1024 * 1024);
  }, 20_000);

  it('ends in PARSE_ERROR or a completed test whatever length and bytes come instead of the results', async () => {
    await fc.assert(
      fc.asyncProperty(announced, fc.uint8Array({ maxLength: 256 }), floodBytes, async (length, body, extra) => {
        const port = await floodingServer(async (control, reader) => {
          while ((await reader.readState()) !== IperfState.TEST_END);
          control.write(stateByte(IperfState.EXCHANGE_RESULTS));
          await reader.readJson(maxResultsBytes);
          control.write(Buffer.concat([lengthPrefix(length), Buffer.from(body)]));
          await flood(control, extra);
          control.end();
        });
        const outcome = await runIperfTest({ host: '127.0.0.1', port, bytes: 64 * 1024, connectTimeoutMs: 2_000 }).then(
          () => 'finished',
          (error: unknown) => error,
        );
        if (outcome === 'finished') return;
        expect(outcome).toBeInstanceOf(NasbenchError);
        expect(['PARSE_ERROR', 'LINK_LOST']).toContain((outcome as NasbenchError).code);
        if (length === 0 || length > maxResultsBytes) expect((outcome as NasbenchError).code).toBe('PARSE_ERROR');
      }),
      { numRuns: 40 },
    );
  }, 60_000);
});
