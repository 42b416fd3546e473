// lab: needs a quiet machine — figures against each leg's rate and native iperf3's
import { spawn, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIperfTest, type Direction } from '../../electron/engine/net/iperf-client';
import { runNetworkTest } from '../../electron/engine/net/network-test';
import { startRemoteIperfServer } from '../../electron/engine/net/remote-server';
import { measureOverSsh } from '../../electron/engine/net/ssh-transfer';
import type { NasLogin } from '../../electron/engine/ssh/login';
import { nasCommandLines, nasSpawn, runsProgram, waitForNasPort } from '../lab/lab';
import { runCli } from '../../electron/cli/program';
import { measureAgainIfOff } from '../helpers/measure-again';
import { tempDir } from '../unit/helpers';
import { errorOf, lab, labSession } from './lab-login';

let session: NasLogin;
beforeAll(async () => {
  session = await labSession();
});
afterAll(() => session.close());

interface NativeServerReport {
  end: { sum_sent?: { bytes: number }; sum_received?: { bytes: number } };
}

/** Debian's iperf3 server in the NAS namespace, with its own JSON report. */
async function nativeServer(port: number): Promise<() => Promise<NativeServerReport>> {
  const server = nasSpawn(['iperf3', '-s', '-1', '-J', '-p', String(port)]);
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForNasPort(port);
  return async () => {
    if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
    return JSON.parse(output) as NativeServerReport;
  };
}

/** iperf3 processes inside the NAS namespace (ps alone would also list the host's: PIDs are shared). */
function iperfProcessesOnNas(): string {
  return nasCommandLines()
    .filter((args) => runsProgram(args, 'iperf3'))
    .join('\n');
}

/** What the sending side counted beyond what the receiving side did, as a share of what arrived. */
interface Gap {
  sent: number;
  received: number;
  gap: number;
}

function gapOf(sent: number, received: number): Gap {
  return { sent, received, gap: (sent - received) / received };
}

/** Debian's iperf3 client against Debian's server, as the yardstick for the in-flight gap. */
async function nativeGap(direction: Direction, streams: number): Promise<Gap> {
  const report = await nativeServer(5303);
  const args = ['-c', lab.legs.a.nas, '-p', '5303', '-t', '4', '-P', String(streams), '-J'];
  const native = spawnSync('iperf3', direction === 'download' ? [...args, '-R'] : args, { encoding: 'utf8' });
  await report();
  const end = (JSON.parse(native.stdout) as { end: { sum_sent: { bytes: number }; sum_received: { bytes: number } } })
    .end;
  return gapOf(end.sum_sent.bytes, end.sum_received.bytes);
}

/** Our client against Debian's server: what each side counted, and our figure beside the server's. */
async function ourGap(direction: Direction, streams: number): Promise<{ gap: Gap; reported: number; counted: number }> {
  const report = await nativeServer(5301);
  const result = await runIperfTest({ host: lab.legs.a.nas, port: 5301, direction, streams, seconds: 4 });
  const server = await report();
  expect(result.streams).toHaveLength(streams);
  if (direction === 'upload') {
    const sent = result.streams.reduce((sum, stream) => sum + stream.sentBytes, 0);
    const received = server.end.sum_received?.bytes ?? 0;
    return { gap: gapOf(sent, received), reported: result.bytes, counted: received };
  }
  const sent = server.end.sum_sent?.bytes ?? 0;
  return { gap: gapOf(sent, result.bytes), reported: result.bytes, counted: result.bytes };
}

describe('the built-in iperf3 client against Debian iperf3 on the lab NAS', () => {
  it.each([
    ['upload', 1],
    ['download', 1],
    ['upload', 4],
    ['download', 4],
  ] as [Direction, number][])(
    '%s with %i stream(s): our report and the server agree on the bytes',
    async (direction, streams) => {
      // The sender counts more than the receiver by what was still in flight (socket buffers and the
      // link) when the clock ended; iperf3's receiver stops counting there too. Native iperf3 has the same
      // gap on the same link, and ours may not be more than 1 point larger: a clock that ends early or a
      // lost read would be. How full the buffers are depends on how promptly the receiver reads, so on
      // what else has the two cores: CI read 2.08% against native's 0.96% once (alone here: 1.2-1.7%
      // against 1.06-1.19%). A pair beyond the point is measured once more, and the closer pair counts.
      const pair = async () => {
        const ours = await ourGap(direction, streams);
        expect(ours.gap.received).toBeGreaterThan(300_000_000);
        // The receiver-side figure we report is the one the server counted.
        expect(Math.abs(ours.reported - ours.counted) / ours.counted).toBeLessThan(0.01);
        expect(ours.gap.sent).toBeGreaterThanOrEqual(ours.gap.received);
        return { ours: ours.gap, native: await nativeGap(direction, streams) };
      };
      const percent = (gap: Gap): string => `${(gap.gap * 100).toFixed(2)}%`;
      const closest = await measureAgainIfOff(
        `${direction} ×${streams}: in flight at the end, ours / native`,
        pair,
        ({ ours, native }) => ours.gap - native.gap - 0.01,
        ({ ours, native }) => `${percent(ours)} / ${percent(native)}`,
      );
      expect(closest.ours.gap - closest.native.gap).toBeLessThan(0.01);
    },
  );

  const legA = { target: lab.legs.a.nas, bindAddress: lab.legs.a.host };
  const legB = { target: lab.legs.b.nas, bindAddress: lab.legs.b.host };
  /** One upload stream per leg, from each leg's own address, as the app's network test runs it. */
  const uploadOver = (legs: { target: string; bindAddress: string }[], seconds: number) =>
    runNetworkTest({ session, legs, direction: 'upload', streamsPerLeg: 1, seconds });

  it('measures one 1 Gbit/s leg within 3% of the native iperf3 client in the same run', async () => {
    const ours = await uploadOver([legA], 4);
    const report = await nativeServer(5302);
    const native = spawnSync('iperf3', ['-c', lab.legs.a.nas, '-p', '5302', '-B', lab.legs.a.host, '-t', '4', '-J'], {
      encoding: 'utf8',
    });
    await report();
    const nativeBits = (JSON.parse(native.stdout) as { end: { sum_received: { bits_per_second: number } } }).end
      .sum_received.bits_per_second;
    expect(nativeBits).toBeGreaterThan(900e6);
    expect(Math.abs(ours.summary.bitsPerSecond - nativeBits) / nativeBits).toBeLessThan(0.03);
  });

  it('adds up two legs with per-stream bind addresses (at least 1.8 × one leg), reporting each leg', async () => {
    const pair = async () => ({ single: await uploadOver([legA], 3), both: await uploadOver([legA, legB], 3) });
    // Two gigabit legs at once keep both cores busy (our client and the NAS's two iperf3); a full CI run
    // read 1.86×, 1.85× and 1.93× one leg in stop 52 (legs 0.81-0.94 Gbit/s): the client's CPU, not the routing. One
    // shared leg would give about 1×, so 1.8× with each leg over 0.8 Gbit/s still shows each stream on its own leg.
    // A pair off the mark is measured once more, and the better one counts.
    const Gbps = (bitsPerSecond: number) => `${(bitsPerSecond / 1e9).toFixed(3)} Gbit/s`;
    const { single, both } = await measureAgainIfOff(
      'one leg, then two at once',
      pair,
      (attempt) =>
        Math.max(
          1.8 * attempt.single.summary.bitsPerSecond - attempt.both.summary.bitsPerSecond,
          ...attempt.both.legs.map((leg) => 800e6 - leg.bitsPerSecond),
        ),
      (attempt) =>
        `${Gbps(attempt.single.summary.bitsPerSecond)}; ${Gbps(attempt.both.summary.bitsPerSecond)} ` +
        `(${attempt.both.legs.map((leg) => Gbps(leg.bitsPerSecond)).join(' + ')})`,
    );
    expect(both.summary.bitsPerSecond).toBeGreaterThanOrEqual(1.8 * single.summary.bitsPerSecond);
    expect(both.legs.map((leg) => leg.bindAddress)).toEqual([lab.legs.a.host, lab.legs.b.host]);
    for (const leg of both.legs) expect(leg.bitsPerSecond).toBeGreaterThan(800e6);
    expect(iperfProcessesOnNas()).toBe('');
  });

  it('answers SERVER_BUSY when the NAS iperf3 is already running a test', async () => {
    const server = await startRemoteIperfServer(session, { firstPort: 5310 });
    const first = runIperfTest({ host: lab.legs.a.nas, port: server.port, seconds: 3 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const second = await errorOf(runIperfTest({ host: lab.legs.a.nas, port: server.port, seconds: 1 }));
    expect(second.code).toBe('SERVER_BUSY');
    await first;
    await server.stop();
    expect(iperfProcessesOnNas()).toBe('');
  });

  it('ends with LINK_LOST when the link is cut mid-test, keeping the samples so far', async () => {
    const samples: number[] = [];
    const test = runNetworkTest({
      session,
      legs: [{ target: lab.legs.b.nas, bindAddress: lab.legs.b.host }],
      direction: 'upload',
      streamsPerLeg: 1,
      seconds: 20,
      sampleIntervalMs: 250,
      onSample: (sample) => samples.push(sample.bitsPerSecond),
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(spawnSync('ip', ['link', 'set', lab.legs.b.hostIf, 'down']).status).toBe(0);
    try {
      const error = await errorOf(test);
      expect(error.code).toBe('LINK_LOST');
      expect(error.hint).toMatch(/link/i);
    } finally {
      spawnSync('ip', ['link', 'set', lab.legs.b.hostIf, 'up']);
    }
    expect(samples.filter((value) => value > 500e6).length).toBeGreaterThanOrEqual(3);
    // The SSH session runs over leg A, so the NAS server could still be stopped.
    expect(iperfProcessesOnNas()).toBe('');
  });

  it('ends with CANCELLED on cancel and leaves no iperf3 on the NAS', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 1_000);
    const error = await errorOf(
      runNetworkTest({
        session,
        legs: [{ target: lab.legs.a.nas }],
        direction: 'download',
        streamsPerLeg: 2,
        seconds: 20,
        signal: controller.signal,
      }),
    );
    expect(error.code).toBe('CANCELLED');
    expect(iperfProcessesOnNas()).toBe('');
  });
});

describe('a NAS without iperf3', () => {
  it('is measured over SSH instead, labelled as a lower bound, with install hints', async () => {
    let stdout = '';
    const code = await runCli(
      [
        '--json',
        '--data-dir',
        await tempDir('net-notools'),
        'net',
        '--host',
        lab.legs.a.nas,
        '--user',
        lab.users.notools.name,
        '--trust-new-host',
        '--time',
        '2',
      ],
      {
        stdout: (text) => (stdout += text),
        stderr: () => undefined,
        env: { NASBENCH_PASSWORD: lab.users.notools.password },
      },
    );
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as { summary: { bitsPerSecond: number }; hints: string[] };
    expect(result).toMatchObject({
      ok: true,
      kind: 'net',
      method: 'ssh',
      lowerBound: true,
      note: expect.stringMatching(/SSH/),
    });
    expect(result.summary.bitsPerSecond).toBeGreaterThan(50e6);
    expect(result.summary.bitsPerSecond).toBeLessThan(1.01e9);
    expect(result.hints.join(' ')).toMatch(/iperf3/);
    expect(iperfProcessesOnNas()).toBe('');
  });

  it('a long download over SSH is counted, not kept: more than the longest string V8 can hold, memory flat', async () => {
    // The SSH library used to keep every byte a command printed as text: 10 s at 1 Gbit/s ended the app
    // with "Invalid string length" once the download passed 2^29 bytes.
    const heapBefore = process.memoryUsage().heapUsed;
    const result = await measureOverSsh(session, { direction: 'download', seconds: 8 });
    expect(result.bytes).toBeGreaterThan(2 ** 29);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(200 * 1024 * 1024);
    expect(nasCommandLines().some((line) => line.startsWith('dd if=/dev/zero'))).toBe(false);
  }, 60_000);
});

describe('test timing', () => {
  it.each([1, 8])(
    'a 10 s test with %i stream(s) ends within 10.5 s of starting to send',
    async (streams) => {
      const server = spawn('iperf3', ['-s', '-1', '-p', String(5320 + streams)], { stdio: 'ignore' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const result = await runIperfTest({ host: '127.0.0.1', port: 5320 + streams, streams, seconds: 10 });
      // Timers may fire a few microseconds early against performance.now(): the point is not running late.
      expect(result.seconds).toBeGreaterThan(9.99);
      expect(result.seconds).toBeLessThan(10.5);
      server.kill();
    },
    30_000,
  );
});
