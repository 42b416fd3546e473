import { describe, expect, it } from 'vitest';
import { noFigures, type Figures } from '../../shared/verdicts';
import { network, seqDisk, verdictOf } from '../helpers/verdict-figures';
import type { DriveLayout } from '../../shared/verdicts/drive-layout';

/** How close each figure comes to what the hardware allows, against figures worked by hand in the comments. */
const GiB = 2 ** 30;

function link(clientBits: number | null, nasBits: number | null, changes: Partial<Figures> = {}): Figures {
  return {
    ...noFigures(),
    clientLink: clientBits ? { type: 'ethernet', bitsPerSecond: clientBits } : null,
    nasLink: nasBits ? { bitsPerSecond: nasBits, mtu: 1500, bond: null } : null,
    ...changes,
  };
}
const disk = seqDisk;
const verdict = verdictOf;

describe('ceiling-link', () => {
  it('941 Mbit/s over 1 GbE at MTU 1500 is 99.9% of what TCP can carry: 10⁹ ÷ 8 × 1448 ÷ 1538 = 117.7 MB/s', () => {
    const found = verdict(link(1e9, 1e9, { network: network(941e6, null) }), 'ceiling-link');
    expect(found?.figures.tcpMaxBitsPerSecond).toBeCloseTo((1e9 * 1448) / 1538, 0);
    expect(found?.figures.networkTcpPercent).toBeCloseTo(99.95, 1);
  });

  it('does not fire where no link speed is known (a virtual link says a placeholder)', () => {
    const virtual = { ...noFigures(), clientLink: { type: 'virtual' as const, bitsPerSecond: 10e9 } };
    expect(verdict({ ...virtual, network: network(941e6, null) }, 'ceiling-link')).toBeUndefined();
  });
});

describe('ceiling-disks', () => {
  const raid5: DriveLayout = { kind: 'hdd', drives: 4, level: 'raid5', groups: 1, words: '4 hard drives in RAID 5' };

  it('4 hard drives in RAID 5 move at most 3 × 285 = 855 MB/s; 410 MB/s read is 48.0% of it', () => {
    const found = verdict(
      { ...noFigures(), nasDrives: raid5, disks: [disk('read', 410e6), disk('write', 300e6)] },
      'ceiling-disks',
    );
    expect(found?.severity).toBe('info');
    expect(found?.text).toContain("4 hard drives in RAID 5 move at most about 855 MB/s in one stream (3 drives' worth");
    expect(found?.text).toContain('SEQ1M Q8T1 read 410 MB/s is 48.0% of 855 MB/s');
    expect(found?.figures).toMatchObject({ readMostBytesPerSecond: 855e6, writeMostBytesPerSecond: 855e6 });
  });

  it('a mirror reads from both copies but writes at one drive’s speed: 570 and 285 MB/s', () => {
    const mirror: DriveLayout = {
      kind: 'hdd',
      drives: 2,
      level: 'raid1',
      groups: 1,
      words: '2 hard drives mirrored (RAID 1)',
    };
    const found = verdict({ ...noFigures(), nasDrives: mirror, disks: [disk('write', 200e6)] }, 'ceiling-disks');
    expect(found?.text).toContain('read at most about 570 MB/s and write at most about 285 MB/s');
    expect(found?.figures.writePercent).toBeCloseTo(70.18, 2);
  });

  it('more than the drives can deliver (1.2 GB/s from 855 MB/s of drives) is a cache, and says so', () => {
    const found = verdict({ ...noFigures(), nasDrives: raid5, disks: [disk('read', 1.2e9)] }, 'ceiling-disks');
    expect(found?.severity).toBe('warn');
    expect(found?.text).toContain('a cache (RAM, or an SSD cache) served part of it');
  });

  it('slower than one healthy hard drive (80 < 120 MB/s) names what holds drives back', () => {
    const found = verdict({ ...noFigures(), nasDrives: raid5, disks: [disk('write', 80e6)] }, 'ceiling-disks');
    expect(found?.severity).toBe('warn');
    expect(found?.text).toContain('SMR');
  });

  it('does not fire without a known layout, or without a disk figure measured on the NAS itself', () => {
    expect(verdict({ ...noFigures(), disks: [disk('read', 410e6)] }, 'ceiling-disks')).toBeUndefined();
    // iperf3 -F reads the disks through the network, which caps it: no measure of what the drives do.
    const throughNetwork = { ...disk('read', 110e6), throughNetwork: true };
    expect(verdict({ ...noFigures(), nasDrives: raid5, disks: [throughNetwork] }, 'ceiling-disks')).toBeUndefined();
    expect(verdict({ ...noFigures(), nasDrives: raid5 }, 'ceiling-disks')).toBeUndefined();
  });
});

describe('ceiling-upgrade', () => {
  it('network-bound on 1 GbE with disks at 280 MB/s: 2.5 GbE (294 MB/s over TCP) makes reads 280 ÷ 117.6 = 2.4× faster', () => {
    const found = verdict(
      link(1e9, 1e9, { network: network(941e6, 941e6), disks: [disk('read', 280e6), disk('write', 200e6)] }),
      'ceiling-upgrade',
    );
    expect(found?.text).toMatch(
      /^The one change that would help most: 2\.5 GbE\. Reads from the NAS would be about 2\.4× faster \(up to 280 MB\/s/,
    );
    expect(found?.text).toContain(
      'It takes a 2.5 GbE adapter for this computer and 2.5 GbE on the NAS (a card or a port), and a switch of that speed',
    );
    expect(found?.figures.gain).toBeCloseTo(280e6 / (941e6 / 8), 3);
  });

  it('only the slower end needs the upgrade: a 1 GbE computer against a 10 GbE NAS', () => {
    const found = verdict(
      link(1e9, 10e9, { network: network(941e6, 941e6), disks: [disk('read', 800e6)] }),
      'ceiling-upgrade',
    );
    expect(found?.text).toContain('a 2.5 GbE adapter for this computer, and a switch');
    expect(found?.text).not.toContain('on the NAS (a card');
  });

  it('disk-bound: 60 MB/s writes behind 941 Mbit/s → faster disks, up to 117.6 ÷ 60 = 2.0×; a faster link would change nothing', () => {
    const found = verdict(
      link(1e9, 1e9, { network: network(941e6, 941e6), disks: [disk('read', 130e6), disk('write', 60e6)] }),
      'ceiling-upgrade',
    );
    expect(found?.text).toContain('faster disks');
    expect(found?.text).toContain('writes to the NAS could be up to 2.0× faster; a faster link would change nothing');
  });

  it('copies far below both network and disks put the file sharing first, naming no hardware', () => {
    const found = verdict(
      link(1e9, 1e9, {
        network: network(941e6, 941e6),
        disks: [disk('read', 280e6)],
        share: [{ label: 'SMB read', op: 'read', bytesPerSecond: 40e6 }],
      }),
      'ceiling-upgrade',
    );
    expect(found?.text).toMatch(/^Before any hardware: copies \(40\.0 MB\/s\)/);
  });

  it('an unknown (virtual) link still ranks the change, without naming an adapter', () => {
    const lab: Figures = {
      ...noFigures(),
      clientLink: { type: 'virtual', bitsPerSecond: 10e9 },
      network: network(100e6, 100e6),
      disks: [disk('read', 600e6), disk('write', 500e6)],
    };
    // 600 MB/s ÷ 12.5 MB/s = 48× for reads, 500 ÷ 12.5 = 40× for writes: reads rank first.
    expect(verdict(lab, 'ceiling-upgrade')?.text).toContain('a faster network — the disks read 600 MB/s, 48.0× what');
  });

  it('does not fire when network and disks are within 25% of each other, or a part is unmeasured', () => {
    expect(
      verdict(
        link(1e9, 1e9, { network: network(941e6, 941e6), disks: [disk('read', 130e6), disk('write', 125e6)] }),
        'ceiling-upgrade',
      ),
    ).toBeUndefined();
    expect(verdict(link(1e9, 1e9, { network: network(941e6, 941e6) }), 'ceiling-upgrade')).toBeUndefined();
  });
});

describe('cache-gain (the Cached vs uncached card: how much of the speed is RAM?)', () => {
  it('1.2 GB/s through the cache and 350 MB/s past it: the NAS’s RAM makes reads 3.4× faster, until its 12 GiB', () => {
    const found = verdict(
      {
        ...noFigures(),
        ram: { nasBytes: 12 * GiB, clientBytes: null },
        disks: [disk('read', 1.2e9, 'may-serve'), disk('read', 350e6, 'bypassed')],
      },
      'cache-gain',
    );
    expect(found?.text).toMatch(
      /^The NAS's RAM makes reads 3\.4× faster: 1,?200 MB\/s through its cache, 350 MB\/s past it/,
    );
    expect(found?.text).toContain('12.0 GiB of RAM');
  });

  it('says the cache adds little when both are within 25%, and stays silent without both figures', () => {
    const close = { ...noFigures(), disks: [disk('write', 300e6, 'may-serve'), disk('write', 280e6, 'bypassed')] };
    expect(verdict(close, 'cache-gain')?.text).toContain("The NAS's RAM cache adds little to writes");
    expect(verdict({ ...noFigures(), disks: [disk('read', 350e6, 'bypassed')] }, 'cache-gain')).toBeUndefined();
  });
});

describe("ceiling-this-computer (the client's own drive, the other end of every copy)", () => {
  const copy = (op: 'read' | 'write', bytesPerSecond: number) => ({ label: `SMB ${op}`, op, bytesPerSecond });

  it('a hard drive (120–285 MB/s) cannot feed the 1,100 MB/s a 10 GbE share took: warns, naming the faster NVMe', () => {
    const found = verdict(
      link(10e9, 10e9, { share: [copy('write', 1100e6), copy('read', 980e6)], clientDrives: ['nvme', 'hdd'] }),
      'ceiling-this-computer',
    );
    expect(found?.severity).toBe('warn');
    expect(found?.text).toContain("Copies of files on this computer's hard drive");
    expect(found?.text).toContain('120 MB/s–285 MB/s');
    expect(found?.text).toContain('will not reach the 1,100 MB/s to the NAS');
    expect(found?.text).toContain('Files on the NVMe SSD copy faster.');
    expect(found?.figures).toEqual({
      copyBytesPerSecond: 1100e6,
      driveLowBytesPerSecond: 120e6,
      driveHighBytesPerSecond: 285e6,
    });
  });

  it('a SATA SSD (400–560 MB/s) against 480 MB/s reads from the NAS: will barely reach it', () => {
    const found = verdict(
      link(10e9, 10e9, { network: network(4.2e9, 3.9e9), disks: [disk('read', 480e6)], clientDrives: ['ssd'] }),
      'ceiling-this-computer',
    );
    expect(found?.severity).toBe('warn');
    expect(found?.text).toContain('will barely reach the 480 MB/s from the NAS');
    expect(found?.text).not.toContain('copy faster');
  });

  it('a SATA SSD behind 1 GbE copies (113 MB/s < 400 MB/s) is not what holds copies back', () => {
    const found = verdict(
      link(1e9, 1e9, { share: [copy('write', 113e6)], clientDrives: ['ssd', 'ssd'] }),
      'ceiling-this-computer',
    );
    expect(found?.severity).toBe('info');
    expect(found?.text).toMatch(/not what holds copies back: this computer's SATA SSD .* faster than the 113 MB\/s/);
  });

  it("does not fire without a copy figure, or when this computer's drives are unknown (a VM's disk has no class)", () => {
    expect(verdict(link(1e9, 1e9, { clientDrives: ['hdd'] }), 'ceiling-this-computer')).toBeUndefined();
    expect(verdict(link(1e9, 1e9, { share: [copy('write', 113e6)] }), 'ceiling-this-computer')).toBeUndefined();
    expect(
      verdict(link(1e9, 1e9, { share: [copy('write', 113e6)], clientDrives: [] }), 'ceiling-this-computer'),
    ).toBeUndefined();
  });
});
