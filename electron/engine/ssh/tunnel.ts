import net from 'node:net';
import type { NasListener, NasSession } from './session';

/**
 * This computer's end of a tunnel to a listener on the NAS: a port on 127.0.0.1 that a local
 * program (fio's controller) connects to, each connection carried to the NAS over the SSH login.
 */
export interface LocalTunnelEnd {
  host: '127.0.0.1';
  port: number;
  /** Lets the next connection through; any other is closed at once. */
  admitOne(): void;
  close(): Promise<void>;
}

/**
 * Opens this computer's end of a tunnel to `to` on the NAS. It listens on 127.0.0.1 only, on a
 * port the system picks, and lets through only the connections it was told to expect (one per
 * controller this app starts), so another program on this computer cannot use it to reach the NAS.
 * A connection the NAS refuses is closed: the program that made it sees its server gone.
 */
export async function openLocalTunnelEnd(session: NasSession, to: NasListener): Promise<LocalTunnelEnd> {
  let admitted = 0;
  const open = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    if (admitted === 0) {
      socket.destroy();
      return;
    }
    admitted -= 1;
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    socket.pause();
    session.openTunnel(to).then(
      (channel) => {
        socket.pipe(channel).pipe(socket);
        socket.once('error', () => channel.close());
        channel.once('error', () => socket.destroy());
        channel.once('close', () => socket.destroy());
        socket.once('close', () => channel.close());
        socket.resume();
      },
      () => socket.destroy(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0 }, () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The local end of the tunnel has no port.');
  return {
    host: '127.0.0.1',
    port: address.port,
    admitOne: () => {
      admitted += 1;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
