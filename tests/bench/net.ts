/**
 * `npm run bench:net`: the built-in iperf3 client and server against native iperf3 on loopback, at
 * 1, 4 and 8 streams in both directions, in alternating runs (target: every ratio ≥ 0.95), with the
 * CPU time each side spent per GB moved; then the "This computer" test (both built-in ends, the server
 * on its own thread) against native iperf3's client and server (target: within 20%). Not a CI gate:
 * throughput on a shared machine varies from run to run.
 *
 *   npm run bench:net -- [--rounds 3] [--seconds 5] [--streams 1,4,8]
 *
 * Pairings, each run against the other two in turn:
 *   native  iperf3 -c  → iperf3 -s
 *   client  ours       → iperf3 -s   (ratio: ours ÷ native, and the client's CPU per GB)
 *   server  iperf3 -c  → ours        (ratio: ours ÷ native, and the server's CPU per GB)
 */
import { execFile, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import {
  runIperfTest,
  startIperfServer,
  startIperfServerOnItsOwnThread,
  type Direction,
} from '../../electron/engine/net';
import { median } from '../../shared/util/spread';
import { compareRuns, describeRatio } from './ratio';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    streams: { type: 'string', default: '1,4,8' },
  },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const streamCounts = values.streams.split(',').map(Number);
const port = 5290;

/**
 * One run: what arrived per second, the CPU seconds the side under test spent per GB, and those of
 * the native iperf3 at the other end. On loopback the kernel's receive work for a segment is charged
 * to whichever side is in the socket when it arrives, so a receiver that drains the socket and sleeps
 * makes the sender pay for it: the other end's CPU shows where a receive gap comes from.
 */
interface Run {
  bitsPerSecond: number;
  cpuPerGB: number;
  otherEndCpuPerGB: number;
}

interface NativeJson {
  error?: string;
  end: {
    sum_received: { bytes: number; bits_per_second: number };
    cpu_utilization_percent: { host_total: number; remote_total: number };
  };
}

function nativeClient(port: number, streams: number, direction: Direction, time = seconds): Promise<NativeJson> {
  const args = ['-c', '127.0.0.1', '-p', String(port), '-t', String(time), '-P', String(streams), '-J'];
  if (direction === 'download') args.push('-R');
  return new Promise((resolve, reject) =>
    execFile('iperf3', args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(JSON.parse(stdout) as NativeJson);
    }),
  );
}

/** A one-test native server, started and listening (it says so) before `run`; stopped if the test never came. */
async function withNativeServer<T>(run: () => Promise<T>): Promise<T> {
  const server = spawn('iperf3', ['-s', '-1', '--forceflush', '-p', String(port)], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  await new Promise<void>((resolve) => {
    server.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
    void exited.then(() => resolve());
  });
  server.stdout.resume();
  try {
    return await run();
  } finally {
    const timer = setTimeout(() => server.kill(), 3000);
    await exited;
    clearTimeout(timer);
  }
}

/** Native client against native server; tried again when the server was not listening yet. */
async function nativeOnNative(streams: number, direction: Direction): Promise<NativeJson> {
  for (let attempt = 1; ; attempt++) {
    const json = await withNativeServer(() => nativeClient(port, streams, direction).catch(() => ({}) as NativeJson));
    if (json.end?.sum_received && !json.error) return json;
    if (attempt === 3) throw new Error(`native iperf3 failed three times: ${json.error ?? 'no result'}`);
    await sleep(500);
  }
}

/** CPU seconds per GB from one of iperf3's percentages of the test's wall time. */
function cpuPerGB(percent: number, bytes: number): number {
  return ((percent / 100) * seconds) / (bytes / 1e9);
}

/** Native iperf3 at both ends, seen from one side. */
function nativeRun(json: NativeJson, side: 'client' | 'server'): Run {
  const { bytes, bits_per_second } = json.end.sum_received;
  const { host_total: client, remote_total: server } = json.end.cpu_utilization_percent;
  return {
    bitsPerSecond: bits_per_second,
    cpuPerGB: cpuPerGB(side === 'client' ? client : server, bytes),
    otherEndCpuPerGB: cpuPerGB(side === 'client' ? server : client, bytes),
  };
}

/** This process's CPU seconds (user + system) while `work` runs. */
async function cpuSecondsOf<T>(work: () => Promise<T>): Promise<{ result: T; cpu: number }> {
  const before = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(before);
  return { result, cpu: (used.user + used.system) / 1e6 };
}

async function oursAsClient(streams: number, direction: Direction): Promise<Run> {
  return withNativeServer(async () => {
    const { result, cpu } = await cpuSecondsOf(() =>
      runIperfTest({ host: '127.0.0.1', port, direction, streams, seconds }),
    );
    return {
      bitsPerSecond: result.bitsPerSecond,
      cpuPerGB: cpu / (result.bytes / 1e9),
      otherEndCpuPerGB: cpuPerGB(result.serverResults.cpu_util_total, result.bytes),
    };
  });
}

async function oursAsServer(streams: number, direction: Direction): Promise<Run> {
  const server = await startIperfServer({ host: '127.0.0.1', port });
  try {
    const { result, cpu } = await cpuSecondsOf(() => nativeClient(port, streams, direction));
    const { bytes, bits_per_second } = result.end.sum_received;
    return {
      bitsPerSecond: bits_per_second,
      cpuPerGB: cpu / (bytes / 1e9),
      otherEndCpuPerGB: cpuPerGB(result.end.cpu_utilization_percent.host_total, bytes),
    };
  } finally {
    await server.close();
  }
}

/** The "This computer" test as the app runs it: both ends built in, the server on its own thread. */
async function thisComputer(): Promise<number> {
  const server = await startIperfServerOnItsOwnThread({ host: '127.0.0.1', port: 0 });
  try {
    return (await runIperfTest({ host: '127.0.0.1', port: server.port, seconds })).bitsPerSecond;
  } finally {
    await server.close();
  }
}

const gbit = (bits: number) => `${(bits / 1e9).toFixed(2).padStart(6)} Gbit/s`;
const cpu = (runs: Run[], side: 'cpuPerGB' | 'otherEndCpuPerGB' = 'cpuPerGB') =>
  `${median(runs.map((run) => run[side])).toFixed(3)} s/GB`;
const rates = (runs: Run[]) => runs.map((run) => run.bitsPerSecond);

/** One side of ours against the same side of native iperf3 (native client → native server in the same rounds). */
function pairing(name: string, ours: Run[], native: Run[]): string {
  const compared = compareRuns(rates(ours), rates(native));
  return (
    `    ${name} ${gbit(compared.ours)}, ${describeRatio(compared)}; CPU ours ${cpu(ours)}, native ${cpu(native)}` +
    `; iperf3 at the other end ${cpu(ours, 'otherEndCpuPerGB')} with ours, ${cpu(native, 'otherEndCpuPerGB')} with native`
  );
}

/** tsx runs this package as CommonJS, where top-level await is not allowed. */
async function main(): Promise<void> {
  console.log(`bench:net — loopback, ${rounds} alternating rounds of ${seconds} s, medians; CPU is per GB moved`);
  for (const streams of streamCounts) {
    for (const direction of ['upload', 'download'] as const) {
      const native: { client: Run[]; server: Run[] } = { client: [], server: [] };
      const client: Run[] = [];
      const server: Run[] = [];
      for (let round = 0; round < rounds; round++) {
        const json = await nativeOnNative(streams, direction);
        native.client.push(nativeRun(json, 'client'));
        native.server.push(nativeRun(json, 'server'));
        client.push(await oursAsClient(streams, direction));
        server.push(await oursAsServer(streams, direction));
      }
      console.log(`${streams} stream(s) ${direction}: native iperf3 both ends ${gbit(median(rates(native.client)))}`);
      console.log(pairing('client (ours → iperf3 -s)', client, native.client));
      console.log(pairing('server (iperf3 -c → ours)', server, native.server));
    }
  }
  const nativeLoop: number[] = [];
  const ours: number[] = [];
  for (let round = 0; round < rounds; round++) {
    nativeLoop.push((await nativeOnNative(1, 'upload')).end.sum_received.bits_per_second);
    ours.push(await thisComputer());
  }
  const compared = compareRuns(ours, nativeLoop);
  console.log(
    `This computer (1 stream, server on its own thread): ours ${gbit(compared.ours)} / native ${gbit(compared.native)} = ${describeRatio(compared)}`,
  );
}

void main();
