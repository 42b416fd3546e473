import dgram from 'node:dgram';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IperfState, makeCookie, stateByte } from '../../electron/engine/net/protocol';
import type { IperfServer } from '../../electron/engine/net/iperf-server/server';
import { negotiate, rawClient, startServer, stockClient, type TestEnds } from '../helpers/iperf-server';

/**
 * Who the built-in server takes a test's streams from, and how much it gives a peer: on Linux every
 * 127.x.y.z address is this machine's loopback, so a socket bound to 127.0.0.2 is "another host"
 * reaching the server on 127.0.0.1 — with no traffic off the machine.
 */
const elsewhere = '127.0.0.2';

/** A UDP socket bound to `address` that says iperf3's UDP hello to the server; resolves with its reply, or null. */
async function udpHello(address: string, port: number, waitMs: number): Promise<Buffer | null> {
  const socket = dgram.createSocket('udp4');
  socket.bind(0, address);
  await once(socket, 'listening');
  const reply = new Promise<Buffer | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), waitMs);
    socket.once('message', (message: Buffer) => {
      clearTimeout(timer);
      resolve(message);
    });
  });
  socket.send(Buffer.from('9876', 'ascii'), port, '127.0.0.1');
  const answered = await reply;
  socket.close();
  return answered;
}

const udpParameters = {
  udp: true,
  omit: 0,
  time: 1,
  num: 0,
  blockcount: 0,
  parallel: 1,
  len: 1460,
  bandwidth: 1e6,
  reverse: true,
};

describe('the built-in iperf3 server takes a test only from its control connection’s peer', () => {
  let server: IperfServer;
  let ends: TestEnds;

  beforeAll(async () => {
    ({ server, ends } = await startServer({ timeouts: { setupMs: 3000, graceMs: 1500 } }));
  });
  afterAll(() => server.close());

  it('a UDP hello from an address other than the control peer starts no stream; the peer’s own does', async () => {
    const control = await negotiate(server.port, makeCookie(), udpParameters);
    // Forged or not, a hello from elsewhere gets no answer and takes no stream: the test still waits.
    for (let tries = 0; tries < 3; tries++) expect(await udpHello(elsewhere, server.port, 300)).toBeNull();
    const states: number[] = [];
    void control.reader.readState().then((state) => states.push(state));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(states).toEqual([]);
    // The same hello from the control connection's own address is answered, and the test starts.
    expect((await udpHello('127.0.0.1', server.port, 2000))?.toString('ascii')).toBe('6789');
    await expect.poll(() => states).toEqual([IperfState.TEST_START]);
    control.socket.write(stateByte(IperfState.CLIENT_TERMINATE));
    const summary = await ends.next();
    expect(summary.error?.code).toBe('CANCELLED');
    expect(summary.streams).toHaveLength(1);
    control.socket.destroy();
  });

  it('a TCP data connection with the right cookie from another address is refused; the peer’s own is taken', async () => {
    const cookie = makeCookie();
    const control = await negotiate(server.port, cookie);
    // The cookie travels in the clear: knowing it is no proof of being the peer.
    const impostor = await rawClient(server.port, elsewhere);
    impostor.socket.write(cookie);
    expect(await impostor.reader.readState()).toBe(IperfState.ACCESS_DENIED);
    const stream = await rawClient(server.port);
    stream.socket.write(cookie);
    expect(await control.reader.readState()).toBe(IperfState.TEST_START);
    control.socket.write(stateByte(IperfState.CLIENT_TERMINATE));
    expect((await ends.next()).error?.code).toBe('CANCELLED');
    for (const socket of [control.socket, impostor.socket, stream.socket]) socket.destroy();
  });
});

describe('the built-in iperf3 server with peers named', () => {
  it('closes a connection from any other address unread, then serves the peer', async () => {
    const { server, ends } = await startServer({ peers: ['127.0.0.1'] });
    try {
      const stranger = await rawClient(server.port, elsewhere);
      stranger.socket.write(makeCookie());
      // Nothing at all comes back (no PARAM_EXCHANGE, no busy byte): the connection just ends.
      const received: Buffer[] = [];
      stranger.socket.on('data', (chunk: Buffer) => received.push(chunk));
      await once(stranger.socket, 'close');
      expect(Buffer.concat(received).length).toBe(0);
      const { json } = await stockClient(server.port, ['-t', '1']);
      expect(json.error).toBeUndefined();
      const summary = await ends.next();
      expect(summary).toMatchObject({ client: '127.0.0.1' });
      expect(summary.error).toBeUndefined();
    } finally {
      await server.close();
    }
  }, 15_000);
});

describe('the built-in iperf3 server holds a peer to its caps', () => {
  it('a stock client asking for 10 Gbit/s of UDP for a day gets the caps, and the test ends at the capped length', async () => {
    // The caps through the server's option, short for a test: NASBench's own are 3600 s and 1 Gbit/s.
    const caps = { seconds: 2, udpBitsPerSecond: 20e6 };
    const { server, ends } = await startServer({ caps });
    try {
      const { json } = await stockClient(server.port, ['-u', '-b', '10G', '-t', '86400', '-R']);
      // The stock client is told the server ended the test, and prints what it measured until then.
      expect(json.error).toMatch(/server has terminated/);
      const summary = await ends.next();
      expect(summary.error).toBeUndefined();
      expect(summary.capped).toEqual([
        { what: 'udp-bits-per-second', asked: 10e9, allowed: caps.udpBitsPerSecond },
        { what: 'seconds', asked: 86_400, allowed: caps.seconds },
      ]);
      // It ran for the cap (a busy machine's timers run late, never early), and sent at the capped rate.
      expect(summary.seconds / caps.seconds).toBeGreaterThan(0.95);
      expect(summary.seconds / caps.seconds).toBeLessThan(1.5);
      const sentBitsPerSecond = (summary.sentBytes * 8) / summary.seconds;
      expect(sentBitsPerSecond / caps.udpBitsPerSecond).toBeGreaterThan(0.8);
      expect(sentBitsPerSecond / caps.udpBitsPerSecond).toBeLessThan(1.05);
    } finally {
      await server.close();
    }
  }, 20_000);

  it('a test within the caps is not held: it runs to its own end', async () => {
    const { server, ends } = await startServer({ caps: { seconds: 2, udpBitsPerSecond: 20e6 } });
    try {
      const { json } = await stockClient(server.port, ['-u', '-b', '10M', '-t', '1', '-R']);
      expect(json.error).toBeUndefined();
      const summary = await ends.next();
      expect(summary.error).toBeUndefined();
      expect(summary.capped).toBeUndefined();
    } finally {
      await server.close();
    }
  }, 15_000);
});
