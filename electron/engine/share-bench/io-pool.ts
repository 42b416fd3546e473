import { Worker } from 'node:worker_threads';
import { NasbenchError } from '../../../shared/contract/errors';
import { shareIoFailure, throwIfCancelled } from '../copy';
import { latencyBuckets, latencyPercentile, latencySubBuckets } from './latency';

/**
 * Real queue depth with no native addon: one I/O thread per I/O in flight, each doing plain
 * synchronous pread/pwrite on its own descriptor of the same file, as fio's psync engine does with
 * numjobs. Q32 is 32 threads with a read outstanding each, so the device (or the share's server)
 * sees 32 requests at once. libuv's pool would do the same only if sized before the process starts
 * (UV_THREADPOOL_SIZE), which an Electron app cannot do for its own main process, and each of its
 * I/Os would cost a hand-off to the pool and back.
 *
 * The source is plain JavaScript in a string for the same reason as the copy engine's I/O thread
 * (copy/io-worker.ts): it runs the same from tsx, vitest and the bundle. Counters live in shared
 * memory; each thread writes only its own slots, and the latency histogram is bumped with
 * Atomics.add.
 */
const ioThreadSource = String.raw`
const fs = require('node:fs');
const { randomFillSync } = require('node:crypto');
const { parentPort, workerData } = require('node:worker_threads');
const { index, counters, latencySums, histogram, sequence, control, subBuckets, buckets, maxBlockBytes } = workerData;
const count = new Float64Array(counters);
const sums = new Float64Array(latencySums);
const bins = new Int32Array(histogram);
const next = new Int32Array(sequence);
const stop = new Int32Array(control);
// WebAssembly memory starts on a page boundary, as O_DIRECT needs.
const memory = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil(maxBlockBytes / 65536)) });
const block = Buffer.from(memory.buffer, 0, maxBlockBytes);
const stamps = new DataView(memory.buffer);
randomFillSync(block);
const bucketOf = (ns) => (ns >= 1 ? Math.min(buckets - 1, Math.floor(Math.log2(ns) * subBuckets)) : 0);

function runPass(pass) {
  const fd = fs.openSync(pass.file, pass.flags);
  try {
    const blocks = Math.max(1, Math.floor(pass.fileSize / pass.bs));
    const startedAt = performance.now();
    const deadline = startedAt + pass.seconds * 1000;
    let now = startedAt;
    for (;;) {
      if (Atomics.load(stop, 0) !== 0) return 'cancelled';
      let at;
      if (pass.random) at = Math.floor(Math.random() * blocks);
      else {
        at = Atomics.add(next, 0, 1);
        if (pass.once && at >= blocks) break;
        at %= blocks;
      }
      if (!pass.once && now >= deadline) break;
      const offset = at * pass.bs;
      // A mix draws each I/O's side afresh; otherwise the pass is all reads or all writes.
      const write = pass.readShare === undefined ? pass.write : Math.random() >= pass.readShare;
      if (write)
        // Every 4 KiB page carries its place and the pass, so no two writes are alike (no dedup, no compression).
        for (let page = 0; page < pass.bs; page += 4096) {
          stamps.setUint32(page, (offset + page) % 4294967296, true);
          stamps.setUint32(page + 4, pass.nonce, true);
        }
      const before = performance.now();
      for (let done = 0; done < pass.bs; ) {
        const moved = write
          ? fs.writeSync(fd, block, done, pass.bs - done, offset + done)
          : fs.readSync(fd, block, done, pass.bs - done, offset + done);
        if (moved === 0) throw Object.assign(new Error('no progress'), { code: write ? 'ENOSPC' : 'SHORT_FILE' });
        done += moved;
      }
      now = performance.now();
      const ns = (now - before) * 1e6;
      Atomics.add(bins, bucketOf(ns), 1);
      count[index * 2] += pass.bs;
      count[index * 2 + 1] += 1;
      sums[index] += ns;
    }
    return (performance.now() - startedAt) / 1000;
  } finally {
    fs.closeSync(fd);
  }
}

parentPort.on('message', (pass) => {
  try {
    const seconds = runPass(pass);
    parentPort.postMessage(seconds === 'cancelled' ? { kind: 'cancelled' } : { kind: 'done', seconds });
  } catch (error) {
    parentPort.postMessage({ kind: 'failed', code: error && error.code, message: String(error && error.message) });
  }
});
parentPort.postMessage({ kind: 'ready' });
`;

/** At most this many I/Os in flight (threads); a job that asks for more runs at this many and says so. */
export const maxOutstanding = 64;

/** One timed pass of one job over a file that already exists (or, with `once`, laying it out). */
export interface PassSpec {
  file: string;
  /** Open flags, O_DIRECT included when unbuffered. */
  flags: number;
  /** The descriptor writes: a write pass, or a mix (then readShare says which side each I/O takes). */
  write: boolean;
  /** A mix of reads and writes: each I/O reads with this chance (0 to 1), as fio's rwmixread. */
  readShare?: number;
  random: boolean;
  bs: number;
  fileSize: number;
  /** I/Os in flight: queue depth × threads, at most the pool's size. */
  outstanding: number;
  seconds: number;
  /** Write every block of the file once, in order, however long it takes (the test file's layout). */
  once?: boolean;
}

export interface PassOutcome {
  bytes: number;
  ios: number;
  seconds: number;
  latencyNs: { mean: number; p50: number; p99: number };
  /** Bytes per second in each whole second of the pass, for the figure's spread. */
  perSecond: number[];
}

type ThreadMessage =
  | { kind: 'ready' }
  | { kind: 'done'; seconds: number }
  | { kind: 'cancelled' }
  | { kind: 'failed'; code?: string; message: string };

export interface IoPool {
  size: number;
  run(
    pass: PassSpec,
    watch: { signal?: AbortSignal | undefined; onRate?: (bytesPerSecond: number) => void },
  ): Promise<PassOutcome>;
  close(): Promise<void>;
}

/** An Error that keeps the errno code an I/O thread saw, so shareIoFailure can name it. */
class IoThreadError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/** Starts `size` I/O threads for blocks of up to `maxBlockBytes`; they wait for passes until closed. */
export async function openIoPool(size: number, maxBlockBytes: number): Promise<IoPool> {
  const threads = Math.max(1, Math.min(size, maxOutstanding));
  const counters = new SharedArrayBuffer(threads * 2 * 8);
  const latencySums = new SharedArrayBuffer(threads * 8);
  const histogram = new SharedArrayBuffer(latencyBuckets * 4);
  const sequence = new SharedArrayBuffer(4);
  const control = new SharedArrayBuffer(4);
  const views = {
    counters: new Float64Array(counters),
    sums: new Float64Array(latencySums),
    bins: new Int32Array(histogram),
    next: new Int32Array(sequence),
    stop: new Int32Array(control),
  };
  const workers = Array.from(
    { length: threads },
    (_, index) =>
      new Worker(ioThreadSource, {
        eval: true,
        workerData: {
          index,
          counters,
          latencySums,
          histogram,
          sequence,
          control,
          subBuckets: latencySubBuckets,
          buckets: latencyBuckets,
          maxBlockBytes,
        },
      }),
  );
  const nextMessage = (worker: Worker) =>
    new Promise<ThreadMessage>((resolve, reject) => {
      const onError = (error: Error) => {
        worker.off('message', onMessage);
        reject(new NasbenchError('INTERNAL', 'An I/O thread crashed.', 'Try the test again.', { cause: error }));
      };
      const onMessage = (message: ThreadMessage) => {
        worker.off('error', onError);
        resolve(message);
      };
      worker.once('message', onMessage);
      worker.once('error', onError);
    });
  await Promise.all(workers.map(nextMessage));
  let nonce = 0;
  return {
    size: threads,
    async run(pass, watch) {
      throwIfCancelled(watch.signal);
      views.counters.fill(0);
      views.sums.fill(0);
      views.bins.fill(0);
      Atomics.store(views.next, 0, 0);
      Atomics.store(views.stop, 0, 0);
      const busy = workers.slice(0, Math.max(1, Math.min(pass.outstanding, threads)));
      const cancel = () => Atomics.store(views.stop, 0, 1);
      watch.signal?.addEventListener('abort', cancel, { once: true });
      const bytesSoFar = () => busy.reduce((sum, _, index) => sum + (views.counters[index * 2] ?? 0), 0);
      const startedAt = performance.now();
      const perSecond: number[] = [];
      let lastSecond = { at: startedAt, bytes: 0 };
      let lastTick = { at: startedAt, bytes: 0 };
      // Four live readings a second for the chart; one a second for the spread.
      const ticker = setInterval(() => {
        const now = performance.now();
        const bytes = bytesSoFar();
        if (now > lastTick.at) watch.onRate?.(((bytes - lastTick.bytes) * 1000) / (now - lastTick.at));
        lastTick = { at: now, bytes };
        if (now - lastSecond.at >= 1000) {
          perSecond.push(((bytes - lastSecond.bytes) * 1000) / (now - lastSecond.at));
          lastSecond = { at: now, bytes };
        }
      }, 250);
      const spec = { ...pass, nonce: ++nonce };
      const replies = busy.map((worker) => {
        const reply = nextMessage(worker);
        worker.postMessage(spec);
        return reply;
      });
      let messages: ThreadMessage[];
      try {
        messages = await Promise.all(replies);
      } finally {
        clearInterval(ticker);
        watch.signal?.removeEventListener('abort', cancel);
      }
      const failed = messages.find((message) => message.kind === 'failed');
      if (failed?.kind === 'failed') throw shareIoFailure(new IoThreadError(failed.message, failed.code));
      if (messages.some((message) => message.kind === 'cancelled')) throwIfCancelled(watch.signal);
      const seconds = Math.max(...messages.map((message) => (message.kind === 'done' ? message.seconds : 0)));
      let ios = 0;
      let latencySum = 0;
      busy.forEach((_, index) => {
        ios += views.counters[index * 2 + 1] ?? 0;
        latencySum += views.sums[index] ?? 0;
      });
      return {
        bytes: bytesSoFar(),
        ios,
        seconds,
        latencyNs: {
          mean: ios > 0 ? latencySum / ios : 0,
          p50: latencyPercentile(views.bins, 0.5),
          p99: latencyPercentile(views.bins, 0.99),
        },
        perSecond,
      };
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
