/**
 * `npm run bench:nas-reader-memory`: the NAS reader's memory over a simulated day-long test
 * (#47: flat within 10%). A captured reader stream (tests/fixtures/nas-view/, disk-busy by default)
 * is played on for 24 h of readings, one block a second of the NAS's clock (tests/helpers/
 * nas-view-replay.ts), as fast as this machine can, through the reader's real path: the SSH line
 * splitter, the reader (startNasReader, its command a stand-in that prints the replay) and the
 * samples it keeps for the run. After 1, 6, 12 and 24 hours it prints the heap in use after a full
 * collection, and at the end the last hour's against the first's (the first hour fills the kept
 * samples at full resolution: the warm-up), and the size of what the run would save. Not a CI gate.
 *
 *   npm run bench:nas-reader-memory -- [--stream disk-busy] [--hours 24]
 */
import { parseArgs } from 'node:util';
import { startNasReader, type NasCommands } from '../../electron/engine/nas-view';
import { lineSplitter } from '../../electron/engine/ssh';
import { ReaderReplay } from '../helpers/nas-view-replay';

const { values } = parseArgs({
  options: { stream: { type: 'string', default: 'disk-busy' }, hours: { type: 'string', default: '24' } },
});
const hours = Number(values.hours);
const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) {
  console.error('Run it with node --expose-gc (npm run bench:nas-reader-memory does).');
  process.exit(2);
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/** Heap in use after a full collection, in bytes. */
function heapUsed(): number {
  collect?.();
  collect?.();
  return process.memoryUsage().heapUsed;
}

const marks = [1, 6, 12, 24].filter((hour) => hour <= hours);
const replay = new ReaderReplay(values.stream);
const heapBefore = heapUsed();
const readings: { hour: number; heap: number }[] = [];
let read = 0;
const started = performance.now();

/** The reader's command on a NAS that prints the replay as fast as it is read: 64 KiB at a time, as SSH hands it over. */
const nas: NasCommands = {
  run: async (_command, options = {}) => {
    const lines = lineSplitter((line) => options.onStdoutLine?.(line));
    let pending = replay.header;
    const blocks = hours * 3600 + 1;
    for (let block = 0; block < blocks; block += 1) {
      pending += replay.block(block);
      if (pending.length >= 64 * 1024) {
        lines.push(Buffer.from(pending));
        pending = '';
      }
      const hour = block / 3600;
      if (marks.includes(hour)) {
        lines.push(Buffer.from(pending));
        pending = '';
        readings.push({ hour, heap: heapUsed() });
        console.log(
          `${String(hour).padStart(2)} h: heap ${mib(readings.at(-1)?.heap ?? 0)} ` +
            `(the reader's part ${mib((readings.at(-1)?.heap ?? 0) - heapBefore)}), ${read} samples read, ` +
            `${Math.round((performance.now() - started) / 1000)} s in`,
        );
        // Let the reader's own timers and promises run, as they would between SSH reads.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    lines.push(Buffer.from(pending));
    lines.end();
    return { code: 0, signal: null, stdout: '', stderr: '' };
  },
};

async function main(): Promise<void> {
  const reader = startNasReader(nas, {
    maxSeconds: hours * 3600 + 60,
    onSample: () => (read += 1),
  });
  await reader.ended;
  const resources = await reader.stop();
  report(resources.samples.length, JSON.stringify(resources).length);
}

function report(samples: number, saved: number): void {
  const first = readings[0];
  const last = readings.at(-1);
  console.log(
    `\n${values.stream} replayed for ${hours} h (${hours * 3600} readings) in ${Math.round((performance.now() - started) / 1000)} s; ` +
      `the run would save ${samples} samples, ${mib(saved)} of JSON.`,
  );
  if (first && last && last !== first) {
    const total = last.heap / first.heap;
    const share = (last.heap - heapBefore) / (first.heap - heapBefore);
    const within = (ratio: number) => (Math.abs(ratio - 1) <= 0.1 ? 'within 10%' : 'NOT within 10%');
    console.log(
      `heap at ${last.hour} h / at ${first.hour} h (after the warm-up): ${total.toFixed(3)} (${within(total)}); ` +
        `the reader's part alone: ${share.toFixed(3)} (${within(share)}).`,
    );
  }
}

void main();
