/**
 * Native iperf3 on the lab, for the tests and the bench that hold NASBench's network figures against
 * it: Debian's `iperf3 -s` inside the NAS namespace (one test each), and the stock client on this
 * side, bound to a leg's own address so its traffic takes that leg's shaped link.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { nasSpawn, waitForNasPort, type LabLeg } from '../lab/lab';

/** The parts of iperf3's -J output read here. */
export interface NativeIperfJson {
  error?: string;
  intervals: { sum: { seconds: number; bits_per_second: number } }[];
  end: {
    sum_sent: { bytes: number; bits_per_second: number };
    sum_received: { bytes: number; bits_per_second: number };
  };
}

/** `iperf3 -s -1` in the NAS namespace on `port`; resolves once it listens, with a way to wait for its end. */
export async function nativeServer(port: number): Promise<{ ended(): Promise<void>; stop(): void }> {
  const server = nasSpawn(['iperf3', '-s', '-1', '-p', String(port)]);
  await waitForNasPort(port);
  return {
    ended: () => exited(server),
    stop: () => {
      if (server.exitCode === null) server.kill();
    },
  };
}

export interface NativeClientOptions {
  leg: Pick<LabLeg, 'host' | 'nas'>;
  port: number;
  seconds: number;
  streams?: number;
  reverse?: boolean;
  /** More of the stock client's options (`-u -b 100M`). */
  extraArgs?: string[];
}

/** The stock client, run to its end: its JSON report. */
export async function nativeClient(options: NativeClientOptions): Promise<NativeIperfJson> {
  const args = clientArgs(options);
  const client = spawn('iperf3', [...args, '-J'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  client.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  client.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await exited(client);
  if (!stdout.trim()) {
    // Seen once in CI: the stock client ended with no report at all (its exit and stderr say how).
    throw new NoNativeReport(
      `iperf3 ${args.join(' ')} printed no report (exit ${client.exitCode ?? client.signalCode}): ${stderr.trim()}`,
    );
  }
  const json = JSON.parse(stdout) as NativeIperfJson;
  if (json.error) throw new Error(`iperf3 ${args.join(' ')}: ${json.error}`);
  return json;
}

/** One native test against a fresh native server: the receiver's figure and its per-second rates. */
export async function nativeTest(
  options: NativeClientOptions,
): Promise<{ bitsPerSecond: number; perSecond: number[]; json: NativeIperfJson }> {
  const server = await nativeServer(options.port);
  try {
    const json = await nativeClient(options);
    await server.ended();
    return {
      bitsPerSecond: json.end.sum_received.bits_per_second,
      perSecond: json.intervals.map((interval) => interval.sum.bits_per_second),
      json,
    };
  } finally {
    server.stop();
  }
}

/** A native client started now and left running (a competing flow); `stop` ends it and waits. */
export function backgroundClient(options: NativeClientOptions): { stop(): Promise<void> } {
  const client = spawn('iperf3', clientArgs(options), { stdio: 'ignore' });
  return {
    stop: async () => {
      if (client.exitCode === null && client.signalCode === null) client.kill('SIGINT');
      await exited(client);
    },
  };
}

/** The UDP summary of iperf3's -J output (`end.sum`), on either side. */
export interface NativeUdpSum {
  bytes: number;
  bits_per_second: number;
  jitter_ms: number;
  lost_packets: number;
  packets: number;
  lost_percent: number;
}

/** The stock client ended without a report: the yardstick failed, not what it measures. */
class NoNativeReport extends Error {}

/**
 * One native UDP test (`-u -b RATE`) against a fresh native server: the client's UDP summary. A
 * stock client that ends with no report at all is run once more, against a fresh server.
 */
export async function nativeUdpTest(options: NativeClientOptions & { bitrate: string }): Promise<NativeUdpSum> {
  try {
    return await nativeUdpTestOnce(options);
  } catch (error) {
    if (!(error instanceof NoNativeReport)) throw error;
    console.warn(`${error.message}; running the stock test once more`);
    return nativeUdpTestOnce(options);
  }
}

async function nativeUdpTestOnce(options: NativeClientOptions & { bitrate: string }): Promise<NativeUdpSum> {
  const server = await nativeServer(options.port);
  try {
    const json = (await nativeClient({ ...options, extraArgs: ['-u', '-b', options.bitrate] })) as unknown as {
      end: { sum: NativeUdpSum };
    };
    await server.ended();
    return json.end.sum;
  } finally {
    server.stop();
  }
}

/** The stock client's arguments: bound to the leg's own address, so its traffic takes that leg's shaped link. */
function clientArgs(options: NativeClientOptions): string[] {
  const { leg, port, seconds, streams, reverse } = options;
  const args = ['-c', leg.nas, '-B', leg.host, '-p', String(port), '-t', String(seconds)];
  if (streams && streams > 1) args.push('-P', String(streams));
  if (reverse) args.push('-R');
  return [...args, ...(options.extraArgs ?? [])];
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}
