import { spawnSync } from 'node:child_process';
import net from 'node:net';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { startIperfServerOnItsOwnThread } from '../../electron/engine/net';
import { readIntoOneBuffer } from '../../electron/engine/net/iperf-server/one-read-buffer';
import { NasbenchError } from '../../shared/contract/errors';

/** The "This computer" server on its own thread, and the reused read buffer its data streams use. */

describe('the built-in iperf3 server on a thread of its own', () => {
  it('serves a stock client while this thread is blocked: it really runs elsewhere', async () => {
    const server = await startIperfServerOnItsOwnThread({ host: '127.0.0.1', port: 0 });
    try {
      // spawnSync blocks this thread's event loop for the whole test: a server on it could not answer.
      const run = spawnSync('/usr/bin/iperf3', ['-c', '127.0.0.1', '-p', String(server.port), '-t', '1', '-J'], {
        encoding: 'utf8',
        timeout: 15_000,
      });
      const json = JSON.parse(run.stdout) as { error?: string; end: { sum_received: { bytes: number } } };
      expect(json.error).toBeUndefined();
      expect(json.end.sum_received.bytes).toBeGreaterThan(10_000_000);
    } finally {
      await server.close();
    }
  }, 20_000);

  it('says the port is taken with a code and a hint, and closes so the port is free again', async () => {
    const first = await startIperfServerOnItsOwnThread({ host: '127.0.0.1', port: 0 });
    const taken = await startIperfServerOnItsOwnThread({ host: '127.0.0.1', port: first.port }).catch(
      (error: unknown) => error,
    );
    expect(taken).toBeInstanceOf(NasbenchError);
    expect(taken).toMatchObject({ code: 'SERVER_BUSY', hint: expect.stringContaining('port') as unknown });
    await first.close();
    const refused = net.connect(first.port, '127.0.0.1');
    const [error] = (await once(refused, 'error')) as [NodeJS.ErrnoException];
    expect(error.code).toBe('ECONNREFUSED');
  });

  it('closes when the run is cancelled', async () => {
    const cancel = new AbortController();
    const server = await startIperfServerOnItsOwnThread({ host: '127.0.0.1', port: 0, signal: cancel.signal });
    cancel.abort();
    await server.close();
    const refused = net.connect(server.port, '127.0.0.1');
    const [error] = (await once(refused, 'error')) as [NodeJS.ErrnoException];
    expect(error.code).toBe('ECONNREFUSED');
  });
});

describe('reading an accepted connection into one reused buffer', () => {
  it('takes over the connection on this Node, counts every byte, and lets the server close', async () => {
    const seen: { bytes: number; head: Buffer; swapped: boolean; closed: boolean }[] = [];
    const server = net.createServer((accepted) => {
      const entry = { bytes: 0, head: Buffer.alloc(0), swapped: false, closed: false };
      seen.push(entry);
      const socket = readIntoOneBuffer(accepted, (length, bytes) => {
        if (entry.head.length < 16) entry.head = Buffer.concat([entry.head, bytes.subarray(0, 16)]).subarray(0, 16);
        entry.bytes += length;
      });
      entry.swapped = socket !== accepted;
      socket.on('close', () => (entry.closed = true));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const payload = Buffer.alloc(8 * 1024 * 1024, 7);
    Buffer.from('0123456789abcdef').copy(payload);
    for (let client = 0; client < 2; client++) {
      const socket = net.connect(port, '127.0.0.1');
      await once(socket, 'connect');
      socket.end(payload);
      await once(socket, 'close');
    }
    await expect.poll(() => seen.map((entry) => entry.closed)).toEqual([true, true]);
    for (const entry of seen) {
      // A Node that moved the field would fall back to 'data' events: still right, but slower; this says so.
      expect(entry.swapped).toBe(true);
      expect(entry.bytes).toBe(payload.length);
      expect(entry.head.toString()).toBe('0123456789abcdef');
    }
    // The server's own count of open connections went back to zero: close() completes.
    await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  });
});
