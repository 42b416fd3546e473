import type net from 'node:net';
import { NasbenchError } from '../../../shared/contract/errors';
import packageJson from '../../../package.json';
import { ControlReader, linkLost, parseError } from './control';
import { measureCpu, type CpuUtilization } from './cpu-time';
import {
  IperfState,
  ResultsSchema,
  defaultIperfPort,
  frameJson,
  makeCookie,
  maxResultsBytes,
  stateByte,
  type IperfParameters,
  type IperfResults,
} from './protocol';
import { measure, type MeasuredSample, type TestStream } from './measure';
import { DataStream, openConnection } from './streams';
import { defaultDatagramBytes } from './udp/datagram';
import {
  udpStreamResult,
  udpStreamFigures,
  udpTestFigures,
  type UdpStreamFigures,
  type UdpTestFigures,
} from './udp/udp-results';
import { openUdpStream, UdpDataStream } from './udp/udp-stream';

export type Direction = 'upload' | 'download' | 'bidir';

export interface IperfTestOptions {
  host: string;
  port?: number;
  /** Local address every connection of this test starts from (one leg of a bond). */
  bindAddress?: string;
  streams?: number;
  /** upload: this computer sends (iperf3's default); download: the server sends (-R). */
  direction?: Direction;
  seconds?: number;
  omitSeconds?: number;
  /** TCP: bytes per write (iperf3's -l; default 128 KiB). */
  blockBytes?: number;
  /**
   * TCP: the socket buffer (iperf3's -w), set at the server's end only: Node cannot size its own
   * sockets' buffers, so this computer's end keeps the system's automatic tuning.
   */
  windowBytes?: number;
  /** Stop after this many bytes instead of after `seconds` (upload only). */
  bytes?: number;
  /**
   * A timed test that also stops sending after this many bytes, whichever comes first (upload
   * only): the NAS writing what it receives to a file has room for no more.
   */
  maxBytes?: number;
  /** iperf3's UDP mode (-u): each stream sends at this rate (-b, per stream as in iperf3), datagrams of this size (-l). */
  udp?: { bitsPerSecond: number; datagramBytes?: number };
  sampleIntervalMs?: number;
  connectTimeoutMs?: number;
  /** No progress on any stream for this long means the link is gone. */
  stallSeconds?: number;
  signal?: AbortSignal;
  onSample?(sample: IperfSample): void;
}

/** One reading of the running test (every sample interval). */
export type IperfSample = MeasuredSample;

export interface IperfStreamReport {
  id: number;
  role: 'send' | 'receive';
  localAddress: string;
  localPort: number;
  remoteAddress: string;
  remotePort: number;
  /** What the receiving side counted: the goodput figure. */
  receivedBytes: number;
  sentBytes: number;
  /** Bytes this side received after the clock ended (in flight at the end): read, not counted. */
  lateBytes: number;
  /** Known only when the server sent (Node cannot read TCP_INFO for its own sends). */
  retransmits: number | null;
  /** UDP tests: datagrams sent, lost, jitter. */
  udp?: UdpStreamFigures;
}

export interface IperfTestResult {
  direction: Direction;
  seconds: number;
  /** Receiver-side bytes summed over streams, after the omit period. */
  bytes: number;
  bitsPerSecond: number;
  streams: IperfStreamReport[];
  /** UDP tests: the streams' datagrams, loss and jitter together. */
  udp?: UdpTestFigures;
  serverResults: IperfResults;
  parameters: IperfParameters;
}

/**
 * One iperf3 test against one server, with the iperf3 control protocol written here in
 * TypeScript (../shared/facts/iperf3-protocol.md), so the user needs no iperf3 on their own computer.
 */
export async function runIperfTest(options: IperfTestOptions): Promise<IperfTestResult> {
  const direction = options.direction ?? 'upload';
  const streamCount = options.streams ?? 1;
  const port = options.port ?? defaultIperfPort;
  const seconds = options.seconds ?? 10;
  const omitSeconds = options.omitSeconds ?? 0;
  const connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
  const udp = options.udp;
  const parameters: IperfParameters = {
    ...(udp ? { udp: true as const, bandwidth: udp.bitsPerSecond } : { tcp: true as const }),
    omit: omitSeconds,
    time: options.bytes ? 0 : seconds,
    num: options.bytes ?? 0,
    blockcount: 0,
    parallel: streamCount,
    len: udp ? (udp.datagramBytes ?? defaultDatagramBytes) : (options.blockBytes ?? 128 * 1024),
    ...(!udp && options.windowBytes ? { window: options.windowBytes } : {}),
    pacing_timer: 1000,
    client_version: `nasbench ${packageJson.version}`,
    ...(direction === 'download' ? { reverse: true as const } : {}),
    ...(direction === 'bidir' ? { bidirectional: true as const } : {}),
  };
  const cookie = makeCookie();
  const target = `${options.host}:${port}`;
  const control = await openConnection(options.host, port, options.bindAddress, connectTimeoutMs, options.signal).catch(
    (error: unknown) => {
      throw unreachable(target, error);
    },
  );
  control.setNoDelay(true);
  const stop = new AbortController();
  // Nothing reads the control connection while the test runs: a server that floods it ends the test at once.
  const reader = new ControlReader(control, { onOverflow: (error) => stop.abort(error) });
  const streams: TestStream[] = [];
  const onAbort = () => stop.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    control.write(cookie);
    await expectState(reader, IperfState.PARAM_EXCHANGE, target);
    control.write(frameJson(parameters));
    await expectState(reader, IperfState.CREATE_STREAMS, target);
    const roles = streamRoles(direction, streamCount);
    const open = {
      host: options.host,
      port,
      bindAddress: options.bindAddress,
      connectTimeoutMs,
      signal: options.signal,
    };
    for (const [index, role] of roles.entries()) {
      if (!udp) {
        streams.push(await openTcpStream(open, streamId(index), role, cookie, stop));
        continue;
      }
      const socket = await openUdpStream(options.host, port, options.bindAddress, connectTimeoutMs, options.signal);
      const stream = new UdpDataStream(streamId(index), role, socket, {
        bitsPerSecond: udp.bitsPerSecond,
        counters64: false,
      });
      stream.onLoss((error) => lose(stop, 'A UDP stream to the iperf3 server failed during the test.', error));
      streams.push(stream);
    }
    await expectState(reader, IperfState.TEST_START, target);
    await expectState(reader, IperfState.TEST_RUNNING, target);

    const cpuStart = process.cpuUsage();
    const startedAt = performance.now();
    const measured = await measure(streams, parameters, options, stop);
    const cpu = measureCpu(cpuStart, performance.now() - startedAt);
    options.signal?.throwIfAborted();
    if (measured.lost) throw measured.lost;
    control.write(stateByte(IperfState.TEST_END));
    await expectState(reader, IperfState.EXCHANGE_RESULTS, target, 15_000);
    control.write(frameJson(clientResults(streams, direction, measured.seconds, cpu)));
    const serverResults = ResultsSchema.safeParse(await reader.readJson(maxResultsBytes, 'results'));
    if (!serverResults.success) throw parseError('The iperf3 server sent results NASBench cannot read.');
    await expectState(reader, IperfState.DISPLAY_RESULTS, target, 15_000);
    control.write(stateByte(IperfState.IPERF_DONE));
    await drainReceivers(streams);
    return report(streams, serverResults.data, parameters, direction, measured.seconds);
  } catch (error) {
    if (options.signal?.aborted) {
      if (!control.destroyed) control.write(stateByte(IperfState.CLIENT_TERMINATE));
      throw cancelled(options.signal.reason);
    }
    throw error;
  } finally {
    stop.abort();
    options.signal?.removeEventListener('abort', onAbort);
    for (const stream of streams) stream.close();
    control.end();
    setTimeout(() => control.destroy(), 1_000).unref();
  }
}

/**
 * What the server wrote before it stopped is still on its way when the test ends. It is read (not
 * counted: the clock has ended) until the server closes its streams after IPERF_DONE, so that the
 * connections close cleanly instead of with unread data.
 */
async function drainReceivers(streams: TestStream[]): Promise<void> {
  const receivers = streams.filter(
    (stream): stream is DataStream =>
      stream instanceof DataStream && stream.role === 'receive' && !stream.socket.readableEnded,
  );
  const ended = receivers.map(
    (stream) => new Promise((resolve) => stream.socket.once('end', resolve).once('close', resolve)),
  );
  await Promise.race([Promise.all(ended), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
}

/** A TCP data stream: connected, its cookie sent, counting what it receives (a sender gets nothing, which is fine). */
async function openTcpStream(
  open: {
    host: string;
    port: number;
    bindAddress: string | undefined;
    connectTimeoutMs: number;
    signal: AbortSignal | undefined;
  },
  id: number,
  role: 'send' | 'receive',
  cookie: Buffer,
  stop: AbortController,
): Promise<DataStream> {
  const stream = new DataStream(id, role);
  const socket = await openConnection(open.host, open.port, open.bindAddress, open.connectTimeoutMs, open.signal, (n) =>
    stream.countReceived(n),
  );
  stream.attach(socket);
  socket.write(cookie);
  watchForLoss(socket, stop);
  return stream;
}

/** A data connection that fails or closes mid-test ends the test with LINK_LOST. */
function watchForLoss(socket: net.Socket, stop: AbortController): void {
  const onLoss = (error?: Error) => lose(stop, 'A data connection to the iperf3 server broke during the test.', error);
  socket.on('error', onLoss);
  socket.on('close', () => onLoss());
}

function lose(stop: AbortController, message: string, error?: Error): void {
  if (!stop.signal.aborted) stop.abort(linkLost(message, error));
}

/** Bidirectional tests open the client's sending streams first, then its receiving ones. */
function streamRoles(direction: Direction, count: number): ('send' | 'receive')[] {
  if (direction === 'upload') return Array<'send'>(count).fill('send');
  if (direction === 'download') return Array<'receive'>(count).fill('receive');
  return [...Array<'send'>(count).fill('send'), ...Array<'receive'>(count).fill('receive')];
}

/** iperf3 numbers streams 1, 3, 4, 5, … (a quirk of iperf_add_stream); results are matched by id. */
function streamId(index: number): number {
  return index === 0 ? 1 : index + 2;
}

/** The client's half of EXCHANGE_RESULTS; `cpu` is over the test only, as iperf3's own client counts it. */
function clientResults(
  streams: TestStream[],
  direction: Direction,
  seconds: number,
  cpu: CpuUtilization,
): IperfResults {
  return {
    cpu_util_total: cpu.total,
    cpu_util_user: cpu.user,
    cpu_util_system: cpu.system,
    // Node cannot read TCP_INFO, so a Node sender cannot count its own retransmits.
    sender_has_retransmits: direction === 'download' ? -1 : 0,
    streams: streams.map((stream) =>
      stream instanceof UdpDataStream
        ? udpStreamResult(stream, seconds)
        : {
            id: stream.id,
            bytes:
              stream.role === 'send'
                ? stream.sentBytes - stream.omittedSentBytes
                : stream.receivedBytes - stream.omittedReceivedBytes,
            retransmits: stream.role === 'send' ? 0 : -1,
            jitter: 0,
            errors: 0,
            packets: 0,
            start_time: 0,
            end_time: seconds,
          },
    ),
  };
}

function report(
  streams: TestStream[],
  serverResults: IperfResults,
  parameters: IperfParameters,
  direction: Direction,
  seconds: number,
): IperfTestResult {
  const reports = streams.map((stream): IperfStreamReport => {
    const server = serverResults.streams.find((entry) => entry.id === stream.id);
    const ownSent = stream.sentBytes - stream.omittedSentBytes;
    const ownReceived = stream.receivedBytes - stream.omittedReceivedBytes;
    return {
      id: stream.id,
      role: stream.role,
      ...stream.endpoints,
      receivedBytes: stream.role === 'send' ? (server?.bytes ?? 0) : ownReceived,
      sentBytes: stream.role === 'send' ? ownSent : (server?.bytes ?? 0),
      lateBytes: stream.lateReceivedBytes,
      retransmits: stream.role === 'receive' && server && server.retransmits >= 0 ? server.retransmits : null,
      ...(stream instanceof UdpDataStream ? { udp: udpStreamFigures(stream, server) } : {}),
    };
  });
  const udp = reports.flatMap((stream) => (stream.udp ? [stream.udp] : []));
  const bytes = reports.reduce((sum, stream) => sum + stream.receivedBytes, 0);
  return {
    direction,
    seconds,
    bytes,
    bitsPerSecond: (bytes * 8) / seconds,
    streams: reports,
    ...(udp.length ? { udp: udpTestFigures(udp) } : {}),
    serverResults,
    parameters,
  };
}

async function expectState(reader: ControlReader, expected: number, target: string, timeoutMs = 10_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(linkLost(`The iperf3 server at ${target} stopped answering.`)), timeoutMs);
  });
  try {
    const state = await Promise.race([reader.readState(), timeout]);
    if (state === expected) return;
    if (state === IperfState.ACCESS_DENIED) {
      throw new NasbenchError(
        'SERVER_BUSY',
        `The iperf3 server at ${target} is busy running another test.`,
        'Wait until the other test has finished (iperf3 serves one test at a time), then try again.',
      );
    }
    if (state === IperfState.SERVER_ERROR) {
      const code = (await reader.readExact(4)).readInt32BE(0);
      throw new NasbenchError(
        'INTERNAL',
        `The iperf3 server at ${target} reported an error (iperf3 error ${code}).`,
        'Try again; if it persists, restart iperf3 on the NAS.',
      );
    }
    if (state === IperfState.SERVER_TERMINATE) throw linkLost(`The iperf3 server at ${target} ended the test.`);
    throw parseError(`The iperf3 server at ${target} sent state ${state} where ${expected} was expected.`);
  } finally {
    clearTimeout(timer);
  }
}

function unreachable(target: string, error: unknown): NasbenchError {
  const code = (error as { code?: string }).code;
  return new NasbenchError(
    'UNREACHABLE',
    code === 'ECONNREFUSED'
      ? `Nothing accepts connections at ${target}: iperf3 is not listening there, or a firewall refuses the port.`
      : `Could not reach the iperf3 server at ${target}.`,
    'If iperf3 is running on the NAS, allow its port (5201 by default) in the NAS firewall.',
    { cause: error },
  );
}

function cancelled(reason: unknown): NasbenchError {
  return reason instanceof NasbenchError
    ? reason
    : new NasbenchError('CANCELLED', 'The test was cancelled.', 'Start it again when you are ready.');
}
