import net from 'node:net';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { sentToKernel } from '../../electron/engine/net/sent-bytes';

describe('bytes sent: what the kernel took, not what was written', () => {
  it('counts exactly what reaches the other end when a 1 MiB write was only partly taken', async () => {
    let received = 0;
    let receiver: net.Socket | undefined;
    const server = net.createServer((socket) => {
      receiver = socket;
      socket.pause(); // nothing is read yet: the kernel's buffers fill and the last write is taken in part
      socket.on('data', (chunk: Buffer) => (received += chunk.length));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const sender = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
    await once(sender, 'connect');
    await expect.poll(() => receiver).toBeDefined();
    const block = Buffer.alloc(1024 * 1024);
    let written = 0;
    for (let i = 0; i < 64; i++) {
      written += block.length;
      if (!sender.write(block)) break;
    }
    const sent = sentToKernel(sender, written);
    // Node's own count is a whole write short; the kernel took more of it than that.
    expect(written - sender.writableLength).toBeLessThanOrEqual(sent);
    expect(sent).toBeLessThan(written);
    sender.destroy(); // what libuv still held is dropped: only what the kernel took arrives
    receiver?.resume();
    await once(receiver as net.Socket, 'end');
    expect(received).toBe(sent);
    server.close();
  });
});
