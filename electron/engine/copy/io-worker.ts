import { Worker } from 'node:worker_threads';
import { NasbenchError } from '../../../shared/contract/errors';
import { throwIfCancelled } from './io-errors';
import type { TestPattern } from './test-data';
import { hasSettled, type Checkpoint } from './progress-figure';
import type { ThroughputMeter } from './throughput-meter';

/** One sequential pass over a test file, done by the I/O thread. */
export interface IoJob {
  op: 'write' | 'read';
  file: string;
  /** The file's size; for a write sized to settle, the most it may grow to. */
  fileSize: number;
  blockSize: number;
  /** Open flags, the cache bypass included. */
  flags: number;
  /** 4096 when the cache is bypassed: every transfer is rounded up to whole pages (and the file cut back after). */
  alignment: number;
  pattern: TestPattern;
  checksum: boolean;
  /** A write sized to settle stops, once told the rate is steady, as soon as this many bytes are written. */
  settleFrom?: number;
}

export interface IoOutcome {
  seconds: number;
  /** Bytes written or read: the file size, or where a write sized to settle stopped. */
  bytes: number;
  /** Bytes done over time (seconds since the pass's clock started), for the figure's spread. */
  checkpoints: Checkpoint[];
  sha256?: string;
}

type WorkerMessage =
  | { kind: 'done'; seconds: number; bytes: number; times: Float64Array; bytesDone: Float64Array; sha256?: string }
  | { kind: 'cancelled' }
  | { kind: 'failed'; code?: string; message: string };

/**
 * The I/O loop runs on its own thread with plain pread/pwrite calls, back to back, as fio's
 * psync engine does. Awaiting each block on the main thread costs a hand-off to libuv's pool
 * and back per block, a large share of the time at small blocks (docs/measured-constants.md);
 * it also keeps a share that hangs from stalling the app.
 *
 * The source is plain JavaScript in a string so that it runs the same from tsx, vitest and the
 * electron-vite bundle, with no worker file to locate. Bytes done go through shared memory
 * that the meter reads (one aligned 8-byte store: a torn read is impossible on x64 and arm64,
 * and would only blur one reading); cancel is a shared flag checked before every block.
 */
const ioLoopSource = String.raw`
const fs = require('node:fs');
const { createHash, randomFillSync } = require('node:crypto');
const { parentPort, workerData: job } = require('node:worker_threads');

(function runJob() {
  const bytesDone = new Float64Array(job.progress);
  const control = new Int32Array(job.control);
  // WebAssembly memory starts on a page boundary, as O_DIRECT needs.
  const memory = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil(job.blockSize / 65536)) });
  const block = Buffer.from(memory.buffer, 0, job.blockSize);
  const stamps = new DataView(memory.buffer);
  const random = job.op === 'write' && job.pattern === 'random';
  if (random) randomFillSync(block);
  const hash = job.checksum ? createHash('sha256') : undefined;
  // Checkpoints for the figure's spread: at most one a millisecond, in arrays that double as they fill.
  let times = new Float64Array(4096);
  let done = new Float64Array(4096);
  let count = 0;
  const note = (t, bytes) => {
    if (count === times.length) {
      const grownTimes = new Float64Array(count * 2);
      grownTimes.set(times);
      times = grownTimes;
      const grownDone = new Float64Array(count * 2);
      grownDone.set(done);
      done = grownDone;
    }
    times[count] = t;
    done[count] = bytes;
    count++;
  };
  const settleFrom = job.settleFrom === undefined ? Infinity : job.settleFrom;
  let fd;
  try {
    fd = fs.openSync(job.file, job.flags, 0o600);
    const startedAt = performance.now();
    let notedAt = 0;
    note(0, 0);
    let offset = 0;
    while (offset < job.fileSize) {
      if (Atomics.load(control, 0) !== 0) {
        fs.closeSync(fd);
        parentPort.postMessage({ kind: 'cancelled' });
        return;
      }
      // 1: the rate has settled, stop once past the floor; 2: the time cap, stop now.
      const settle = Atomics.load(control, 1);
      if (settle === 2 || (settle === 1 && offset >= settleFrom)) break;
      const length = Math.min(job.blockSize, job.fileSize - offset);
      const ioLength = job.alignment ? Math.ceil(length / job.alignment) * job.alignment : length;
      if (job.op === 'write') {
        // Every 4 KiB page carries its own file offset, so deduplication cannot fold the file away.
        if (random)
          for (let page = 0; page < ioLength; page += 4096) {
            const at = offset + page;
            stamps.setUint32(page, at % 4294967296, true);
            stamps.setUint32(page + 4, Math.floor(at / 4294967296), true);
          }
        if (hash) hash.update(block.subarray(0, length));
        for (let written = 0; written < ioLength; ) {
          const wrote = fs.writeSync(fd, block, written, ioLength - written, offset + written);
          if (wrote === 0) throw Object.assign(new Error('no progress writing'), { code: 'ENOSPC' });
          written += wrote;
        }
        offset += length;
      } else {
        const got = fs.readSync(fd, block, 0, ioLength, offset);
        if (got === 0) throw Object.assign(new Error('file ended early'), { code: 'SHORT_FILE' });
        const useful = Math.min(got, job.fileSize - offset);
        if (hash) hash.update(block.subarray(0, useful));
        offset += useful;
      }
      bytesDone[0] = offset;
      const now = performance.now() - startedAt;
      if (now - notedAt >= 1) {
        note(now / 1000, offset);
        notedAt = now;
      }
    }
    if (job.op === 'write') {
      if (job.alignment && offset % job.alignment !== 0) fs.ftruncateSync(fd, offset);
      fs.fsyncSync(fd);
    }
    const seconds = (performance.now() - startedAt) / 1000;
    note(seconds, offset);
    fs.closeSync(fd);
    fd = undefined;
    const message = {
      kind: 'done',
      seconds,
      bytes: offset,
      times: times.slice(0, count),
      bytesDone: done.slice(0, count),
      ...(hash ? { sha256: hash.digest('hex') } : {}),
    };
    parentPort.postMessage(message, [message.times.buffer, message.bytesDone.buffer]);
  } catch (error) {
    if (fd !== undefined) try { fs.closeSync(fd); } catch {}
    parentPort.postMessage({ kind: 'failed', code: error && error.code, message: String(error && error.message) });
  }
})();
`;

/** An Error with the errno code the I/O thread saw, for shareIoFailure and the O_DIRECT fallback. */
class IoThreadError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/** How a write sized to settle is watched: from the main thread, once a second, on the I/O thread's counter. */
export interface SettleWatch {
  /** At most this long; then the write stops wherever it is. */
  maxSeconds: number;
}

/** Why a write sized to settle stopped. */
export type SettleStop = 'steady' | 'size-cap' | 'time-cap';

/** Watches the counter once a second and tells the I/O thread when the rate has settled, or time is up. */
function watchSettling(watch: SettleWatch, bytesDone: Float64Array, control: Int32Array): () => void {
  const startedAt = performance.now();
  const rates: number[] = [];
  let last = { at: startedAt, bytes: 0 };
  const timer = setInterval(() => {
    const now = performance.now();
    const bytes = bytesDone[0] ?? 0;
    // A late tick on a busy machine still gives a true rate: it is divided by the time that really passed.
    if (bytes > 0) rates.push(((bytes - last.bytes) * 1000) / (now - last.at));
    last = { at: now, bytes };
    if ((now - startedAt) / 1000 >= watch.maxSeconds) Atomics.store(control, 1, 2);
    else if (hasSettled(rates)) Atomics.compareExchange(control, 1, 0, 1);
  }, 1000);
  timer.unref();
  return () => clearInterval(timer);
}

/** Runs one pass on the I/O thread while the meter reports live throughput; resolves when the pass is done. */
export function runIoJob(
  job: IoJob,
  watch: { signal?: AbortSignal | undefined; meter: ThroughputMeter; settle?: SettleWatch | undefined },
): Promise<IoOutcome & { stop?: SettleStop }> {
  const progress = new SharedArrayBuffer(8);
  const control = new SharedArrayBuffer(8);
  const bytesDone = new Float64Array(progress);
  const controls = new Int32Array(control);
  const cancel = () => Atomics.store(controls, 0, 1);
  const sized = job.settleFrom !== undefined && watch.settle !== undefined;
  return new Promise<IoOutcome & { stop?: SettleStop }>((resolve, reject) => {
    const worker = new Worker(ioLoopSource, { eval: true, workerData: { ...job, progress, control } });
    const stopWatching = sized && watch.settle ? watchSettling(watch.settle, bytesDone, controls) : () => undefined;
    let settled = false;
    const settle = (outcome: () => IoOutcome & { stop?: SettleStop }) => {
      if (settled) return;
      settled = true;
      stopWatching();
      watch.signal?.removeEventListener('abort', cancel);
      watch.meter.stop(bytesDone[0] ?? 0);
      try {
        resolve(outcome());
      } catch (error) {
        reject(error);
      }
    };
    watch.signal?.addEventListener('abort', cancel, { once: true });
    if (watch.signal?.aborted) cancel();
    watch.meter.start(() => bytesDone[0] ?? 0);
    worker.once('message', (message: WorkerMessage) =>
      settle(() => {
        if (message.kind === 'done') {
          const checkpoints = Array.from(message.times, (t, index) => ({ t, bytes: message.bytesDone[index] ?? 0 }));
          const stop: SettleStop =
            message.bytes >= job.fileSize ? 'size-cap' : Atomics.load(controls, 1) === 2 ? 'time-cap' : 'steady';
          return {
            seconds: message.seconds,
            bytes: message.bytes,
            checkpoints,
            ...(sized ? { stop } : {}),
            ...(message.sha256 ? { sha256: message.sha256 } : {}),
          };
        }
        if (message.kind === 'cancelled') throwIfCancelled(watch.signal);
        if (message.kind === 'failed') throw new IoThreadError(message.message, message.code);
        throw new NasbenchError('INTERNAL', 'The I/O thread stopped unexpectedly.', 'Try the test again.');
      }),
    );
    worker.once('error', (error) =>
      settle(() => {
        throw new NasbenchError('INTERNAL', 'The I/O thread failed to start or crashed.', 'Try the test again.', {
          cause: error,
        });
      }),
    );
    worker.once('exit', () =>
      settle(() => {
        throw new NasbenchError('INTERNAL', 'The I/O thread ended without a result.', 'Try the test again.');
      }),
    );
  });
}
