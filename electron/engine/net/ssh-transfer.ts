import { Readable } from 'node:stream';
import { NasbenchError } from '../../../shared/contract/errors';
import type { NasLogin } from '../ssh';

export interface SshTransferResult {
  direction: 'upload' | 'download';
  bytes: number;
  seconds: number;
  bitsPerSecond: number;
}

const chunkBytes = 64 * 1024;
const timeIsUp = 'time is up';
/** Time for the channel to open and the command to start, by when the first byte must have moved. */
const startupSeconds = 15;

/**
 * The fallback when the NAS has no iperf3: data sent through the SSH connection itself
 * (`cat > /dev/null` to upload, `dd if=/dev/zero` to download). Encryption and the SSH window
 * cost speed, so this is a lower bound on what the link can do, and is labelled so.
 *
 * Both directions count what the far side got, not what was queued for it: a download counts
 * what arrived here until the clock ended; an upload stops writing when the clock ends and
 * counts every byte written against the time until the NAS's `cat` had read them all (it ends
 * at the end of its input). Counting the bytes handed to the stream at the clock's end instead
 * would count megabytes still waiting in the stream's and the SSH channel's buffers.
 */
export async function measureOverSsh(
  session: NasLogin,
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
  // The clock starts with the first byte: opening the channel and starting the NAS's command is no transfer.
  let started = 0;
  const elapsed = () => (performance.now() - started) / 1000;
  let last = { t: 0, bytes: 0 };
  const takeSample = (t = elapsed()) => {
    options.onSample?.({ t, bitsPerSecond: ((bytes - last.bytes) * 8) / (t - last.t) });
    last = { t, bytes };
  };
  let sampler: NodeJS.Timeout | undefined;
  let timer: NodeJS.Timeout | undefined;
  let atStop: { t: number; bytes: number } | undefined;
  // Nothing moving long after the start means the NAS never ran the command or the link is gone.
  const silent = new AbortController();
  const silence = setTimeout(() => {
    silent.abort(nothingMoved());
    stop.abort(nothingMoved());
  }, startupSeconds * 1000);
  const startClock = () => {
    clearTimeout(silence);
    started = performance.now();
    sampler = setInterval(() => takeSample(), 1_000);
    timer = setTimeout(() => {
      atStop = { t: elapsed(), bytes };
      clearInterval(sampler);
      if (atStop.t - last.t >= 0.1) takeSample(atStop.t);
      stop.abort(timeIsUp);
    }, options.seconds * 1000);
  };
  const moved = (length: number) => {
    if (started === 0) startClock();
    bytes += length;
  };
  try {
    const measured =
      options.direction === 'download'
        ? await download(session, stop.signal, moved)
        : await upload(session, { seconds: options.seconds, stop: stop.signal, silent: silent.signal }, moved);
    options.signal?.throwIfAborted();
    // A download ends with the clock; an upload when the NAS has read the last byte written.
    const result = measured === 'at-stop' ? (atStop ?? { t: elapsed(), bytes }) : { t: elapsed(), bytes };
    if (result.bytes === 0 || started === 0) throw nothingMoved();
    return {
      direction: options.direction,
      bytes: result.bytes,
      seconds: result.t,
      bitsPerSecond: (result.bytes * 8) / result.t,
    };
  } finally {
    clearInterval(sampler);
    clearTimeout(timer);
    clearTimeout(silence);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/** Counts what arrives from the NAS until stopped; the figure is what had arrived when the clock ended. */
async function download(session: NasLogin, stop: AbortSignal, arrived: (length: number) => void) {
  await session
    .run('dd if=/dev/zero bs=65536 count=16777216 2>/dev/null', {
      signal: stop,
      onStdoutData: (chunk) => arrived(chunk.length),
    })
    .catch((error: unknown) => {
      if (!(stop.aborted && stop.reason === timeIsUp)) throw error;
    });
  return 'at-stop' as const;
}

/**
 * Writes until stopped, then waits until the NAS has read all of it (its `cat` ends with its input).
 * Only `silent` kills the command: at the clock's end it must go on reading what is on its way.
 */
async function upload(
  session: NasLogin,
  options: { seconds: number; stop: AbortSignal; silent: AbortSignal },
  written: (length: number) => void,
) {
  const block = Buffer.alloc(chunkBytes, 0x5a);
  const source = Readable.from(
    (function* () {
      while (!options.stop.aborted) {
        written(block.length);
        yield block;
      }
    })(),
  );
  await session.run('cat > /dev/null', {
    stdin: source,
    signal: options.silent,
    timeoutMs: (options.seconds + 30) * 1000,
  });
  return 'all-read' as const;
}

function nothingMoved(): NasbenchError {
  return new NasbenchError('LINK_LOST', 'Nothing could be sent over SSH.', 'Check the connection to the NAS.');
}
