import type net from 'node:net';
import { NasbenchError } from '../../../shared/errors';

/**
 * Reads the control connection as the byte stream it is: states and JSON messages may arrive
 * split across segments or several in one (TEST_START and TEST_RUNNING often come together).
 */
export class ControlReader {
  private buffered: Buffer = Buffer.alloc(0);
  private waiting: (() => void) | undefined;
  private ended: NasbenchError | undefined;

  constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
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
    while (this.buffered.length < length) {
      if (this.ended) throw this.ended;
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
    const bytes = this.buffered.subarray(0, length);
    this.buffered = this.buffered.subarray(length);
    return bytes;
  }

  /** A length-prefixed JSON message; refuses lengths over `maxBytes` and text that is not JSON. */
  async readJson(maxBytes: number): Promise<unknown> {
    const length = (await this.readExact(4)).readUInt32BE(0);
    if (length === 0 || length > maxBytes) {
      throw parseError(`The iperf3 peer announced a ${length}-byte message, which is not a valid iperf3 message.`);
    }
    const body = await this.readExact(length).catch((error: unknown) => {
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
    return this.buffered.length;
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
