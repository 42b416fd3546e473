import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { NasbenchError } from '../../../../shared/contract/errors';
import type { IperfServer } from './server';
import type { FromServerThread, ServerThreadData, ToServerThread } from './thread-messages';

/**
 * Starts the built-in iperf3 server on a thread of its own. The "This computer" test runs both ends
 * in the app: on one thread the server's reading and the client's writing take turns on one core,
 * and the figure would show half of what this computer's network stack carries, where native
 * iperf3's client and server are two processes on two cores.
 */
export function startIperfServerOnItsOwnThread(
  options: ServerThreadData & { signal?: AbortSignal | undefined },
): Promise<IperfServer> {
  const { entry, loader } = threadEntry();
  const workerData: ServerThreadData & { entry: string; loader?: string } = {
    host: options.host,
    port: options.port,
    ...(options.peers ? { peers: options.peers } : {}),
    ...(options.caps ? { caps: options.caps } : {}),
    entry,
    ...(loader ? { loader } : {}),
  };
  const worker = new Worker(bootstrap, { eval: true, workerData });
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const close = async (): Promise<void> => {
    worker.postMessage({ kind: 'close' } satisfies ToServerThread);
    // A thread that does not say it closed within a second is stopped: the test is over either way.
    const timer = setTimeout(() => void worker.terminate(), 1000);
    await ended;
    clearTimeout(timer);
  };
  return new Promise<IperfServer>((resolve, reject) => {
    worker.on('message', (message: FromServerThread) => {
      if (message.kind === 'listening') {
        options.signal?.addEventListener('abort', () => void close(), { once: true });
        resolve({ host: options.host, port: message.port, close });
      } else if (message.kind === 'failed') {
        reject(new NasbenchError(message.code, message.message, message.hint));
      } else void worker.terminate();
    });
    worker.once('error', (error) =>
      reject(
        new NasbenchError('INTERNAL', 'The built-in iperf3 server stopped unexpectedly.', 'Try the test again.', {
          cause: error,
        }),
      ),
    );
    void ended.then(() =>
      reject(new NasbenchError('INTERNAL', 'The built-in iperf3 server did not start.', 'Try the test again.')),
    );
  });
}

/**
 * The thread runs a file: in the app's bundle the engine is a chunk in out/main/chunks and the
 * thread's entry is out/main/iperf-server-thread.js (electron.vite.config.mts); run from source
 * (tsx, vitest) it is thread.ts beside this file, loaded through tsx.
 */
function threadEntry(): { entry: string; loader?: string } {
  for (const bundled of [join(__dirname, 'iperf-server-thread.js'), join(__dirname, '..', 'iperf-server-thread.js')]) {
    if (existsSync(bundled)) return { entry: bundled };
  }
  return { entry: join(__dirname, 'thread.ts'), loader: createRequire(__filename).resolve('tsx/cjs/api') };
}

/** Plain JavaScript, so that it runs the same from tsx, vitest and the bundle. */
const bootstrap = String.raw`
const { workerData } = require('node:worker_threads');
if (workerData.loader) require(workerData.loader).register();
require(workerData.entry);
`;
