import dgram from 'node:dgram';
import { once } from 'node:events';
import { isIPv6 } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { nowMicroseconds, readHeader, UdpReceiveCounter, writeHeader } from './datagram';

/**
 * The datagram a client sends to say "here is my stream", and the replies servers send back
 * (src/iperf_udp.c: an unsigned int written in the host's byte order, so either order is accepted;
 * before 3.12 the values were 123456789 and 987654321).
 */
const hello = Buffer.from('9876', 'ascii');
/** What a 3.12+ server writes back (0x39383736 in a little-endian host's order); the built-in server sends it too. */
export const udpStreamAccepted = Buffer.from('6789', 'ascii');
const accepted = [udpStreamAccepted, Buffer.from('9876', 'ascii'), uint32Both(987654321)].flat();

function uint32Both(value: number): Buffer[] {
  const big = Buffer.alloc(4);
  big.writeUInt32BE(value);
  return [big, Buffer.from(big).reverse()];
}

/** Datagrams handed to the kernel but not yet taken by it; past this the sender waits (no unbounded queue). */
const maxQueuedDatagrams = 256;
/** iperf3's pacing timer: the sender looks every millisecond how far behind its target rate it is. */
const pacingMs = 1;

/**
 * One UDP stream of an iperf3 test, on the client's side. A sender paces datagrams to its target
 * rate the way iperf3 does (send while the average since the start is below the target); a receiver
 * counts bytes and the sequence (loss, order, jitter) as iperf3's receiver does.
 */
export class UdpDataStream {
  sentBytes = 0;
  receivedBytes = 0;
  omittedSentBytes = 0;
  omittedReceivedBytes = 0;
  /** Bytes that arrived after the test's clock ended: not counted, as iperf3 counts only while running. */
  lateReceivedBytes = 0;
  sentPackets = 0;
  omittedSentPackets = 0;
  readonly received = new UdpReceiveCounter();
  omittedReceived = this.received.snapshot();
  endpoints = { localAddress: '', localPort: 0, remoteAddress: '', remotePort: 0 };
  private ended = false;
  private closed = false;
  private lossListener: ((error?: Error) => void) | undefined;

  constructor(
    readonly id: number,
    readonly role: 'send' | 'receive',
    private readonly socket: dgram.Socket,
    private readonly options: { bitsPerSecond: number; counters64: boolean },
  ) {
    const local = socket.address();
    const remote = socket.remoteAddress();
    this.endpoints = {
      localAddress: local.address,
      localPort: local.port,
      remoteAddress: remote.address,
      remotePort: remote.port,
    };
    socket.on('message', (datagram) => this.onDatagram(datagram));
    // A connected UDP socket hears the far side's "port unreachable" as ECONNREFUSED.
    socket.on('error', (error) => this.lossListener?.(error));
  }

  private onDatagram(datagram: Buffer): void {
    if (this.ended) {
      this.lateReceivedBytes += datagram.length;
      return;
    }
    const header = readHeader(datagram, this.options.counters64);
    if (!header) return;
    this.receivedBytes += datagram.length;
    this.received.count(header, nowMicroseconds());
  }

  /** Called once if the stream's socket fails (the far end closed its port, the route went away). */
  onLoss(listener: (error?: Error) => void): void {
    this.lossListener = listener;
  }

  markEnd(): void {
    this.ended = true;
  }

  markOmitEnd(): void {
    this.omittedSentBytes = this.sentBytes;
    this.omittedReceivedBytes = this.receivedBytes;
    this.omittedSentPackets = this.sentPackets;
    this.omittedReceived = this.received.snapshot();
  }

  get movedBytes(): number {
    return this.role === 'send' ? this.sentBytes : this.receivedBytes;
  }

  /**
   * Sends datagrams of `payload`'s size at the target rate until stopped (or `limit` bytes are sent).
   * Each datagram is its header plus the shared payload, handed to the kernel without a copy.
   */
  async sendUntil(payload: Buffer, stop: AbortSignal, limit = Infinity): Promise<void> {
    const bytesPerSecond = this.options.bitsPerSecond / 8;
    const headerLength = this.options.counters64 ? 16 : 12;
    const body = payload.subarray(headerLength);
    const started = performance.now();
    while (!stop.aborted && !this.closed && this.sentBytes < limit) {
      const due = Math.min(limit, ((performance.now() - started) / 1000) * bytesPerSecond);
      while (this.sentBytes < due && !this.closed && this.socket.getSendQueueCount() < maxQueuedDatagrams) {
        const header = Buffer.allocUnsafe(headerLength);
        writeHeader(header, ++this.sentPackets, nowMicroseconds(), this.options.counters64);
        this.socket.send([header, body], (error) => error && this.lossListener?.(error));
        this.sentBytes += headerLength + body.length;
      }
      await sleep(pacingMs, undefined, { signal: stop }).catch(() => undefined);
    }
  }

  close(): void {
    this.markEnd();
    this.closed = true;
    closeQuietly(this.socket);
  }
}

/**
 * Opens one UDP stream to an iperf3 server: a socket connected to its port (from `localAddress`
 * when given) says hello and waits for the server's reply. No hello is sent twice: the server takes
 * each hello as a new stream.
 */
export async function openUdpStream(
  host: string,
  port: number,
  localAddress: string | undefined,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<dgram.Socket> {
  const socket = dgram.createSocket(isIPv6(host) ? 'udp6' : 'udp4');
  const timeout = AbortSignal.timeout(timeoutMs);
  const stop = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    if (localAddress) {
      socket.bind({ address: localAddress, port: 0 });
      await once(socket, 'listening', { signal: stop });
    }
    socket.connect(port, host);
    await once(socket, 'connect', { signal: stop });
    roomToReceive(socket);
    const replied = waitForReply(socket, stop);
    socket.send(hello);
    await replied;
    return socket;
  } catch (error) {
    socket.close();
    if (timeout.aborted && !signal?.aborted) {
      throw Object.assign(new Error('The iperf3 server did not answer the UDP stream.'), { code: 'ETIMEDOUT' });
    }
    throw error;
  }
}

export function closeQuietly(socket: dgram.Socket): void {
  try {
    socket.close();
  } catch {
    // Already closed.
  }
}

/**
 * A receive buffer that holds a burst at gigabit rates (4 MiB), where the system allows it: Linux
 * quietly caps it at rmem_max, macOS refuses more than its maxsockbuf, and then the default stays.
 */
export function roomToReceive(socket: dgram.Socket): void {
  try {
    socket.setRecvBufferSize(4 * 1024 * 1024);
  } catch {
    // The system's default buffer; a burst beyond it is counted as lost, as iperf3 would count it.
  }
}

async function waitForReply(socket: dgram.Socket, stop: AbortSignal): Promise<void> {
  for (;;) {
    const [datagram] = (await once(socket, 'message', { signal: stop })) as [Buffer];
    if (accepted.some((reply) => reply.equals(datagram))) return;
  }
}
