import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SECTION_MARKER } from '../../electron/engine/probe/nas-script';
import { readInterfaces } from '../../electron/engine/probe/parse/network';
import { ProbeOutput } from '../../electron/engine/probe/parse/sections';
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

/**
 * What ethtool said on real ports (tests/fixtures/ethtool/README.md says where each was captured),
 * read as the probe reads it, and what the link check makes of it.
 */
describe('the port negotiated less than it can', () => {
  const probeWith = (fixture: string, sysSpeed: number) =>
    readInterfaces(
      new ProbeOutput(
        [
          `${SECTION_MARKER} interfaces`,
          `name=eth2 operstate=up mtu=1500 speed=${sysSpeed} kind=device`,
          `${SECTION_MARKER} ethtool eth2`,
          readFileSync(new URL(`../fixtures/ethtool/${fixture}.txt`, import.meta.url), 'utf8'),
        ].join('\n'),
      ),
    )[0];
  const findingsFor = (fixture: string, sysSpeed: number) => {
    const port = probeWith(fixture, sysSpeed);
    return linkFindings(
      ends({ nasInterface: 'eth2', nasSpeedMbps: port?.speedMbps ?? null, nasNegotiation: port?.negotiation ?? null }),
    );
  };

  it('names the other end when it offers no more (a 2.5 GbE adapter on a Synology, at a gigabit switch port)', () => {
    expect(probeWith('synology-belkin-2500-at-1000', 1000)?.negotiation).toEqual({
      supportedMbps: 2500,
      advertisedMbps: 1000,
      partnerMbps: 1000,
      duplex: 'full',
    });
    const [finding] = findingsFor('synology-belkin-2500-at-1000', 1000);
    expect(finding?.id).toBe('speed-below-capability');
    expect(finding?.text).toBe(
      "The NAS's eth2 agreed on 1 GbE but supports 2.5 GbE: the other end (the switch port or computer it plugs " +
        'into) offers at most 1 GbE: a faster switch port would lift it.',
    );
  });

  it('names the port itself when both ends could do more but it did not offer it (r8125 on OpenWrt)', () => {
    const [finding] = findingsFor('openwrt-r8125-not-advertising-2500', 1000);
    expect(finding?.text).toContain('the port itself does not offer 2.5 GbE');
  });

  it('says nothing where the port runs as fast as it can', () => {
    expect(findingsFor('synology-ds918-aqc111-1000', 1000)).toEqual([]);
    expect(findingsFor('fast-ethernet-100', 100)).toEqual([]);
  });

  it('believes nothing from a driver that does not name the agreed speed', () => {
    expect(probeWith('intel-x553-sfp-speed-unknown', -1)?.negotiation).toBeUndefined();
    expect(findingsFor('intel-x553-sfp-speed-unknown', -1)).toEqual([]);
  });

  it('calls half duplex a problem, and points at the cable when nothing else explains the drop', () => {
    const negotiation = { supportedMbps: 1000, advertisedMbps: 1000, partnerMbps: null, duplex: 'half' } as const;
    const found = linkFindings(ends({ nasSpeedMbps: 100, nasNegotiation: negotiation }));
    expect(found.map((finding) => [finding.id, finding.severity])).toEqual([
      ['speed-below-capability', 'warn'],
      ['half-duplex', 'problem'],
    ]);
    expect(found[0]?.text).toContain('check the cable (Cat 5e or better, all four pairs)');
  });

  it("calls this computer's port at half duplex a problem, named as this computer's", () => {
    const found = linkFindings(ends({ clientInterface: 'eth0', clientSpeedMbps: 100, clientDuplex: 'half' }));
    expect(found.map((finding) => [finding.id, finding.severity])).toEqual([['half-duplex', 'problem']]);
    expect(found[0]?.text).toMatch(/^This computer's eth0 runs at half duplex/);
    expect(linkFindings(ends({ clientInterface: 'eth0', clientDuplex: 'full' }))).toEqual([]);
  });
});
