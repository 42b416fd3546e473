import net from 'node:net';
import { NasbenchError } from '../../../../shared/contract/errors';
import { nasbenchCaps, plainAddress } from './caps';
import { ServedIperfTest } from './served-test';
import { defaultTimeouts, type IperfServerOptions } from './types';

export { nasbenchCaps, type IperfServerCap, type IperfServerCaps } from './caps';
export type {
  IperfDirection,
  IperfServerOptions,
  IperfServerSample,
  IperfServerStreamSummary,
  IperfServerTestSummary,
  IperfServerTimeouts,
} from './types';

export interface IperfServer {
  /** The port it listens on (the one picked when asked for 0). */
  port: number;
  host: string;
  /** Stops listening, ends a running test (the client is told SERVER_TERMINATE) and closes every connection. */
  close(): Promise<void>;
}

/**
 * An iperf3-protocol server (TCP and UDP tests) that stock iperf3 clients from 3.1 on can test against:
 * forward, reverse (-R), parallel (-P), bidirectional (--bidir) and UDP (-u, -b, -l). Like iperf3 it runs one test at
 * a time and turns other clients away as busy. Each finished or failed test is reported to onTestEnd.
 * A test's data streams (TCP connections, UDP hellos) are taken only from the address its control
 * connection came from, so no one can make it send to a third machine; with `peers`, tests come only
 * from those addresses; every test is held to `caps` (NASBench's own limits unless told otherwise).
 */
export async function startIperfServer(options: IperfServerOptions): Promise<IperfServer> {
  const host = options.host ?? '127.0.0.1';
  if (options.signal?.aborted) throw cancelled();
  const sockets = new Set<net.Socket>();
  const sessionOptions = {
    address: { host, port: options.port },
    onSample: options.onSample,
    sampleIntervalMs: options.sampleIntervalMs ?? 1000,
    timeouts: { ...defaultTimeouts, ...options.timeouts },
    caps: { ...nasbenchCaps, ...options.caps },
  };
  const peers = options.peers?.map(plainAddress);
  let session: ServedIperfTest | undefined;

  const server = net.createServer((socket) => {
    // Not the peer this server is for: closed unread, as if nothing listened here for it.
    if (peers && !peers.includes(plainAddress(socket.remoteAddress))) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A connection is a new test only while none runs; during a test it is a data stream or refused.
    if (session) return session.offer(socket);
    const current = new ServedIperfTest(socket, sessionOptions);
    session = current;
    void current.run().then((summary) => {
      session = undefined;
      options.onTestEnd?.(summary);
    });
  });
  // Accept errors (EMFILE and the like) are transient; they must not crash the app.
  server.on('error', () => undefined);
  await listen(server, options.port, host);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  sessionOptions.address.port = port;

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      await session?.terminate();
      for (const socket of sockets) socket.destroy();
      await stopped;
    })();
    return closing;
  };
  options.signal?.addEventListener('abort', () => void close(), { once: true });
  return { port, host, close };
}

function listen(server: net.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => reject(listenError(error, port, host));
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

function listenError(error: NodeJS.ErrnoException, port: number, host: string): NasbenchError {
  if (error.code === 'EADDRINUSE') {
    return new NasbenchError(
      'SERVER_BUSY',
      `Port ${port} on ${host} is already in use, so the built-in iperf3 server cannot start.`,
      'Stop the other iperf3 server (or program) using that port, or choose another port.',
      { cause: error },
    );
  }
  if (error.code === 'EACCES') {
    return new NasbenchError(
      'PERMISSION_DENIED',
      `This system does not allow NASBench to listen on port ${port}.`,
      'Choose a port above 1023.',
      { cause: error },
    );
  }
  return new NasbenchError(
    'INVALID_INPUT',
    `The built-in iperf3 server cannot listen on ${host} port ${port}.`,
    'Check that the address belongs to this computer, or leave it at 127.0.0.1.',
    { cause: error },
  );
}

function cancelled(): NasbenchError {
  return new NasbenchError('CANCELLED', 'The iperf3 server was cancelled before it started.', 'Start it again.');
}
