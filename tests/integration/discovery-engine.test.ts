import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevicesChanged } from '../../shared/contract/discovery';
import {
  addNasAddresses,
  removeNasAddresses,
  runEngineInClient,
  startResponders,
  type Spawned,
} from '../lab/responders/discovery-lab';
import { tempDir } from '../unit/helpers';

/**
 * Discovery through the contract, as the app uses it: startDiscovery answers at once, the list
 * grows through devicesChanged events and ends with `finished: true`. The engine runs in the
 * client namespace (never the host's), the responders in the NAS namespace.
 */
let responders: Spawned | undefined;
beforeAll(async () => {
  addNasAddresses();
  responders = await startResponders([
    ...['--mdns', 'synology@198.18.9.2=_http._tcp,_smb._tcp,_ssh._tcp', '--mdns', 'qnap@198.18.9.3'],
    ...['--ssdp', '198.18.9.2'],
  ]);
});
afterAll(async () => {
  await responders?.stop();
  removeNasAddresses();
});

interface EngineRun {
  start: { ok: boolean; data?: { discoveryId: string }; error?: { code: string } };
  events: (DevicesChanged & { at: number })[];
  seconds: number;
}

async function engineRun(mode?: 'off' | 'cancel'): Promise<EngineRun> {
  const run = await runEngineInClient(await tempDir('discover-engine'), mode);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as EngineRun;
}

describe('discovery through the engine contract', () => {
  it('fills the list live and ends with finished: true by its timeout', async () => {
    const { start, events } = await engineRun();
    expect(start.ok).toBe(true);
    for (const event of events) DevicesChanged.parse(event);
    const last = events.at(-1);
    expect(last?.finished).toBe(true);
    expect(events.slice(0, -1).every((event) => !event.finished)).toBe(true);
    // Live: the first NAS arrived well before the end.
    expect(events[0]?.at).toBeLessThan(1.5);
    expect(last?.at).toBeGreaterThan(1.9);
    expect(last?.at).toBeLessThan(3);
    expect(last?.devices.map((device) => [device.vendor, device.model])).toEqual([
      ['synology', 'DS218+'],
      ['qnap', 'HS-453DX'],
    ]);
    expect(new Set(events.map((event) => event.discoveryId))).toEqual(new Set([start.data?.discoveryId]));
  });

  it('stops at once when cancelled, still sending its last list', async () => {
    const { events } = await engineRun('cancel');
    const last = events.at(-1);
    expect(last?.finished).toBe(true);
    expect(last?.at).toBeLessThan(3); // its timeout was 30 s
  });

  it('refuses when discovery is switched off in settings, and sends no event', async () => {
    const { start, events } = await engineRun('off');
    expect(start).toMatchObject({ ok: false, error: { code: 'PERMISSION_DENIED' } });
    expect(events).toEqual([]);
  });
});
