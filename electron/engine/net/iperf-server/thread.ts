/**
 * The built-in iperf3 server's own thread (see on-its-own-thread.ts): it starts the server with
 * the address it is given, says where it listens, and closes it when told to.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { NasbenchError } from '../../../../shared/contract/errors';
import { startIperfServer } from './server';
import type { FromServerThread, ServerThreadData, ToServerThread } from './thread-messages';

const port = parentPort;
if (!port) throw new Error('thread.ts is the entry of a worker thread; it does not run on the main thread.');
const { host, port: wanted, peers, caps } = workerData as ServerThreadData;
const say = (message: FromServerThread) => port.postMessage(message);

startIperfServer({ host, port: wanted, ...(peers ? { peers } : {}), ...(caps ? { caps } : {}) }).then(
  (server) => {
    port.on('message', (message: ToServerThread) => {
      if (message.kind === 'close') void server.close().then(() => say({ kind: 'closed' }));
    });
    say({ kind: 'listening', port: server.port });
  },
  (error: unknown) => {
    const known = error instanceof NasbenchError ? error : undefined;
    say({
      kind: 'failed',
      code: known?.code ?? 'INTERNAL',
      message: known?.message ?? String(error),
      hint: known?.hint ?? 'Try the test again.',
    });
  },
);
