import { afterAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../electron/engine';
import { connectedEngine, lab } from './lab-login';

/**
 * The link check against the lab's legs: leg b's NAS end uses jumbo frames (MTU 9000) while this
 * computer's end uses 1500 (tests/lab/lab.sh); leg a is 1500 at both ends. Every lab leg is a veth
 * pair, so each check also names the link as virtual.
 */
const engines: Engine[] = [];
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.shutdown()));
});

async function linkAt(leg: (typeof lab.legs)[keyof typeof lab.legs]) {
  const { engine, sessionId } = await connectedEngine(`link-${leg.nasIf}`, 'cli', leg.nas);
  engines.push(engine);
  const { link } = await engine.handlers.probeNas({ sessionId });
  return link;
}

describe('the link check', () => {
  it('names a jumbo-frame NAS end against a 1500 end, and measures what crosses', async () => {
    const leg = lab.legs.b;
    expect(leg.nasMtu).toBe(9000);
    const link = await linkAt(leg);
    expect(link).toMatchObject({
      nasInterface: leg.nasIf,
      nasMtu: 9000,
      clientInterface: leg.hostIf,
      clientMtu: 1500,
      // A 9000-byte packet from the NAS is dropped at this computer's end; 1500 bytes get through.
      pathMtu: 1500,
    });
    const mismatch = link?.findings.find((finding) => finding.id === 'mtu-mismatch');
    expect(mismatch?.severity).toBe('warn');
    expect(mismatch?.text).toContain(`The NAS's ${leg.nasIf} uses jumbo frames (MTU 9000)`);
    expect(mismatch?.text).toContain(`this computer's ${leg.hostIf} uses 1500`);
    expect(link?.findings.map((finding) => finding.id)).toContain('virtual-link');
  });

  it('finds nothing to fix where both ends agree', async () => {
    const leg = lab.legs.a;
    const link = await linkAt(leg);
    expect(link).toMatchObject({ nasInterface: leg.nasIf, nasMtu: 1500, clientMtu: 1500, pathMtu: 1500 });
    expect(link?.findings.map((finding) => finding.id)).toEqual(['virtual-link']);
  });
});
