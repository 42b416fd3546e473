import { Readable } from 'node:stream';
import { NasbenchError } from '../../../shared/errors';
import type { NasSession } from '../ssh/session';

export interface SshTransferResult {
  direction: 'upload' | 'download';
  bytes: number;
  seconds: number;
  bitsPerSecond: number;
}

const chunkBytes = 64 * 1024;

/**
 * The fallback when the NAS has no iperf3: data sent through the SSH connection itself
 * (`cat > /dev/null` to upload, `dd if=/dev/zero` to download). Encryption and the SSH window
 * cost speed, so this is a lower bound on what the link can do, and is labelled so.
 */
export async function measureOverSsh(
  session: NasSession,
  options: {
    direction: 'upload' | 'download';
    seconds: number;
    signal?: AbortSignal;
    onSample?(sample: { t: number; bitsPerSecond: number }): void;
  },
): Promise<SshTransferResult> {
  const stop = new AbortController();
  const onAbort = () => stop.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let bytes = 0;
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  let last = { t: 0, bytes: 0 };
  const sampler = setInterval(() => {
    const t = elapsed();
    options.onSample?.({ t, bitsPerSecond: ((bytes - last.bytes) * 8) / (t - last.t) });
    last = { t, bytes };
  }, 1_000);
  // The figure is what moved by the time we stopped; stopping the remote side takes a moment more.
  let atStop: { t: number; bytes: number } | undefined;
  const timer = setTimeout(() => {
    atStop = { t: elapsed(), bytes };
    stop.abort('time is up');
  }, options.seconds * 1000);
  try {
    if (options.direction === 'download') {
      await session
        .run('dd if=/dev/zero bs=65536 count=16777216 2>/dev/null', {
          signal: stop.signal,
          onStdoutData: (chunk) => {
            bytes += chunk.length;
          },
        })
        .catch((error: unknown) => {
          if (!(stop.signal.aborted && stop.signal.reason === 'time is up')) throw error;
        });
    } else {
      const block = Buffer.alloc(chunkBytes, 0x5a);
      const source = Readable.from(
        (function* () {
          while (!stop.signal.aborted) {
            bytes += block.length;
            yield block;
          }
        })(),
      );
      await session.run('cat > /dev/null', { stdin: source, timeoutMs: (options.seconds + 30) * 1000 });
    }
    options.signal?.throwIfAborted();
    const seconds = atStop?.t ?? elapsed();
    bytes = atStop?.bytes ?? bytes;
    if (bytes === 0)
      throw new NasbenchError('LINK_LOST', 'Nothing could be sent over SSH.', 'Check the connection to the NAS.');
    return { direction: options.direction, bytes, seconds, bitsPerSecond: (bytes * 8) / seconds };
  } finally {
    clearInterval(sampler);
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}
