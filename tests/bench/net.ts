/**
 * `npm run bench:net`: the built-in iperf3 client's throughput against the native iperf3
 * client's, on loopback, in alternating runs against the same Debian iperf3 server. Prints a
 * ratio per direction (target ≥ 0.9); not a CI gate — throughput on a shared machine varies.
 *
 *   npm run bench:net -- [--rounds 3] [--seconds 5] [--streams 1]
 */
import { spawn, spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { runIperfTest, type Direction } from '../../electron/engine/net/iperf-client';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    streams: { type: 'string', default: '1' },
  },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const streams = Number(values.streams);
const port = 5290;

async function withServer<T>(run: () => Promise<T>): Promise<T> {
  const server = spawn('iperf3', ['-s', '-1', '-p', String(port)], { stdio: 'ignore' });
  await sleep(300);
  try {
    return await run();
  } finally {
    if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
  }
}

function native(direction: Direction): number {
  const args = ['-c', '127.0.0.1', '-p', String(port), '-t', String(seconds), '-P', String(streams), '-J'];
  if (direction === 'download') args.push('-R');
  const run = spawnSync('iperf3', args, { encoding: 'utf8' });
  return (JSON.parse(run.stdout) as { end: { sum_received: { bits_per_second: number } } }).end.sum_received
    .bits_per_second;
}

async function ours(direction: Direction): Promise<number> {
  return (await runIperfTest({ host: '127.0.0.1', port, direction, streams, seconds })).bitsPerSecond;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const gbit = (bits: number) => `${(bits / 1e9).toFixed(2)} Gbit/s`;

/** tsx runs this package as CommonJS, where top-level await is not allowed. */
async function main(): Promise<void> {
  for (const direction of ['upload', 'download'] as const) {
    const nativeRuns: number[] = [];
    const ourRuns: number[] = [];
    for (let round = 0; round < rounds; round++) {
      nativeRuns.push(await withServer(async () => native(direction)));
      ourRuns.push(await withServer(() => ours(direction)));
      process.stderr.write(
        `  ${direction} round ${round + 1}: native ${gbit(nativeRuns.at(-1) ?? 0)}, ours ${gbit(ourRuns.at(-1) ?? 0)}\n`,
      );
    }
    const ratio = median(ourRuns) / median(nativeRuns);
    console.log(
      `${direction}: ours ${gbit(median(ourRuns))} / native ${gbit(median(nativeRuns))} = ratio ${ratio.toFixed(2)} (${rounds} alternating runs of ${seconds} s, ${streams} stream(s))`,
    );
  }
}

void main();
