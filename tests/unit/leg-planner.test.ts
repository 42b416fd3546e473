import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bondNotes, planLinkLegs } from '../../electron/engine/net/leg-planner';
import { parseNasProbe } from '../../electron/engine/probe/parse-nas';

const fixture = (name: string) => parseNasProbe(readFileSync(`tests/fixtures/probe/${name}`, 'utf8'));

describe('multi-link test planner', () => {
  it('pairs each NAS link with the local address that routes to it, one leg per local interface', async () => {
    const nas = fixture('lab-debian.txt');
    const routes: Record<string, { interface: string; localAddress: string }> = {
      '198.18.1.2': { interface: 'nbh-a', localAddress: '198.18.1.1' },
      '198.18.2.2': { interface: 'nbh-b', localAddress: '198.18.2.1' },
      '198.18.3.2': { interface: 'nbh-w', localAddress: '198.18.3.1' },
      // Reached through the same interface as leg A: not a separate path.
      '198.18.9.2': { interface: 'nbh-a', localAddress: '198.18.1.1' },
    };
    const plan = await planLinkLegs(nas, async (address) => routes[address] ?? { interface: null, localAddress: null });
    expect(plan.legs).toEqual([
      { target: '198.18.1.2', bindAddress: '198.18.1.1', label: 'nbh-a → nbn-a' },
      { target: '198.18.2.2', bindAddress: '198.18.2.1', label: 'nbh-b → nbn-b' },
      { target: '198.18.3.2', bindAddress: '198.18.3.1', label: 'nbh-w → nbn-w' },
    ]);
    expect(plan.notes[0]).toMatch(/3 links/);
  });

  it('says when only one path exists', async () => {
    const plan = await planLinkLegs(fixture('synology-dsm7.txt'), async () => ({
      interface: 'eth0',
      localAddress: '192.168.1.50',
    }));
    expect(plan.legs).toHaveLength(1);
    expect(plan.notes[0]).toMatch(/Only one path/);
  });

  it('explains what the bond hash policy means for one computer (seed 000: layer2+3 needs distinct addresses)', () => {
    const synology = fixture('synology-dsm7.txt');
    expect(bondNotes(synology)).toEqual([
      expect.stringMatching(/layer2\+3 hash: streams spread only when their address pairs differ/),
    ]);
    const layer2 = { ...synology, bonds: synology.bonds.map((bond) => ({ ...bond, hashPolicy: 'layer2' })) };
    expect(bondNotes(layer2)[0]).toMatch(/same link.*layer2\+3 or layer3\+4/);
    const qnap = fixture('qnap-qts5.txt');
    expect(bondNotes(qnap)[0]).toMatch(/balance-alb: it balances by client/);
  });
});
