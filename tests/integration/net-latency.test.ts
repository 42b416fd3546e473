import { afterAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/engine';
import type { RunProgress } from '../../shared/contract/run-events';
import { formatDelay } from '../../shared/kinds/network/delay';
import { connectedEngine, lab } from './lab-login';

/**
 * The delay to the NAS under load (`net --latency`), where the truth is known: the lab's 200 Mbit/s
 * leg, whose tbf queue holds up to 20 ms (../shared/facts/lab.md: ICMP ping through it rises from
 * under 0.1 ms idle to about 10 ms under four TCP streams). The round trips go over the SSH login,
 * so the engine logs in at the address whose link it loads, as it does for a one-link NAS.
 */
const slow = lab.legs.slow;
const engines: Engine[] = [];
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.shutdown()));
});

/** Runs the network test through the contract and returns its saved result and its end event. */
async function networkRun(loginAt: string, legTarget: string, bindAddress: string) {
  const { engine, sessionId, events } = await connectedEngine(`latency-${loginAt}`, 'cli', loginAt);
  engines.push(engine);
  const { runId } = await engine.handlers.startNetworkRun({
    sessionId,
    direction: 'upload',
    streams: 4,
    seconds: 6,
    legs: [{ target: legTarget, bindAddress }],
    latency: true,
  });
  await expect.poll(() => events.some((event) => event.kind === 'end'), { timeout: 30_000 }).toBe(true);
  const end = events.find((event): event is Extract<RunProgress, { kind: 'end' }> => event.kind === 'end');
  expect(end?.state, JSON.stringify(end?.error)).toBe('done');
  const record = await engine.handlers.getRun({ runId });
  const result = record.results.find((found) => found.kind === 'network');
  if (result?.kind !== 'network') throw new Error('no network result saved');
  return { result, verdicts: end?.verdicts ?? [] };
}

describe('the delay to the NAS under load', () => {
  it('rises on the loaded 200 Mbit/s leg, and the verdict names the idle and the loaded delay', async () => {
    const { result, verdicts } = await networkRun(slow.nas, slow.nas, slow.host);
    const latency = result.latency;
    console.log(`slow leg, 4 streams up: ${JSON.stringify(latency)}`);
    expect(latency?.via).toBe(slow.nas);
    // Two seconds idle and the six of the test at 20 round trips a second.
    expect(latency?.idle.samples).toBeGreaterThanOrEqual(20);
    expect(latency?.loaded.samples).toBeGreaterThanOrEqual(60);
    expect(latency?.idle.p50Ms).toBeLessThan(2);
    expect(latency?.loaded.p50Ms, JSON.stringify(latency)).toBeGreaterThanOrEqual(5);
    // The test itself still filled the leg: timing the delay costs it nothing measurable.
    expect(result.summary.bitsPerSecond).toBeGreaterThan(0.85 * slow.rateMbit * 1e6);

    const delay = verdicts.find((verdict) => verdict.id === 'everyday-delay');
    const ms = formatDelay;
    expect(delay?.text).toContain(`rises from ${ms(latency?.idle.p50Ms ?? -1)} to ${ms(latency?.loaded.p50Ms ?? -1)}`);
    expect(delay?.figures).toMatchObject({ idleMs: latency?.idle.p50Ms, loadedMs: latency?.loaded.p50Ms });
  });

  it('does not rise on a leg the load does not take, and no verdict claims it for the load', async () => {
    // Logged in over leg A; the load goes over the slow leg.
    const { result, verdicts } = await networkRun(lab.legs.a.nas, slow.nas, slow.host);
    const latency = result.latency;
    console.log(`login over leg a, load on the slow leg: ${JSON.stringify(latency)}`);
    expect(latency?.via).toBe(lab.legs.a.nas);
    expect(latency?.loaded.samples).toBeGreaterThanOrEqual(60);
    expect((latency?.loaded.p50Ms ?? Infinity) - (latency?.idle.p50Ms ?? 0), JSON.stringify(latency)).toBeLessThan(2);
    expect(verdicts.some((verdict) => verdict.id === 'everyday-delay')).toBe(false);
  });
});
