import type { MethodParsedInput } from '../../../shared/contract';
import type { RunPlan } from '../runs/registry';
import { measureLoopbackThroughput } from './loopback';

/** The "This computer" test: a loopback network measurement that needs no NAS. */
export function thisComputerDemoPlan(options: MethodParsedInput<'startDemoRun'>): RunPlan {
  return {
    plan: 'demo',
    title: 'This computer: loopback network test',
    target: 'This computer',
    expectedSeconds: options.seconds,
    series: [{ id: 'loopback', label: 'Loopback (127.0.0.1)' }],
    async work(context) {
      context.step(0, 1, 'Sending data to this computer over TCP', 'started');
      const summary = await measureLoopbackThroughput({
        seconds: options.seconds,
        sampleIntervalMs: options.sampleIntervalMs,
        signal: context.signal,
        onSample: (bytesPerSecond) => context.sample('loopback', bytesPerSecond),
      });
      context.step(0, 1, 'Sending data to this computer over TCP', 'finished');
      return summary;
    },
  };
}
