import { describe, expect, it } from 'vitest';
import { linkFindings, type LinkEnds } from '../../shared/words/link-check';

/** The link check's words, for the ends the field has (the lab shows the jumbo mismatch for real). */
const ends = (changes: Partial<LinkEnds>): LinkEnds => ({
  nasInterface: 'eth0',
  nasMtu: 1500,
  nasSpeedMbps: 1000,
  clientInterface: 'en0',
  clientMtu: 1500,
  clientSpeedMbps: 1000,
  pathMtu: 1500,
  clientType: 'ethernet',
  ...changes,
});
const ids = (changes: Partial<LinkEnds>) => linkFindings(ends(changes)).map((finding) => finding.id);

describe('link findings', () => {
  it('find nothing when both ends and the path agree', () => {
    expect(ids({})).toEqual([]);
    expect(ids({ nasMtu: 9000, clientMtu: 9000, pathMtu: 9000 })).toEqual([]);
  });

  it('name the end with jumbo frames, whichever it is, and the safe size', () => {
    const [nasJumbo] = linkFindings(ends({ nasMtu: 9000 }));
    expect(nasJumbo?.text).toMatch(
      /^The NAS's eth0 uses jumbo frames \(MTU 9000\) but this computer's en0 uses 1500\./,
    );
    expect(nasJumbo?.text).toContain('1500 everywhere is the safe choice');
    const [clientJumbo] = linkFindings(ends({ clientMtu: 9000 }));
    expect(clientJumbo?.text).toMatch(
      /^This computer's en0 uses jumbo frames \(MTU 9000\) but the NAS's eth0 uses 1500\./,
    );
  });

  it('say when both ends use jumbo frames but the path carries less (a switch at 1500)', () => {
    const [finding] = linkFindings(ends({ nasMtu: 9000, clientMtu: 9000, pathMtu: 1500 }));
    expect(finding?.id).toBe('path-mtu-below-ends');
    expect(finding?.text).toContain('only packets up to 1500 bytes got from the NAS to this computer');
  });

  it('claim nothing about the path when it was not measured, or an MTU is unknown', () => {
    expect(ids({ nasMtu: 9000, clientMtu: 9000, pathMtu: null })).toEqual([]);
    expect(ids({ nasMtu: null, clientMtu: 1500 })).toEqual([]);
  });

  it('call a virtual link what it is, and its speed a placeholder', () => {
    const [finding] = linkFindings(ends({ clientType: 'virtual', clientInterface: 'veth0', clientSpeedMbps: 10000 }));
    expect(finding?.id).toBe('virtual-link');
    expect(finding?.text).toContain('over a virtual link (veth0): its reported speed (10 Gb/s) is a placeholder');
  });
});
