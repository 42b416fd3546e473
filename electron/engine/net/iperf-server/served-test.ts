import { randomFillSync } from 'node:crypto';
import type net from 'node:net';
import { performance } from 'node:perf_hooks';
import { NasbenchError } from '../../../../shared/contract/errors';
import { ControlReader, linkLost, parseError } from '../control';
import {
  cookieLength,
  frameJson,
  IperfParametersSchema,
  IperfState,
  maxParametersBytes,
  maxResultsBytes,
  ResultsSchema,
  stateByte,
  type IperfResults,
  type ParsedIperfParameters,
} from '../protocol';
import { measureCpu, type CpuUtilization } from '../cpu-time';
import { buildServerResults } from './results-exchange';
import { countSettled, DataStream, iperfStreamId, refuse, sumBytes } from './streams';
import {
  expectedStreams,
  lengthHeld,
  plainAddress,
  udpRateHeld,
  withinLimits,
  type IperfServerCap,
  type IperfServerCaps,
} from './caps';
import { asServerError, timeout, unexpectedState } from './served-test-errors';
import { UdpServerStream, UdpStreamAcceptor } from './udp-streams';
import type { IperfServerOptions, IperfServerTestSummary, IperfServerTimeouts } from './types';

/** iperf3's i_errno values; the stock client prints its own message for each. */
const iperfErrno = { notImplemented: 13, receiveParameters: 114 } as const;

/** A test's data stream: a TCP connection, or a UDP socket connected to the client. */
type ServerStream = DataStream | UdpServerStream;
/** How long a lost data connection waits for the control connection to say why (see streamLost). */
const lostGraceMs = 250;

export type ServedTestOptions = Pick<IperfServerOptions, 'onSample'> & {
  sampleIntervalMs: number;
  /** Where the server listens: a UDP test takes its streams on the same address and port. */
  address: { host: string; port: number };
  timeouts: IperfServerTimeouts;
  caps: IperfServerCaps;
};

/**
 * One iperf3 test on the server side: the control connection's state machine from cookie to
 * IPERF_DONE. Every wait is a read on the control connection, so failing (a timer, a lost data
 * connection, the server closing) only has to record why and destroy the sockets.
 */
export class ServedIperfTest {
  private readonly reader: ControlReader;
  private readonly client: string;
  /** Data connections in accept order (the order the client opened them); `verified` sent our cookie. */
  private readonly candidates: ServerStream[] = [];
  private readonly verified = new Set<ServerStream>();
  private streams: ServerStream[] = [];
  private udpAcceptor: UdpStreamAcceptor | undefined;
  private readonly stopAccepting = new AbortController();
  private cookie: Buffer | undefined;
  private parameters: ParsedIperfParameters | undefined;
  private acceptingStreams = false;
  private running = false;
  private frozen = false;
  private failure: NasbenchError | undefined;
  private clientResults: IperfResults | undefined;
  /** What the client asked for beyond the caps; `endedAtCap` once the server ended the test at its length cap. */
  private readonly capped: IperfServerCap[] = [];
  private endedAtCap = false;
  private capTimer: NodeJS.Timeout | undefined;
  private deadline: NodeJS.Timeout | undefined;
  private ticker: NodeJS.Timeout | undefined;
  private omitTimer: NodeJS.Timeout | undefined;
  private lostTimer: NodeJS.Timeout | undefined;
  private cpuStart = process.cpuUsage();
  private cpu: CpuUtilization = { total: 0, user: 0, system: 0 };
  private startedAt = 0;
  private countedFrom = 0;
  private stoppedAt = 0;
  private lastSample = { at: 0, receive: 0, send: 0, movedAt: 0 };
  private resolveStreamsReady = (): void => undefined;
  private readonly streamsReady = new Promise<void>((resolve) => (this.resolveStreamsReady = resolve));

  constructor(
    private readonly control: net.Socket,
    private readonly options: ServedTestOptions,
  ) {
    control.setNoDelay(true);
    this.client = plainAddress(control.remoteAddress);
    this.reader = new ControlReader(control);
    this.arm(options.timeouts.setupMs, 'did not set up its test in time');
  }

  /**
   * A connection that arrives while this test holds the server: a data stream if we expect one from
   * this client's address (a cookie alone, which the client sent in the clear, is not enough), else refused.
   */
  offer(socket: net.Socket): void {
    const cookie = this.cookie;
    if (!this.acceptingStreams || !cookie || plainAddress(socket.remoteAddress) !== this.client) return refuse(socket);
    const stream = new DataStream(socket, (lost, cause) => this.streamLost(lost, cause));
    this.candidates.push(stream);
    stream.cookie.then(
      (received) => (received.equals(cookie) ? this.streamVerified(stream) : refuse(stream.socket)),
      () => undefined,
    );
  }

  /**
   * The server is closing: tell the client as iperf3 does when it is stopped, then end. The data
   * connections stay open, held, until the client hangs up (at most `graceMs`): closing them at once
   * lets a sending client hit a broken pipe before it reads SERVER_TERMINATE, and report that instead.
   */
  async terminate(graceMs = 1000): Promise<void> {
    const stopped = new NasbenchError(
      'CANCELLED',
      'The test stopped because the iperf3 server closed.',
      'Run it again.',
    );
    this.failure ??= stopped;
    if (this.control.writable) {
      this.control.write(stateByte(IperfState.SERVER_TERMINATE));
      for (const stream of this.candidates) stream.hold();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, graceMs);
        this.control.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    this.fail(stopped);
  }

  /** Runs the test to its end; never throws: failures land in the summary. */
  async run(): Promise<IperfServerTestSummary> {
    try {
      this.cookie = Buffer.from(await this.reader.readExact(cookieLength));
      this.send(IperfState.PARAM_EXCHANGE);
      const parameters = await this.readParameters();
      this.acceptingStreams = true;
      if (parameters.udp === true) await this.acceptUdpStreams(parameters);
      this.send(IperfState.CREATE_STREAMS);
      // The client may give up (CLIENT_TERMINATE) while we wait for its data connections; the
      // same read then goes on to wait for TEST_END.
      const next = this.reader.readState();
      const early = await Promise.race([next, this.streamsReady.then(() => undefined)]);
      if (early !== undefined) throw unexpectedState(early);
      this.startTest(parameters);
      let state = await next;
      // iperf3's server ignores these two here; so do we.
      while (state === IperfState.TEST_START || state === IperfState.IPERF_DONE) state = await this.reader.readState();
      if (this.endedAtCap) throw new Error('ended at the cap');
      if (state !== IperfState.TEST_END) throw unexpectedState(state);
      this.arm(this.options.timeouts.graceMs, 'did not finish exchanging results');
      await this.endTest();
      await this.exchangeResults();
      await this.reader.readState().catch(() => undefined); // IPERF_DONE, or a close: the results are complete
    } catch (error) {
      // Ended at the cap, the client hangs up as told: what it measured until then stands.
      if (!this.endedAtCap) this.failure ??= asServerError(error);
    } finally {
      this.cleanup();
    }
    return this.summary();
  }

  private async readParameters(): Promise<ParsedIperfParameters> {
    const json = await this.reader.readJson(maxParametersBytes, 'test parameters').catch((error: unknown) => {
      if (error instanceof NasbenchError && error.code === 'PARSE_ERROR') this.refuseTest(iperfErrno.receiveParameters);
      throw error;
    });
    const parsed = IperfParametersSchema.safeParse(json);
    const parameters = parsed.success ? parsed.data : undefined;
    if (!parameters || !withinLimits(parameters)) {
      this.refuseTest(iperfErrno.receiveParameters);
      throw parseError('The iperf3 client sent test parameters that are not valid iperf3 parameters.');
    }
    if (parameters.sctp !== undefined) {
      // The stock client prints "an option you are trying to set is not implemented yet".
      this.refuseTest(iperfErrno.notImplemented);
      throw new NasbenchError(
        'INVALID_INPUT',
        'The iperf3 client asked for an SCTP test; the built-in server measures TCP and UDP.',
        'Run the iperf3 client without --sctp.',
      );
    }
    this.parameters = parameters;
    return parameters;
  }

  /**
   * A UDP test's streams arrive as hellos on the test's port, one after the other, once the client
   * has been told CREATE_STREAMS; the listener is bound before that, so no hello finds the port closed.
   * Only hellos from the client's own address count: UDP's sender can be forged, and a stream is
   * where the server sends to. What it sends is held to the caps' rate.
   */
  private async acceptUdpStreams(parameters: ParsedIperfParameters): Promise<void> {
    const { host, port } = this.options.address;
    const acceptor = await UdpStreamAcceptor.open(host, port);
    this.udpAcceptor = acceptor;
    const rate = udpRateHeld(parameters, this.options.caps);
    if (rate.capped) this.capped.push(rate.capped);
    const options = { bitsPerSecond: rate.perStream, counters64: Boolean(parameters.udp_counters_64bit) };
    void (async () => {
      for (let count = 0; count < expectedStreams(parameters); count++) {
        const hello = await acceptor.accept(this.stopAccepting.signal, this.client);
        const stream = new UdpServerStream(hello, options);
        this.candidates.push(stream);
        this.streamVerified(stream);
      }
    })().catch(() => undefined); // a client that never says hello is ended by the setup timer
  }

  private streamVerified(stream: ServerStream): void {
    if (!this.acceptingStreams || !this.parameters) {
      if (stream instanceof DataStream) refuse(stream.socket);
      else stream.stop();
      return;
    }
    this.verified.add(stream);
    if (this.verified.size === expectedStreams(this.parameters)) this.resolveStreamsReady();
  }

  private startTest(parameters: ParsedIperfParameters): void {
    this.acceptingStreams = false;
    const verified = this.candidates.filter((stream) => this.verified.has(stream));
    this.streams = verified.slice(0, expectedStreams(parameters));
    for (const stream of this.candidates) if (!this.streams.includes(stream)) stream.stop();
    // The client opens its sending streams first (bidirectional: then its receiving ones).
    const receiving = parameters.bidirectional || !parameters.reverse ? parameters.parallel : 0;
    this.streams.forEach((stream, index) => {
      stream.id = iperfStreamId(index);
      stream.direction = index < receiving ? 'receive' : 'send';
      // -N; the window (-w) and MSS (-M) cannot be set from Node, so only the client's side has them.
      if (parameters.nodelay !== undefined && stream instanceof DataStream) stream.socket.setNoDelay(true);
    });
    const omitMs = parameters.omit * 1000;
    const lengthCap = lengthHeld(parameters, this.options.caps);
    if (parameters.time > 0 && !lengthCap)
      this.arm(parameters.time * 1000 + omitMs + this.options.timeouts.graceMs, 'did not end');
    else clearTimeout(this.deadline); // a byte- or block-count test: sample() stops it if data stops moving
    if (lengthCap) this.capTimer = setTimeout(() => this.endAtCap(lengthCap), lengthCap.allowed * 1000);
    if (omitMs > 0) this.omitTimer = setTimeout(() => this.endOmit(), omitMs);
    this.ticker = setInterval(() => this.sample(), this.options.sampleIntervalMs);
    this.cpuStart = process.cpuUsage();
    this.startedAt = this.countedFrom = this.lastSample.at = this.lastSample.movedAt = performance.now();
    this.send(IperfState.TEST_START);
    this.send(IperfState.TEST_RUNNING);
    this.running = true;
    const block = randomFillSync(Buffer.alloc(parameters.len));
    for (const stream of this.streams) stream.start(stream.direction === 'send' ? block : undefined);
  }

  private sample(): void {
    const now = performance.now();
    const totals = { receive: sumBytes(this.streams, 'receive'), send: sumBytes(this.streams, 'send') };
    const seconds = (now - this.lastSample.at) / 1000;
    for (const direction of ['receive', 'send'] as const) {
      if (seconds <= 0 || !this.streams.some((stream) => stream.direction === direction)) continue;
      const bytesPerSecond = Math.max(0, totals[direction] - this.lastSample[direction]) / seconds;
      this.options.onSample?.({ t: (now - this.startedAt) / 1000, bytesPerSecond, direction });
    }
    const moved = totals.receive !== this.lastSample.receive || totals.send !== this.lastSample.send;
    this.lastSample = { at: now, ...totals, movedAt: moved ? now : this.lastSample.movedAt };
    if (this.running && this.parameters?.time === 0 && now - this.lastSample.movedAt > this.options.timeouts.graceMs) {
      this.fail(timeout('stopped sending or reading data'));
    }
  }

  /**
   * The test reached the length cap: it ends here, as when iperf3's server is stopped (SERVER_TERMINATE,
   * on which the stock client prints what it measured so far and exits). The streams stop counting and
   * sending but stay open until the client hangs up (a second at most), so that it reads why first.
   */
  private endAtCap(cap: IperfServerCap): void {
    if (!this.running) return;
    this.capped.push(cap);
    this.endedAtCap = true;
    this.running = false;
    this.stoppedAt = performance.now();
    for (const stream of this.streams) stream.hold();
    this.send(IperfState.SERVER_TERMINATE);
    clearTimeout(this.deadline);
    this.capTimer = setTimeout(() => this.cleanup(), 1000);
  }

  private endOmit(): void {
    for (const stream of this.streams) stream.endOmit();
    this.countedFrom = performance.now();
    this.lastSample = { ...this.lastSample, receive: 0, send: 0 };
  }

  /**
   * TEST_END: the client has stopped sending, but its last bytes may still wait in our receive buffers
   * (the control byte can overtake them), so receivers count until those are read.
   */
  private async endTest(): Promise<void> {
    this.running = false;
    this.stoppedAt = performance.now();
    clearTimeout(this.omitTimer);
    clearTimeout(this.lostTimer);
    clearInterval(this.ticker);
    for (const stream of this.streams) if (stream.direction === 'send') stream.stop();
    if (this.streams.some((stream) => stream.direction === 'receive')) {
      await countSettled(() => sumBytes(this.streams, 'receive'));
    }
    this.freeze();
  }

  /** Stops counting for good (the normal end, or a failure mid-test). */
  private freeze(): void {
    if (this.frozen || !this.startedAt) return;
    this.frozen = true;
    this.running = false;
    this.stoppedAt ||= performance.now();
    this.cpu = measureCpu(this.cpuStart, performance.now() - this.startedAt);
    clearTimeout(this.omitTimer);
    clearTimeout(this.lostTimer);
    clearInterval(this.ticker);
    for (const stream of this.streams) stream.stop();
    // The last, partial interval, so that a chart ends where the test did.
    if (performance.now() - this.lastSample.at >= this.options.sampleIntervalMs / 10) this.sample();
  }

  private async exchangeResults(): Promise<void> {
    this.send(IperfState.EXCHANGE_RESULTS);
    const parsed = ResultsSchema.safeParse(await this.reader.readJson(maxResultsBytes, 'results'));
    if (!parsed.success) throw parseError('The iperf3 client sent results that are not iperf3 results.');
    this.clientResults = parsed.data;
    this.control.write(frameJson(buildServerResults(this.streams, this.cpu, this.seconds)));
    this.send(IperfState.DISPLAY_RESULTS);
  }

  private get seconds(): number {
    return this.stoppedAt > 0 ? (this.stoppedAt - this.countedFrom) / 1000 : 0;
  }

  private summary(): IperfServerTestSummary {
    const parameters = this.parameters;
    return {
      client: this.client,
      mode: parameters?.bidirectional ? 'bidirectional' : parameters?.reverse ? 'reverse' : 'forward',
      parallel: parameters?.parallel ?? 0,
      seconds: this.seconds,
      receivedBytes: sumBytes(this.streams, 'receive'),
      sentBytes: sumBytes(this.streams, 'send'),
      streams: this.streams.map((stream) => stream.summary()),
      ...(this.clientResults ? { clientResults: this.clientResults } : {}),
      ...(this.capped.length > 0 ? { capped: [...this.capped] } : {}),
      ...(this.failure ? { error: this.failure.toJSON() } : {}),
    };
  }

  private streamLost(stream: ServerStream, cause: unknown): void {
    // Closes we cause (extra streams, TEST_END, cleanup) come after startTest, TEST_END or a failure.
    const ours = this.running ? this.streams.includes(stream) : this.verified.has(stream) && !this.stoppedAt;
    if (!ours || this.lostTimer) return;
    // An interrupted client writes CLIENT_TERMINATE on the control connection and then exits, closing
    // its data connections: on a busy machine their close can be handled before the control byte is
    // read. Give the control connection a moment, so a client that said it stopped is CANCELLED and
    // only one that vanished is LINK_LOST.
    this.lostTimer = setTimeout(
      () => this.fail(linkLost('A data connection from the iperf3 client closed during the test.', cause)),
      lostGraceMs,
    );
  }

  /** SERVER_ERROR with iperf3's error number; the stock client prints the matching message. */
  private refuseTest(iperfError: number): void {
    const message = Buffer.alloc(9);
    message.writeInt8(IperfState.SERVER_ERROR, 0);
    message.writeInt32BE(iperfError, 1);
    message.writeInt32BE(0, 5); // errno: none
    if (this.control.writable) this.control.write(message);
  }

  private send(state: number): void {
    if (this.control.writable) this.control.write(stateByte(state));
  }

  private arm(ms: number, what: string): void {
    clearTimeout(this.deadline);
    this.deadline = setTimeout(() => this.fail(timeout(what)), ms);
  }

  private fail(error: NasbenchError): void {
    this.failure ??= error;
    this.cleanup();
  }

  private cleanup(): void {
    this.freeze();
    this.acceptingStreams = false;
    this.stopAccepting.abort();
    this.udpAcceptor?.close();
    clearTimeout(this.deadline);
    clearTimeout(this.capTimer);
    clearTimeout(this.omitTimer);
    clearTimeout(this.lostTimer);
    clearInterval(this.ticker);
    for (const stream of this.candidates) stream.stop();
    // Pending reads on the control connection reject once it is destroyed; run() then ends.
    this.control.destroy();
  }
}
