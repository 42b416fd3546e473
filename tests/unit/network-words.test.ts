import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseNasProbe } from '../../electron/engine/probe/parse-nas';
import type { ProbeResult } from '../../shared/contract/connect';
import {
  averageRate,
  checkNetworkTestChoices,
  describeLinkUse,
  legLink,
  nasAddressChoices,
  suggestedLegs,
  type LegLink,
} from '../../shared/kinds/network/words';
import type { ClientFacts } from '../../shared/contract/probe';

const sessionId = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const gigabit: LegLink = { speedMbps: 1000, kind: 'ethernet' };
/** Bytes per second of a figure in megabits per second. */
const mbit = (megabits: number) => (megabits * 1e6) / 8;

/** The lab NAS as the engine parses its real probe output, reached over leg A (198.18.1.1 → 198.18.1.2). */
function labProbe(route: Partial<ClientFacts['route']> = {}): ProbeResult {
  const nas = parseNasProbe(readFileSync('tests/fixtures/probe/lab-debian.txt', 'utf8'));
  const client: ClientFacts = {
    os: { platform: 'linux', release: '6.1' },
    memoryBytes: 8 * 2 ** 30,
    route: { interface: 'nbh-a', localAddress: '198.18.1.1', type: 'ethernet', speedMbps: 1000, wifi: null, ...route },
  };
  return { nas, client };
}

describe('how much of the link a figure uses', () => {
  it('says it in link terms for one link', () => {
    expect(describeLinkUse(mbit(941), [gigabit], 'upload')).toBe('94% of a 1 GbE link');
    expect(describeLinkUse(mbit(190), [{ speedMbps: 866, kind: 'wifi' }], 'download')).toBe(
      '22% of an 866 Mb/s Wi-Fi link',
    );
    expect(describeLinkUse(mbit(2350), [{ speedMbps: 2500, kind: 'usb-ethernet' }], 'upload')).toBe(
      '94% of a 2.5 GbE link',
    );
  });

  it('counts several links together', () => {
    expect(describeLinkUse(mbit(1880), [gigabit, gigabit], 'upload')).toBe('94% of 2 × 1 GbE links');
    expect(describeLinkUse(mbit(1750), [gigabit, { speedMbps: 2500, kind: 'ethernet' }], 'upload')).toBe(
      '50% of 1 GbE + 2.5 GbE links together',
    );
    const virtual: LegLink = { speedMbps: 10000, kind: 'virtual' };
    expect(describeLinkUse(mbit(1880), [virtual, { speedMbps: 10000, kind: 'ethernet' }], 'upload')).toBe(
      '9% of 2 × 10 Gb/s links',
    );
    const wifi: LegLink = { speedMbps: 866, kind: 'wifi' };
    expect(describeLinkUse(mbit(866), [wifi, wifi], 'upload')).toBe('50% of 2 × 866 Mb/s Wi-Fi links');
  });

  it('measures both directions at once against twice the rated speed', () => {
    expect(describeLinkUse(mbit(1880), [gigabit], 'bidir')).toBe('94% of a 1 GbE link, both directions counted');
  });

  it('stays silent when a link speed is unknown, rather than guess', () => {
    expect(describeLinkUse(mbit(941), [{ speedMbps: null, kind: 'ethernet' }], 'upload')).toBeNull();
    expect(describeLinkUse(mbit(941), [gigabit, { speedMbps: null, kind: 'ethernet' }], 'upload')).toBeNull();
    expect(describeLinkUse(mbit(941), [], 'upload')).toBeNull();
    expect(describeLinkUse(Number.NaN, [gigabit], 'upload')).toBeNull();
  });

  it('does not claim more than 100% of a link: the rated speed must be wrong then', () => {
    expect(describeLinkUse(mbit(2000), [gigabit], 'upload')).toBe(
      'more than a 1 GbE link is rated for: check the link speed the NAS reports',
    );
  });

  it('always gives a whole percentage up to 100 for figures within the rated speed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 100_000 }), fc.double({ min: 0, max: 1, noNaN: true }), (speed, use) => {
        const text = describeLinkUse(mbit(speed * use), [{ speedMbps: speed, kind: 'ethernet' }], 'upload');
        const percent = Number(/^(\d+)% of /.exec(text ?? '')?.[1]);
        expect(percent).toBeGreaterThanOrEqual(0);
        expect(percent).toBeLessThanOrEqual(100);
      }),
    );
  });
});

describe('the link under each leg', () => {
  it('takes the slower end: the NAS interface, and this computer’s when the leg uses the probed route', () => {
    const probe = labProbe({ speedMbps: 1000 });
    expect(legLink({ target: '198.18.1.2', bindAddress: '198.18.1.1' }, probe, '198.18.1.2')).toEqual(gigabit);
    expect(legLink({ target: '198.18.1.2' }, probe, '198.18.1.2')).toEqual(gigabit);
  });

  it('knows only the NAS side of a leg sent from another local address', () => {
    const probe = labProbe({ speedMbps: 1000 });
    expect(legLink({ target: '198.18.2.2', bindAddress: '198.18.2.1' }, probe, '198.18.1.2')).toEqual({
      speedMbps: 10000,
      kind: 'ethernet',
    });
  });

  it('keeps Wi-Fi as the kind of link when the leg leaves over Wi-Fi', () => {
    const probe = labProbe({ type: 'wifi', speedMbps: 866 });
    expect(legLink({ target: '198.18.1.2' }, probe, '198.18.1.2')).toEqual({ speedMbps: 866, kind: 'wifi' });
  });

  it('has no speed for an address the NAS does not hold and a route it did not probe', () => {
    expect(legLink({ target: '198.18.7.7', bindAddress: '198.18.7.1' }, labProbe(), '198.18.1.2').speedMbps).toBe(null);
  });
});

describe('addresses to offer for a multi-link test', () => {
  it('lists the lab NAS’s link addresses, not loopback', () => {
    const choices = nasAddressChoices(labProbe().nas);
    const addresses = choices.map((choice) => choice.address);
    expect(addresses).toEqual(expect.arrayContaining(['198.18.1.2', '198.18.2.2', '198.18.3.2']));
    expect(addresses.some((address) => address.startsWith('127.'))).toBe(false);
    expect(choices.find((choice) => choice.address === '198.18.1.2')?.label).toBe('198.18.1.2 (nbn-a, 10 GbE)');
  });

  it('suggests the connected address from the probed local address, then another NAS address', () => {
    expect(suggestedLegs('198.18.1.2', labProbe())).toEqual([
      { nasAddress: '198.18.1.2', localAddress: '198.18.1.1' },
      { nasAddress: '198.18.2.2', localAddress: '' },
    ]);
    expect(suggestedLegs('nas.local', null)).toEqual([{ nasAddress: 'nas.local', localAddress: '' }]);
  });
});

describe('checking the form', () => {
  const choices = { direction: 'upload' as const, seconds: '3', streams: '1', legs: null };

  it('builds the engine input, with legs only when several links were asked for', () => {
    expect(checkNetworkTestChoices(choices, sessionId).input).toEqual({
      sessionId,
      direction: 'upload',
      seconds: 3,
      streams: 1,
    });
    const legs = [
      { nasAddress: ' 198.18.1.2 ', localAddress: '198.18.1.1' },
      { nasAddress: '198.18.2.2', localAddress: '' },
    ];
    expect(checkNetworkTestChoices({ ...choices, direction: 'bidir', legs }, sessionId).input).toEqual({
      sessionId,
      direction: 'bidir',
      seconds: 3,
      streams: 1,
      legs: [{ target: '198.18.1.2', bindAddress: '198.18.1.1' }, { target: '198.18.2.2' }],
    });
  });

  it('says what to fix, field by field', () => {
    const result = checkNetworkTestChoices(
      {
        ...choices,
        seconds: '2.5',
        streams: '17',
        legs: [
          { nasAddress: '', localAddress: '' },
          { nasAddress: '198.18.2.2', localAddress: 'my laptop' },
        ],
      },
      sessionId,
    );
    expect(result.problems).toEqual({
      seconds: 'Enter a whole number of seconds from 1 to 3600.',
      streams: 'Enter a whole number of streams from 1 to 16.',
      legs: [
        { nasAddress: 'Type the NAS address to send to.' },
        { localAddress: 'An address has only letters, digits, . : and -.' },
      ],
    });
    expect(checkNetworkTestChoices({ ...choices, seconds: '' }, sessionId).problems?.seconds).toBeDefined();
  });
});

describe('the average of a line', () => {
  it('is the mean of its readings, or nothing without readings', () => {
    expect(averageRate([{ value: 100 }, { value: 200 }, { value: 300 }])).toBe(200);
    expect(averageRate([])).toBeNull();
  });
});
