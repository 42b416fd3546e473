import { Worker } from 'node:worker_threads';
import { NasbenchError } from '../../../shared/errors';
import { throwIfCancelled } from './io-errors';
import type { TestPattern } from './test-data';
import type { ThroughputMeter } from './throughput-meter';

/** One sequential pass over a test file, done by the I/O thread. */
export interface IoJob {
  op: 'write' | 'read';
  file: string;
  fileSize: number;
  blockSize: number;
  /** Open flags, the cache bypass included. */
  flags: number;
  /** 4096 when the cache is bypassed: every transfer is rounded up to whole pages (and the file cut back after). */
  alignment: number;
  pattern: TestPattern;
  checksum: boolean;
}

export interface IoOutcome {
  seconds: number;
  sha256?: string;
}

type WorkerMessage =
  | { kind: 'done'; seconds: number; sha256?: string }
  | { kind: 'cancelled' }
  | { kind: 'failed'; code?: string; message: string };

/**
 * The I/O loop runs on its own thread with plain pread/pwrite calls, back to back, as fio's
 * psync engine does. Awaiting each block on the main thread costs a hand-off to libuv's pool
 * and back per block (measured here: about 0.2 ms on a loaded two-core machine, which is 40%
 * of the time at 64 KiB blocks); it also keeps a share that hangs from stalling the app.
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
  const random = job.op === 'write' && job.pattern === 'random';
  if (random) randomFillSync(block);
  const hash = job.checksum ? createHash('sha256') : undefined;
  let fd;
  try {
    fd = fs.openSync(job.file, job.flags, 0o600);
    const startedAt = performance.now();
    let offset = 0;
    while (offset < job.fileSize) {
      if (Atomics.load(control, 0) !== 0) {
        fs.closeSync(fd);
        parentPort.postMessage({ kind: 'cancelled' });
        return;
      }
      const length = Math.min(job.blockSize, job.fileSize - offset);
      const ioLength = job.alignment ? Math.ceil(length / job.alignment) * job.alignment : length;
      if (job.op === 'write') {
        // Every 4 KiB page carries its own file offset, so deduplication cannot fold the file away.
        if (random)
          for (let page = 0; page < ioLength; page += 4096) {
            block.writeUInt32LE((offset + page) % 4294967296, page);
            block.writeUInt32LE(Math.floor((offset + page) / 4294967296), page + 4);
          }
        if (hash) hash.update(block.subarray(0, length));
        for (let written = 0; written < ioLength; ) {
          const count = fs.writeSync(fd, block, written, ioLength - written, offset + written);
          if (count === 0) throw Object.assign(new Error('no progress writing'), { code: 'ENOSPC' });
          written += count;
        }
        offset += length;
      } else {
        const count = fs.readSync(fd, block, 0, ioLength, offset);
        if (count === 0) throw Object.assign(new Error('file ended early'), { code: 'SHORT_FILE' });
        const useful = Math.min(count, job.fileSize - offset);
        if (hash) hash.update(block.subarray(0, useful));
        offset += useful;
      }
      bytesDone[0] = offset;
    }
    if (job.op === 'write') {
      if (job.alignment && job.fileSize % job.alignment !== 0) fs.ftruncateSync(fd, job.fileSize);
      fs.fsyncSync(fd);
    }
    const seconds = (performance.now() - startedAt) / 1000;
    fs.closeSync(fd);
    fd = undefined;
    parentPort.postMessage({ kind: 'done', seconds, ...(hash ? { sha256: hash.digest('hex') } : {}) });
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

/** Runs one pass on the I/O thread while the meter reports live throughput; resolves when the pass is done. */
export function runIoJob(
  job: IoJob,
  watch: { signal?: AbortSignal | undefined; meter: ThroughputMeter },
): Promise<IoOutcome> {
  const progress = new SharedArrayBuffer(8);
  const control = new SharedArrayBuffer(4);
  const bytesDone = new Float64Array(progress);
  const cancel = () => Atomics.store(new Int32Array(control), 0, 1);
  return new Promise<IoOutcome>((resolve, reject) => {
    const worker = new Worker(ioLoopSource, { eval: true, workerData: { ...job, progress, control } });
    let settled = false;
    const settle = (outcome: () => IoOutcome) => {
      if (settled) return;
      settled = true;
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
        if (message.kind === 'done')
          return { seconds: message.seconds, ...(message.sha256 ? { sha256: message.sha256 } : {}) };
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
