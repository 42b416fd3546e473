/**
 * Drives discovery through the engine's contract (dispatch + devicesChanged events), for the
 * integration test. Run INSIDE the client namespace only:
 *   ip netns exec nb-client node --require tsx/cjs tests/lab/responders/engine-discover.ts DATADIR [off|cancel]
 * Prints one JSON object: the startDiscovery result, every event, and how long until the last one.
 */
import { createEngine } from '../../../electron/engine';

async function main(): Promise<void> {
  const [dataDir, mode] = process.argv.slice(2);
  if (!dataDir) throw new Error('usage: engine-discover.ts DATADIR [off|cancel]');
  const engine = createEngine({ dataDir, mode: 'web' });
  if (mode === 'off') await engine.dispatch('updateSettings', { discoveryEnabled: false });
  const events: unknown[] = [];
  const started = performance.now();
  const finished = new Promise<void>((resolve) => {
    engine.onEvent((event, payload) => {
      if (event !== 'devicesChanged') return;
      events.push({ ...payload, at: (performance.now() - started) / 1000 });
      if (payload.finished) resolve();
      else if (mode === 'cancel') void engine.dispatch('cancelDiscovery', { discoveryId: payload.discoveryId });
    });
  });
  const start = await engine.dispatch('startDiscovery', { timeoutSeconds: mode === 'cancel' ? 30 : 2 });
  if (start.ok) await finished;
  else await new Promise((resolve) => setTimeout(resolve, 500)); // room for an event that must not come
  await engine.shutdown();
  process.stdout.write(JSON.stringify({ start, events, seconds: (performance.now() - started) / 1000 }) + '\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`engine-discover failed: ${String(error)}\n`);
  process.exit(1);
});
