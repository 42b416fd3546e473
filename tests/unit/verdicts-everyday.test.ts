import { describe, expect, it } from 'vitest';
import type { RateUnit } from '../../shared/util/units';
import { explainFigures, noFigures, type Figures } from '../../shared/verdicts';
import { gigabit, network, seqDisk, verdictOf } from '../helpers/verdict-figures';

/** The everyday answers, each against figures worked by hand in the comments. */
const KiB = 1024;

const disk = seqDisk;
const verdict = verdictOf;

/** A healthy 1 GbE NAS: 941 Mbit/s each way, disks far faster. */
const fullGigabit = gigabit({ network: network(941e6, 941e6), disks: [disk('read', 420e6), disk('write', 300e6)] });

describe('everyday-streams', () => {
  it('counts whole films at the discs’ highest rates: 941 Mb/s ÷ 128 = 7 in 4K, ÷ 48 = 19 in 1080p', () => {
    const found = verdict(fullGigabit, 'everyday-streams');
    expect(found?.text).toContain('7 films in 4K (Ultra HD Blu-ray quality) at once, or 19 films in 1080p');
    // In the unit the user chose, the discs' rates too: 128 Mb/s = 16 MB/s, 48 Mb/s = 6 MB/s.
    expect(found?.text).toContain('118 MB/s ÷ 16.0 MB/s and ÷ 6.00 MB/s');
    // The network (117.6 MB/s) is slower than the disks (420 MB/s): it is the basis, and both are named.
    expect(found?.text).toContain(
      'From: the network carried 118 MB/s from the NAS and the disks read 420 MB/s in SEQ1M Q8T1 read.',
    );
    expect(found?.figures).toMatchObject({ uhdStreams: 7, hdStreams: 19, bitsPerSecond: 941e6 });
  });

  it('takes the slower part: disks reading 10 MB/s (80 Mb/s) carry one 1080p film and no 4K one, and say so', () => {
    const found = verdict(gigabit({ network: network(941e6, 941e6), disks: [disk('read', 10e6)] }), 'everyday-streams');
    expect(found?.figures).toMatchObject({ uhdStreams: 0, hdStreams: 1 });
    expect(found?.text).toContain('but not one in 4K');
  });

  it('warns when not even one 1080p film fits (40 Mb/s)', () => {
    const found = verdict(gigabit({ network: network(40e6, 40e6), disks: [disk('read', 420e6)] }), 'everyday-streams');
    expect(found?.severity).toBe('warn');
    expect(found?.text).toContain('not one film in 1080p');
  });

  it('from the network alone (no disk measured), the most it can be, said so: unmeasured disks could be slower', () => {
    const found = verdict(gigabit({ network: network(192e6, 192e6) }), 'everyday-streams');
    expect(found?.figures).toMatchObject({ uhdStreams: 1, hdStreams: 4, bitsPerSecond: 192e6 });
    expect(found?.text).toContain(
      'From: the network carried 24.0 MB/s from the NAS; the disks were not measured, and can only make it slower.',
    );
    // Not from a disk figure the NAS's RAM could have served: measured disks that say nothing true.
    const cached = { ...disk('read', 420e6), nasCache: 'may-serve' as const };
    expect(verdict(gigabit({ network: network(941e6, 941e6), disks: [cached] }), 'everyday-streams')).toBeUndefined();
  });
});

describe('everyday-backup', () => {
  it('500 GB at the slower of 941 Mb/s (117.6 MB/s) and 300 MB/s: 4,251 s ≈ 1 h 11 min, a lower bound', () => {
    const found = verdict(fullGigabit, 'everyday-backup');
    expect(found?.text).toContain('takes at least 1 h 11 min (500 GB ÷ 118 MB/s');
    expect(found?.figures.seconds).toBeCloseTo(500e9 / (941e6 / 8), 0);
  });

  it('prefers what copying to the share gave: 105 MB/s → 1 h 19 min', () => {
    const found = verdict(
      gigabit({ ...fullGigabit, share: [{ label: 'SMB write', op: 'write', bytesPerSecond: 105e6 }] }),
      'everyday-backup',
    );
    expect(found?.text).toContain(
      'at least 1 h 19 min (500 GB ÷ 105 MB/s); later ones copy only what changed. From: copying files to the NAS (SMB write)',
    );
  });

  it('of the network alone: 500 GB ÷ 24 MB/s (192 Mb/s) is at least 5 h 47 min', () => {
    const found = verdict(gigabit({ network: network(192e6, 192e6) }), 'everyday-backup');
    expect(found?.text).toContain('takes at least 5 h 47 min (500 GB ÷ 24.0 MB/s)');
    expect(found?.text).toContain('the disks were not measured');
  });

  it('does not fire without a write figure from both network and disks, or a share copy', () => {
    expect(
      verdict(gigabit({ network: network(941e6, 941e6), disks: [disk('read', 420e6)] }), 'everyday-backup'),
    ).toBeUndefined();
  });
});

describe('everyday-photos', () => {
  it('20,000 files of 5 MB: each costs 1/200 s − 64 KiB ÷ 100 MB/s = 4.34 ms on top of 50 ms of data → 18 min', () => {
    const found = verdict(
      gigabit({
        ...fullGigabit,
        share: [{ label: 'SMB write', op: 'write', bytesPerSecond: 100e6 }],
        smallFiles: [{ op: 'write', fileSize: 64 * KiB, filesPerSecond: 200 }],
      }),
      'everyday-photos',
    );
    // 20,000 × (0.005 − 0.00065536 + 0.05) = 1,086.9 s.
    expect(found?.figures.seconds).toBeCloseTo(1086.9, 1);
    expect(found?.figures.perFileSeconds).toBeCloseTo(0.00434464, 8);
    expect(found?.text).toContain('(20,000 files) to the NAS takes about 18 min: each file costs 4.3 ms');
  });

  it('does not fire without a small-files figure', () => {
    expect(verdict(fullGigabit, 'everyday-photos')).toBeUndefined();
  });
});

describe('everyday-editing', () => {
  it('941 Mb/s carries ProRes 422 HQ 4K (884 Mb/s = 111 MB/s) but not ProRes 4444 4K (1326 Mb/s = 166 MB/s)', () => {
    const found = verdict(fullGigabit, 'everyday-editing');
    expect(found?.text).toContain('footage up to ProRes 422 HQ 4K (111 MB/s) plays straight from the share');
    expect(found?.text).toContain('ProRes 4444 4K (166 MB/s) and heavier needs copying');
  });

  it('at 40 Mb/s not even ProRes 422 Proxy 1080p (45 Mb/s = 5.63 MB/s) plays from the share', () => {
    const slow = gigabit({ network: network(40e6, 40e6), disks: [disk('read', 420e6)] });
    expect(verdict(slow, 'everyday-editing')?.text).toContain('even ProRes 422 Proxy 1080p (5.63 MB/s) needs copying');
  });

  it('does not fire without a read figure', () => {
    expect(verdict(noFigures(), 'everyday-editing')).toBeUndefined();
  });
});

describe('one unit family at a time', () => {
  const slow = gigabit({ network: network(40e6, 40e6), disks: [disk('read', 420e6)] });
  const everyday = (figures: Figures, unit: RateUnit) =>
    explainFigures(figures, { unit }).filter((found) => found.id.startsWith('everyday-'));

  it('speaks only the unit Settings chose: no "413 Mb/s" beside "51.6 MB/s"', () => {
    for (const figures of [fullGigabit, slow]) {
      const inBytes = everyday(figures, 'MB/s');
      expect(inBytes.length).toBeGreaterThan(0);
      for (const found of inBytes) expect(found.text).not.toMatch(/Mb\/s|MiB\/s/);
      for (const found of everyday(figures, 'Mb/s')) expect(found.text).not.toMatch(/MB\/s|MiB\/s/);
    }
  });

  it('keeps the published rates in Mb/s for a user who reads Mb/s', () => {
    const found = everyday(fullGigabit, 'Mb/s').find((verdict) => verdict.id === 'everyday-editing');
    expect(found?.text).toContain('ProRes 422 HQ 4K (884 Mb/s)');
  });
});
