import type { MethodParsedInput } from '../../../shared/contract';
import { runIperfTest } from '../net/client';
import { startIperfServer } from '../net/server';
import type { RunPlan } from '../runs/registry';

/**
 * The "This computer" target: the built-in iperf3 client against the built-in iperf3 server,
 * over loopback. A real measurement of this computer's network stack with the same code that
 * tests a NAS, so the app can be tried before any NAS is set up.
 */
export function thisComputerDemoPlan(options: MethodParsedInput<'startDemoRun'>): RunPlan {
  const step = 'Sending data to this computer with the iperf3 protocol';
  return {
    plan: 'demo',
    title: 'This computer: network test over loopback',
    target: 'This computer',
    expectedSeconds: options.seconds,
    series: [{ id: 'loopback', label: 'Loopback (127.0.0.1)' }],
    async work(context) {
      context.step(0, 1, step, 'started');
      const server = await startIperfServer({ port: 0, host: '127.0.0.1', signal: context.signal });
      let peak = 0;
      try {
        const result = await runIperfTest({
          host: '127.0.0.1',
          port: server.port,
          seconds: options.seconds,
          sampleIntervalMs: options.sampleIntervalMs,
          signal: context.signal,
          onSample: (sample) => {
            peak = Math.max(peak, sample.bytesPerSecond);
            context.sample('loopback', sample.bytesPerSecond);
          },
        });
        context.step(0, 1, step, 'finished');
        const bytesPerSecond = result.bitsPerSecond / 8;
        return {
          bytes: result.bytes,
          seconds: result.seconds,
          bytesPerSecond,
          peakBytesPerSecond: Math.max(peak, bytesPerSecond),
        };
      } finally {
        await server.close();
      }
    },
  };
}
