import type net from 'node:net';
import { cookieLength, IperfState, stateByte } from '../protocol';
import { sentToKernel } from '../sent-bytes';
import { tcpWriteUnit } from '../streams';
import { readIntoOneBuffer } from './one-read-buffer';
import type { IperfDirection, IperfServerStreamSummary } from './types';

/** Blocks written per stream before yielding to the event loop, so that timers and the control connection keep running. */
const blocksPerTurn = 8;

/**
 * One data connection: reads the client's cookie, then counts what it receives or pumps blocks out
 * with backpressure. Counting starts and stops with the test, as iperf3 counts only in TEST_RUNNING.
 */
export class DataStream {
  id = 0;
  direction: IperfDirection = 'receive';
  readonly cookie: Promise<Buffer>;
  private head = Buffer.alloc(0);
  private received = 0;
  private written = 0;
  private sentDuringOmit = 0;
  private sentAtStop: number | undefined;
  private sentAtHold: number | undefined;
  private counting = false;
  private block: Buffer | undefined;

  readonly socket: net.Socket;

  constructor(accepted: net.Socket, onLost: (stream: DataStream, cause?: unknown) => void) {
    let cookieArrived: (cookie: Buffer) => void = () => undefined;
    let closedEarly: (error: Error) => void = () => undefined;
    this.cookie = new Promise((resolve, reject) => {
      cookieArrived = resolve;
      closedEarly = reject;
    });
    this.socket = readIntoOneBuffer(accepted, (length, bytes) => {
      const missing = cookieLength - this.head.length;
      if (missing > 0) {
        // The buffer is reused by the next read: the cookie's bytes are copied out of it.
        this.head = Buffer.concat([this.head, bytes.subarray(0, Math.min(missing, length))]);
        if (this.head.length === cookieLength) cookieArrived(this.head);
        return;
      }
      if (this.counting) this.received += length;
    });
    this.socket.on('close', () => closedEarly(new Error('closed before sending its cookie')));
    // A peer that never sends a cookie is dealt with by the session's setup timer, not here.
    this.cookie.catch(() => undefined);
    this.socket.on('error', (error) => onLost(this, error));
    this.socket.on('close', () => onLost(this));
  }

  start(block: Buffer | undefined): void {
    this.counting = true;
    this.block = block && tcpWriteUnit(block);
    if (block) this.pump();
  }

  /** iperf3 drops what moved during the omitted seconds: received bytes restart at 0, sent ones are subtracted. */
  endOmit(): void {
    this.received = 0;
    this.sentDuringOmit = this.sentNow();
  }

  /** Freezes the counts (the client's TEST_END) and closes the connection, as iperf3 does. */
  stop(): void {
    if (this.sentAtStop !== undefined) return;
    this.sentAtStop = this.sentNow();
    this.counting = false;
    this.block = undefined;
    this.socket.destroy();
  }

  /**
   * Sends nothing more, reads nothing more and counts nothing more, but keeps the connection open
   * (see the session's terminate).
   */
  hold(): void {
    this.sentAtHold ??= this.sentNow();
    this.counting = false;
    this.block = undefined;
    this.socket.pause();
  }

  /** Bytes that count for the results so far. */
  get bytes(): number {
    if (this.direction === 'receive') return this.received;
    return (this.sentAtHold ?? this.sentAtStop ?? this.sentNow()) - this.sentDuringOmit;
  }

  summary(): IperfServerStreamSummary {
    return { id: this.id, direction: this.direction, bytes: this.bytes };
  }

  /** Handed to the kernel: what write() accepted minus what still waits to be taken. */
  private sentNow(): number {
    return this.socket.destroyed ? this.written : sentToKernel(this.socket, this.written);
  }

  private readonly pump = (): void => {
    for (let i = 0; i < blocksPerTurn; i++) {
      if (!this.block || this.socket.destroyed) return;
      this.written += this.block.length;
      if (!this.socket.write(this.block)) {
        this.socket.once('drain', this.pump);
        return;
      }
    }
    setImmediate(this.pump);
  };
}

/** iperf3 numbers streams 1, 3, 4, 5, … (a quirk of iperf_add_stream that clients rely on to match results). */
export function iperfStreamId(index: number): number {
  return index === 0 ? 1 : index + 2;
}

export function sumBytes(
  streams: readonly { direction: IperfDirection; bytes: number }[],
  direction: IperfDirection,
): number {
  return streams.filter((stream) => stream.direction === direction).reduce((sum, stream) => sum + stream.bytes, 0);
}

/**
 * Turns a connection away as iperf3 does (ACCESS_DENIED, then close), without reading what it sent.
 * Its bytes are drained so that closing sends a FIN rather than a reset that could hide the answer.
 */
export function refuse(socket: net.Socket): void {
  socket.on('error', () => undefined);
  const timer = setTimeout(() => socket.destroy(), 1000);
  socket.once('close', () => clearTimeout(timer));
  socket.resume();
  socket.end(stateByte(IperfState.ACCESS_DENIED));
}

/** Resolves once `count` stops changing between two looks 5 ms apart (at most 200 ms). */
export function countSettled(count: () => number): Promise<void> {
  const started = performance.now();
  return new Promise((resolve) => {
    let last = count();
    const look = () => {
      const now = count();
      if (now === last || performance.now() - started > 200) return resolve();
      last = now;
      setTimeout(look, 5);
    };
    setTimeout(look, 5);
  });
}
