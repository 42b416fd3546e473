import dgram from 'node:dgram';
import { once } from 'node:events';
import { isIPv6 } from 'node:net';
import type { IperfStreamResult } from '../protocol';
import { udpStreamResult } from '../udp/udp-results';
import { closeQuietly, roomToReceive, UdpDataStream, udpStreamAccepted } from '../udp/udp-stream';
import { plainAddress } from './caps';
import type { IperfDirection, IperfServerStreamSummary } from './types';

/**
 * Takes a UDP test's streams the way iperf3's server does (iperf_udp_accept): the first datagram on
 * the test's port is a client's hello; the socket that got it is connected to that client and
 * becomes the stream, a new socket takes over the port for the next hello, and the client is told.
 */
export class UdpStreamAcceptor {
  private constructor(
    private listener: dgram.Socket,
    private readonly host: string,
    private readonly port: number,
  ) {}

  static async open(host: string, port: number): Promise<UdpStreamAcceptor> {
    return new UdpStreamAcceptor(await listen(host, port), host, port);
  }

  /**
   * The next stream: a socket connected to the client that said hello from `from` (the control
   * connection's address), after the hello was answered. A datagram from any other address is
   * dropped unanswered: its sender can be forged, and the stream would send to whoever it names.
   */
  async accept(signal: AbortSignal, from: string): Promise<dgram.Socket> {
    let sender: dgram.RemoteInfo;
    do [, sender] = (await once(this.listener, 'message', { signal })) as [Buffer, dgram.RemoteInfo];
    while (plainAddress(sender.address) !== from);
    const socket = this.listener;
    socket.connect(sender.port, sender.address);
    await once(socket, 'connect', { signal });
    this.listener = await listen(this.host, this.port);
    socket.send(udpStreamAccepted);
    return socket;
  }

  close(): void {
    closeQuietly(this.listener);
  }
}

async function listen(host: string, port: number): Promise<dgram.Socket> {
  // reuseAddr: the port stays bound by the streams already connected to their clients.
  const socket = dgram.createSocket({ type: isIPv6(host) ? 'udp6' : 'udp4', reuseAddr: true });
  socket.bind(port, host);
  await once(socket, 'listening');
  roomToReceive(socket);
  return socket;
}

/**
 * One UDP stream on the server's side, with the surface the session drives for TCP streams too:
 * it counts or sends (paced at the client's `bandwidth`) only from the test's start to its stop.
 */
export class UdpServerStream {
  id = 0;
  direction: IperfDirection = 'receive';
  private stream: UdpDataStream | undefined;
  private readonly sending = new AbortController();

  constructor(
    readonly socket: dgram.Socket,
    private readonly options: { bitsPerSecond: number; counters64: boolean },
  ) {
    socket.on('error', () => undefined);
  }

  start(block: Buffer | undefined): void {
    this.stream = new UdpDataStream(this.id, this.direction, this.socket, this.options);
    if (block) void this.stream.sendUntil(block, this.sending.signal);
  }

  endOmit(): void {
    this.stream?.markOmitEnd();
  }

  stop(): void {
    this.sending.abort();
    if (this.stream) this.stream.close();
    else closeQuietly(this.socket);
  }

  /** Sends and counts nothing more; the socket stays open until stop. */
  hold(): void {
    this.sending.abort();
    this.stream?.markEnd();
  }

  get bytes(): number {
    const stream = this.stream;
    if (!stream) return 0;
    return this.direction === 'receive'
      ? stream.receivedBytes - stream.omittedReceivedBytes
      : stream.sentBytes - stream.omittedSentBytes;
  }

  summary(): IperfServerStreamSummary {
    return { id: this.id, direction: this.direction, bytes: this.bytes };
  }

  /** This stream's entry in the results exchange: bytes, and datagrams, loss and jitter. */
  result(seconds: number): IperfStreamResult {
    if (!this.stream) return { id: this.id, bytes: 0, retransmits: -1, jitter: 0, errors: 0, packets: 0 };
    return udpStreamResult(this.stream, seconds);
  }
}
