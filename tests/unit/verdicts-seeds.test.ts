import { describe, expect, it } from 'vitest';
import { explainFigures, noFigures, type Figures } from '../../shared/verdicts';

/**
 * The seeds' published figures as verdict fixtures (../shared/seeds). Each figure is typed in as
 * the seed prints it and converted here, so the arithmetic behind every verdict is visible.
 */
const MiB = 2 ** 20;
const GiB = 2 ** 30;
const mibPerSecond = (value: number) => value * MiB;
const megabitsPerSecond = (value: number) => value * 1e6;

function figures(changes: Partial<Figures>): Figures {
  return { ...noFigures(), ...changes };
}

const ids = (figuresOf: ReturnType<typeof explainFigures>) => figuresOf.map((verdict) => verdict.id);

describe('verdicts from the seeds', () => {
  it('seed 004: NFS over Wi-Fi (17.6 MiB/s) against a 1 GbE client (80.5 MiB/s at 1M) → Wi-Fi is the limit; 67.5% utilisation', () => {
    // "1MB random I/O … WRITE bandwidth: 80.5MiB/s … Network utilization: 67.53%" (NAS ↔ Linux server, both 1GbE),
    // and 17.6MiB/s / 14.76% for the Mac over Wi-Fi; the NAS's ports are 1000BASE-T.
    const nasLink = { bitsPerSecond: 1e9, mtu: null, bond: null };
    const wired = figures({
      clientLink: { type: 'ethernet', bitsPerSecond: 1e9 },
      nasLink,
      share: [{ label: 'NFS write (fio 1M)', op: 'write', bytesPerSecond: mibPerSecond(80.5) }],
    });
    const wifi = figures({
      clientLink: { type: 'wifi', bitsPerSecond: null },
      nasLink,
      share: [{ label: 'NFS write (fio 1M)', op: 'write', bytesPerSecond: mibPerSecond(17.6) }],
    });

    const overWifi = explainFigures(wifi, { unit: 'MiB/s', comparisons: [wired] });
    const verdict = overWifi.find((found) => found.id === 'wifi-limit');
    expect(verdict?.text).toMatch(/^Wi-Fi is the limit/);
    expect(verdict?.text).toContain('17.6 MiB/s');
    expect(verdict?.text).toContain('80.5 MiB/s from a wired client');
    // 17.6 MiB/s × 8 / 1 Gbit/s: the seed's 14.76%.
    expect(verdict?.figures.utilisationPercent).toBeCloseTo(14.76, 2);
    expect(verdict?.text).toContain('14.8% of the NAS');

    const overCable = explainFigures(wired, { unit: 'MiB/s' });
    expect(ids(overCable)).not.toContain('wifi-limit');
    const use = overCable.find((found) => found.id === 'ceiling-link');
    // 80.5 MiB/s = 675.3 Mbit/s of 1000: the seed's 67.53%, against 1 GbE's 119.21 MiB/s.
    expect(use?.figures.shareUtilisationPercent).toBeCloseTo(67.53, 2);
    expect(use?.text).toContain('80.5 MiB/s is 67.5% of the 1 GbE link');
    // 67.5% is not "near the link rate": the seed's author blames the network, the numbers do not.
    expect(ids(overCable)).not.toContain('network-limit');
  });

  it('seed 000: a 2 × 2.5 GbE LACP bond carries 4700 Mbit/s, but writing through it to the disks (iperf3 -F) → the disks are the limit', () => {
    // "no R/W xfer over the LACP link 4700 Mb/s"; then iperf3 -F: read from NVMe 2441, from the hard
    // drive 1606, write to NVMe 240 (35.9 s), write to the hard drive 4.91 Mb/s (1750 s: 1 GiB at 4.91 Mbit/s).
    const seed000 = figures({
      clientLink: { type: 'usb-ethernet', bitsPerSecond: 5e9 },
      nasLink: {
        bitsPerSecond: 5e9,
        mtu: 1500,
        bond: { name: 'bond0', legs: 2, legBitsPerSecond: 2.5e9, hashPolicy: 'layer2+3' },
      },
      network: {
        upload: null,
        download: null,
        singleStream: null,
        multiLink: { bitsPerSecond: megabitsPerSecond(4700), streams: 2, legs: [] },
      },
      disks: [
        {
          test: 'read from the NVMe pool (iperf3 -F)',
          op: 'read',
          bytesPerSecond: megabitsPerSecond(2441) / 8,
          throughNetwork: true,
        },
        {
          test: 'read from the hard-drive pool (iperf3 -F)',
          op: 'read',
          bytesPerSecond: megabitsPerSecond(1606) / 8,
          throughNetwork: true,
        },
        {
          test: 'write to the NVMe pool (iperf3 -F)',
          op: 'write',
          bytesPerSecond: megabitsPerSecond(240) / 8,
          throughNetwork: true,
        },
        {
          test: 'write to the hard-drive pool (iperf3 -F)',
          op: 'write',
          bytesPerSecond: megabitsPerSecond(4.91) / 8,
          throughNetwork: true,
        },
      ],
    });
    const verdicts = explainFigures(seed000, { unit: 'Mb/s' });
    const disks = verdicts.find((found) => found.id === 'disk-limit');
    expect(verdicts[0]).toBe(disks);
    expect(disks?.text).toMatch(
      /^The disks are the limit: write to the hard-drive pool \(iperf3 -F\) ran at 4\.91 Mb\/s/,
    );
    expect(disks?.text).toContain('4,700 Mb/s the network carried');
    expect(disks?.text).toContain('write to the NVMe pool (iperf3 -F) 240 Mb/s');
    expect(disks?.figures.percentOfNetwork).toBeCloseTo((4.91 / 4700) * 100, 6);
    // 4700 of 5000 Mbit/s: the bond spreads the two streams (more than one 2.5 GbE leg can carry).
    const bond = verdicts.find((found) => found.id === 'bond-adds-up');
    expect(bond?.figures.utilisationPercent).toBeCloseTo(94, 6);
    expect(bond?.text).toContain('94.0% of the 2 × 2.5 GbE bond');
    expect(ids(verdicts)).not.toContain('bond-not-spreading');
    expect(ids(verdicts)).not.toContain('network-limit');
  });

  it('seed 003: reads at 74 MB/s while cached and ~53 MB/s once the 1 GB of RAM is exceeded → the cache wall', () => {
    // "read performance up to 74 MB/s … when file sizes were well below the RAM sizes … Once both RAM
    // sizes are exceeded, performance falls to around 53 MB/s"; the NAS test bed has 1 GB of RAM and the
    // difference shows "beyond the 1 GB filesize". Gigabit Ethernet at both ends.
    const seed003 = figures({
      clientLink: { type: 'ethernet', bitsPerSecond: 1e9 },
      nasLink: { bitsPerSecond: 1e9, mtu: 1500, bond: null },
      cacheSweep: [
        { op: 'read', fileSize: 512 * MiB, bytesPerSecond: 74e6 },
        { op: 'read', fileSize: 2 * GiB, bytesPerSecond: 53e6 },
      ],
      ram: { nasBytes: GiB, clientBytes: null },
    });
    const verdicts = explainFigures(seed003, { unit: 'MB/s' });
    const wall = verdicts.find((found) => found.id === 'cache-wall');
    expect(wall?.text).toMatch(/^The cache wall is at about 1\.00 GiB: reads ran at 74\.0 MB\/s/);
    expect(wall?.text).toContain('at 53.0 MB/s beyond it');
    expect(wall?.text).toContain("1.00 GiB is the NAS's RAM");
    // 74 MB/s and 53 MB/s of a 125 MB/s link.
    expect(wall?.text).toContain('59.2% and 42.4% of the 1 GbE link');
    expect(wall?.figures).toMatchObject({ wallBytes: GiB, cachedBytesPerSecond: 74e6, uncachedBytesPerSecond: 53e6 });
  });
});
