// lab: needs a quiet machine — two 1 Gbit/s legs at full speed at once, figures against each leg's rate
import { describe, expect, it } from 'vitest';
import type { RunEnd, RunProgress } from '../../shared/contract/run-events';
import type { NetworkResult } from '../../shared/contract/runs';
import { resultsOfKind } from '../../shared/kinds';
import { connectedEngine, lab } from './lab-login';

/** One 1 Gbit/s leg's TCP goodput through the lab's token bucket (tests/lab/README.md: about 950 Mbit/s). */
const oneLeg = 1e9;

async function bondedRun(name: string, legs: { target: string; bindAddress?: string }[]): Promise<NetworkResult[]> {
  const { engine, sessionId, events } = await connectedEngine(`bonded-${name}`, 'cli');
  try {
    const { runId } = await engine.handlers.startPlan({ plan: 'bonded-link', sessionId, networkSeconds: 2, legs });
    const find = () => events.find((event): event is RunEnd => event.kind === 'end' && event.runId === runId);
    await expect.poll(find, { timeout: 120_000 }).toBeDefined();
    expect(find()?.state, JSON.stringify(find()?.error)).toBe('done');
    expect(events.some((event: RunProgress) => event.kind === 'begin')).toBe(true);
    return resultsOfKind((await engine.handlers.getRun({ runId })).results, 'network');
  } finally {
    await engine.shutdown();
  }
}

/**
 * The lab's two fast legs as a bond of two 1 Gbit/s links, driven the two ways people build one: the NAS's
 * two addresses from this computer's one address (the system routes each; no local binding), and each
 * from its own local interface. Each way, one stream gets one leg and one stream per leg gets both.
 */
describe('the Bonded link plan over two 1 Gbit/s legs, both directions', () => {
  const modes = {
    'two NAS addresses, this computer’s one address': [{ target: lab.legs.a.nas }, { target: lab.legs.b.nas }],
    'two local interfaces': [
      { target: lab.legs.a.nas, bindAddress: lab.legs.a.host },
      { target: lab.legs.b.nas, bindAddress: lab.legs.b.host },
    ],
  };
  for (const [mode, legs] of Object.entries(modes))
    it(`${mode}: ×1.8 or more with one stream per leg, about one leg with one stream`, async () => {
      const results = await bondedRun(mode.startsWith('two NAS') ? 'addresses' : 'interfaces', legs);
      for (const direction of ['upload', 'download'] as const) {
        const [one, perLeg, many] = results.filter((result) => result.direction === direction);
        const rate = (result: NetworkResult | undefined) => result?.summary.bitsPerSecond ?? 0;
        console.log(
          `${mode}, ${direction}: one stream ${(rate(one) / 1e6).toFixed(0)} Mbit/s, one per leg ${(rate(perLeg) / 1e6).toFixed(0)}, four per leg ${(rate(many) / 1e6).toFixed(0)}`,
        );
        expect(perLeg?.legs).toHaveLength(2);
        expect(rate(perLeg) / rate(one)).toBeGreaterThanOrEqual(1.8);
        // One stream is one leg's worth: a bond would not raise it.
        expect(rate(one) / oneLeg).toBeGreaterThan(0.85);
        expect(rate(one) / oneLeg).toBeLessThan(1);
        // More streams per leg add nothing past both legs full.
        expect(rate(many) / rate(perLeg)).toBeLessThan(1.1);
        expect(rate(many) / rate(perLeg)).toBeGreaterThan(0.9);
      }
    }, 180_000);
});
