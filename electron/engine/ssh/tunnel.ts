import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { NasListener, NasLogin } from './login';

/**
 * This computer's end of a tunnel to a listener on the NAS, which a local program (fio's controller)
 * connects to, each connection carried to the NAS over the SSH login: a unix socket in a folder of
 * this computer's user alone, or on Windows a port on 127.0.0.1.
 */
export type LocalTunnelEnd = ({ socketPath: string } | { host: '127.0.0.1'; port: number }) & {
  /** On the port only: lets the next connection through; any other is closed at once. */
  admitOne(): void;
  close(): Promise<void>;
};

/**
 * A unix socket's path must fit in `sun_path` (108 bytes on Linux, 104 on macOS and the BSDs; fio
 * cuts a longer one short without a word), with room to spare.
 */
const longestSocketPath = 100;

/**
 * Opens this computer's end of a tunnel to `to` on the NAS. It listens on a unix socket in a folder
 * made fresh for it (mode 700: no other user of this computer can connect), which fio's controller
 * reaches with `--client=sock:PATH`. On Windows, Node's "unix socket" is a named pipe, which fio's
 * `sock:` (AF_UNIX through Winsock) cannot reach, so there it listens on 127.0.0.1, on a port the
 * system picks, and lets through only the connections it was told to expect (one per controller
 * this app starts): another program on this computer cannot use it to reach the NAS. A connection
 * the NAS refuses is closed: the program that made it sees its server gone.
 */
export async function openLocalTunnelEnd(session: NasLogin, to: NasListener): Promise<LocalTunnelEnd> {
  const onPort = process.platform === 'win32';
  let admitted = 0;
  const open = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    if (onPort && admitted === 0) {
      socket.destroy();
      return;
    }
    admitted = Math.max(0, admitted - 1);
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
  server.on('error', () => undefined);
  const folder = onPort ? null : await privateFolder();
  const socketPath = folder && path.join(folder, 'fio.sock');
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      if (socketPath) server.listen(socketPath, () => resolve());
      else server.listen({ host: '127.0.0.1', port: 0 }, () => resolve());
    });
  } catch (error) {
    if (folder) await rm(folder, { recursive: true, force: true });
    throw error;
  }
  const close = async () => {
    for (const socket of open) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    if (folder) await rm(folder, { recursive: true, force: true });
  };
  const admitOne = () => {
    admitted += 1;
  };
  if (socketPath) return { socketPath, admitOne, close };
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The local end of the tunnel has no port.');
  return { host: '127.0.0.1', port: address.port, admitOne, close };
}

/** A fresh folder of this user's alone (mkdtemp makes it mode 700), short enough for a socket inside it. */
async function privateFolder(): Promise<string> {
  const inTemp = await mkdtemp(path.join(os.tmpdir(), 'nasbench-tunnel-'));
  if (path.join(inTemp, 'fio.sock').length <= longestSocketPath) return inTemp;
  await rm(inTemp, { recursive: true, force: true });
  return mkdtemp('/tmp/nasbench-tunnel-');
}
