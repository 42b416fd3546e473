import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { ThroughputSummary } from '../../../shared/run-events';

export interface LoopbackOptions {
  seconds: number;
  sampleIntervalMs: number;
  signal: AbortSignal;
  onSample(bytesPerSecond: number): void;
}

const blockBytes = 128 * 1024;

/**
 * Sends data over TCP from this computer to itself (127.0.0.1) and counts what arrives.
 * It is a real measurement of the machine's network stack, with no NAS and no wire: the
 * "This computer" target, so the app can be tried before any NAS is set up.
 */
export async function measureLoopbackThroughput(options: LoopbackOptions): Promise<ThroughputSummary> {
  const { signal } = options;
  signal.throwIfAborted();
  let received = 0;
  const server = net.createServer((socket) => {
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    socket.on('error', () => socket.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  const sender = net.connect({ host: '127.0.0.1', port, noDelay: true });
  sender.on('error', () => undefined); // reported through the send loop below
  const stopSending = new AbortController();
  const onAbort = () => stopSending.abort();
  signal.addEventListener('abort', onAbort, { once: true });

  try {
    await once(sender, 'connect', { signal });
    const block = randomBytes(blockBytes);
    const start = performance.now();
    let lastTime = start;
    let lastReceived = 0;
    let peak = 0;
    const sampler = setInterval(() => {
      const now = performance.now();
      const rate = ((received - lastReceived) * 1000) / (now - lastTime);
      peak = Math.max(peak, rate);
      lastTime = now;
      lastReceived = received;
      options.onSample(rate);
    }, options.sampleIntervalMs);
    const stopTimer = setTimeout(() => stopSending.abort(), options.seconds * 1000);
    try {
      await sendUntil(sender, block, stopSending.signal);
    } finally {
      clearInterval(sampler);
      clearTimeout(stopTimer);
    }
    signal.throwIfAborted();
    const seconds = (performance.now() - start) / 1000;
    const bytes = received;
    return { bytes, seconds, bytesPerSecond: bytes / seconds, peakBytesPerSecond: Math.max(peak, bytes / seconds) };
  } finally {
    signal.removeEventListener('abort', onAbort);
    sender.destroy();
    server.close();
  }
}

/** Writes with backpressure, yielding to the event loop so timers (samples, stop) stay on time. */
async function sendUntil(socket: net.Socket, block: Buffer, stop: AbortSignal): Promise<void> {
  let writesSinceYield = 0;
  while (!stop.aborted) {
    if (socket.destroyed) throw new Error('loopback connection closed');
    if (!socket.write(block)) {
      try {
        await once(socket, 'drain', { signal: stop });
      } catch (error) {
        if (stop.aborted) return;
        throw error;
      }
      writesSinceYield = 0;
    } else if (++writesSinceYield >= 16) {
      await yieldToEventLoop();
      writesSinceYield = 0;
    }
  }
}
