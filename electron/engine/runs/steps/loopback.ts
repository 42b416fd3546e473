import type { ThroughputResult } from '../../../../shared/contract/runs';
import { runIperfTest, startIperfServerOnItsOwnThread } from '../../net';
import type { Step } from './types';
import { resultsOfKind } from '../../../../shared/kinds';

const label = 'Sending data to this computer with the iperf3 protocol';

/**
 * The "This computer" target: the built-in iperf3 client against the built-in iperf3 server,
 * over loopback. A real measurement of this computer's network stack with the same code that
 * tests a NAS, so the app can be tried before any NAS is set up. The server runs on a thread of
 * its own, as native iperf3's client and server are two programs: the figure is then what this
 * computer carries over loopback (comparable with `iperf3 -c 127.0.0.1`), not what one thread of
 * the app can do at both ends at once.
 */
export function loopbackStep(options: { seconds: number; sampleIntervalMs: number }): Step {
  return {
    kind: 'network',
    label,
    what: `The app's own iperf3 client sends to its own iperf3 server, running on a second thread, over 127.0.0.1 for ${options.seconds} s: how much this computer's network stack and processor can carry, with no cable or NAS involved.`,
    seconds: options.seconds,
    writes: [],
    series: [{ id: 'loopback', label: 'Loopback (127.0.0.1)' }],
    needsNas: false,
    async run(kit) {
      kit.progress.part(0, 1, label, 'started');
      // Its one peer is this app's own client on 127.0.0.1, asking for this test's length: another
      // program of this computer that connects first gets no more than that.
      const server = await startIperfServerOnItsOwnThread({
        port: 0,
        host: '127.0.0.1',
        peers: ['127.0.0.1'],
        caps: { seconds: options.seconds },
        signal: kit.signal,
      });
      try {
        const result = await runIperfTest({
          host: '127.0.0.1',
          port: server.port,
          seconds: options.seconds,
          sampleIntervalMs: options.sampleIntervalMs,
          signal: kit.signal,
          onSample: (sample) => kit.progress.sample('loopback', sample.bytesPerSecond),
        });
        kit.progress.part(0, 1, label, 'finished');
        const bytesPerSecond = result.bitsPerSecond / 8;
        const summary = {
          bytes: result.bytes,
          seconds: result.seconds,
          bytesPerSecond,
          peakBytesPerSecond: bytesPerSecond,
        };
        const found: ThroughputResult = { kind: 'throughput', test: 'demo', summary };
        return [found];
      } finally {
        await server.close();
      }
    },
    headline(results, peak) {
      const found = resultsOfKind(results, 'throughput')[0];
      if (!found) return undefined;
      return { ...found.summary, peakBytesPerSecond: Math.max(peak, found.summary.bytesPerSecond) };
    },
  };
}
