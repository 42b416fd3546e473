import type net from 'node:net';
import { NasbenchError } from '../../../shared/contract/errors';
import { maxResultsBytes } from './protocol';

export interface ControlReaderOptions {
  /**
   * The most bytes held unread. A real iperf3 peer never sends more than the message being read
   * plus a few state bytes; a peer that does is refused rather than buffered without end.
   */
  maxBufferedBytes?: number;
  /** Told once when the peer overruns that limit (reads fail with the same error). */
  onOverflow?(error: NasbenchError): void;
}

/** Room for the largest message plus one socket read (64 KiB) of whatever legitimately follows it. */
const defaultMaxBuffered = maxResultsBytes + 4 + 64 * 1024;

/**
 * Reads the control connection as the byte stream it is: states and JSON messages may arrive
 * split across segments or several in one (TEST_START and TEST_RUNNING often come together).
 */
export class ControlReader {
  /**
   * What arrived and was not read yet, as it came: gathered into one buffer only when a read takes
   * it. Joining every segment onto the rest as it came copied a large message once per segment,
   * which a peer sending it a few bytes at a time made quadratic.
   */
  private chunks: Buffer[] = [];
  /** The first unread segment in `chunks`. */
  private head = 0;
  private buffered = 0;
  private waiting: (() => void) | undefined;
  private ended: NasbenchError | undefined;
  private overflowed = false;
  private readonly maxBuffered: number;

  constructor(
    private readonly socket: net.Socket,
    private readonly options: ControlReaderOptions = {},
  ) {
    this.maxBuffered = options.maxBufferedBytes ?? defaultMaxBuffered;
    socket.on('data', (chunk: Buffer) => {
      if (this.overflowed) return;
      if (this.buffered + chunk.length > this.maxBuffered) return this.overflow();
      this.chunks.push(chunk);
      this.buffered += chunk.length;
      this.wake();
    });
    socket.on('end', () => this.finish(linkLost('The iperf3 server closed the control connection.')));
    socket.on('close', () => this.finish(linkLost('The control connection to the iperf3 server closed.')));
    socket.on('error', (error) => this.finish(linkLost('The control connection to the iperf3 server failed.', error)));
  }

  /** One signed state byte. */
  async readState(): Promise<number> {
    return (await this.readExact(1)).readInt8(0);
  }

  async readExact(length: number): Promise<Buffer> {
    while (this.buffered < length) {
      if (this.ended) throw this.ended;
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
    return this.take(length);
  }

  /**
   * A length-prefixed JSON message; refuses lengths over `maxBytes` before reading a byte of the
   * body, so an announced 4 GiB is never allocated. `kind` names the message in errors.
   */
  async readJson(maxBytes: number, kind = 'message'): Promise<unknown> {
    const length = (await this.readExact(4)).readUInt32BE(0);
    const limit = Math.min(maxBytes, this.maxBuffered - 4);
    if (length === 0) throw parseError(`The iperf3 peer sent empty ${kind} where iperf3 sends JSON.`);
    if (length > limit) {
      throw parseError(
        `The iperf3 peer announced ${length} bytes of ${kind}, more than the ${byteWords(limit)} NASBench accepts (a real iperf3 sends far less); the test was stopped.`,
      );
    }
    const body = await this.readExact(length).catch((error: unknown) => {
      if (this.overflowed) throw error;
      // The length arrived but the message did not: a truncated message, not a clean close.
      throw parseError(`The iperf3 peer sent only part of a ${length}-byte message.`, error);
    });
    const text = body.toString('utf8');
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw parseError('The iperf3 peer sent a message that is not JSON.');
    }
  }

  /** Bytes already received but not read (a peer that sends more than the protocol allows). */
  get pending(): number {
    return this.buffered;
  }

  /** The next `length` bytes (there are at least that many), copied only when they span segments. */
  private take(length: number): Buffer {
    if (length === 0) return Buffer.alloc(0);
    const first = this.chunks[this.head] as Buffer;
    let bytes: Buffer;
    if (first.length >= length) {
      bytes = first.subarray(0, length);
      this.chunks[this.head] = first.subarray(length);
    } else {
      let end = this.head;
      let gathered = 0;
      while (gathered < length) gathered += (this.chunks[end++] as Buffer).length;
      const joined = Buffer.concat(this.chunks.slice(this.head, end), gathered);
      bytes = joined.subarray(0, length);
      this.head = end - 1;
      this.chunks[this.head] = joined.subarray(length);
    }
    if ((this.chunks[this.head] as Buffer).length === 0) this.head += 1;
    // Read segments are dropped in batches, so a peer's many tiny segments cost no shifting per read.
    if (this.head > 1024 && this.head * 2 > this.chunks.length) {
      this.chunks = this.chunks.slice(this.head);
      this.head = 0;
    }
    this.buffered -= length;
    return bytes;
  }

  /** Drops what was buffered, stops reading (TCP holds the sender back) and fails every read. */
  private overflow(): void {
    this.overflowed = true;
    this.chunks = [];
    this.head = 0;
    this.buffered = 0;
    this.socket.pause();
    const error = parseError(
      `The iperf3 peer sent more than ${byteWords(this.maxBuffered)} on the control connection without being asked, more than any iperf3 message; NASBench stopped the test.`,
    );
    this.finish(error);
    this.options.onOverflow?.(error);
  }

  private finish(error: NasbenchError): void {
    this.ended ??= error;
    this.wake();
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.();
  }
}

export function parseError(message: string, cause?: unknown): NasbenchError {
  return new NasbenchError(
    'PARSE_ERROR',
    message,
    'The other side may not be a compatible iperf3 (3.1 or newer), or the connection was damaged. Try again.',
    { cause },
  );
}

export function linkLost(message: string, cause?: unknown): NasbenchError {
  return new NasbenchError(
    'LINK_LOST',
    message,
    'The network link to the NAS may have dropped. Check cables and Wi-Fi, then run the test again.',
    { cause },
  );
}

function byteWords(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.floor(bytes / 1024 / 1024)} MiB` : `${Math.floor(bytes / 1024)} KiB`;
}
