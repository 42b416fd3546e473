import { expect, it } from 'vitest';
import { runIperfTest } from '../../electron/engine/net/iperf-client';
import { startIperfServer, type IperfServerTestSummary } from '../../electron/engine/net/iperf-server/server';

/**
 * The client's half of EXCHANGE_RESULTS carries its CPU share (cpu_util_total), as iperf3's does.
 * Debian's iperf3 3.12 server does not print it, so the built-in server, which keeps it, is the witness.
 */
it('tells the server the CPU it used during the test, not the average since the app started', async () => {
  let testEnded: (summary: IperfServerTestSummary) => void = () => undefined;
  const ended = new Promise<IperfServerTestSummary>((resolve) => (testEnded = resolve));
  const server = await startIperfServer({ host: '127.0.0.1', port: 0, onTestEnd: (summary) => testEnded(summary) });
  try {
    // Busy seconds before the test: counted since the process started, they would show as a busy client.
    const busyUntil = performance.now() + 3000;
    while (performance.now() < busyUntil);
    const cpuBefore = process.cpuUsage();
    const startedAt = performance.now();
    await runIperfTest({ host: '127.0.0.1', port: server.port, seconds: 2, udp: { bitsPerSecond: 10e6 } });
    const used = process.cpuUsage(cpuBefore);
    const measuredHere = (used.user + used.system) / 10 / (performance.now() - startedAt);
    const told = (await ended).clientResults?.cpu_util_total ?? Number.NaN;
    expect(told).toBeGreaterThan(0);
    // What it told is what this process spent over the same seconds (the connection's set-up aside).
    expect(Math.abs(told - measuredHere)).toBeLessThan(0.25 * measuredHere + 3);
  } finally {
    await server.close();
  }
}, 20_000);
