import type net from 'node:net';

/**
 * Of the bytes written to a socket, those the kernel has taken: what iperf3 counts as sent. Node's
 * `writableLength` counts a write as waiting until all of it is taken, so after a 1 MiB write that
 * the kernel took most of, it is off by up to 1 MiB (measured here: 1,048,576 waiting by Node's
 * count, 36,757 by libuv's) — 8% of a one-second sample at 100 Mb/s. libuv's own count of what is
 * still queued (the handle's `writeQueueSize`, which Node reads itself for socket timeouts) is exact
 * when every write goes straight to libuv, as the senders' do: they wait for 'drain' after any
 * write that was not taken whole, so no second write queues behind it.
 */
export function sentToKernel(socket: net.Socket, written: number): number {
  const queued = (socket as net.Socket & { _handle?: { writeQueueSize?: unknown } | null })._handle?.writeQueueSize;
  return written - (typeof queued === 'number' ? queued : socket.writableLength);
}
