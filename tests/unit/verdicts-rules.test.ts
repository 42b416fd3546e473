import { describe, expect, it } from 'vitest';
import { explainFigures, noFigures, type Figures } from '../../shared/verdicts';
import { gigabit, network, seqDisk, verdictOf } from '../helpers/verdict-figures';

/** Each rule fires on its condition and stays silent when the condition fails. */
const MiB = 2 ** 20;
const GiB = 2 ** 30;

const idsOf = (figures: Figures, comparisons: Figures[] = []) =>
  explainFigures(figures, { comparisons }).map((verdict) => verdict.id);

describe('network limit', () => {
  const fastDisks = [seqDisk('read', 420e6), seqDisk('write', 300e6)];

  it('fires when the network runs near the link rate and the disks are faster, naming 1 GbE ≈ 118 MB/s', () => {
    const [verdict] = explainFigures(gigabit({ network: network(941e6), disks: fastDisks })).filter(
      (found) => found.id === 'network-limit',
    );
    // Uploads only were measured: the finding says which copies it holds for.
    expect(verdict?.text).toContain(
      'Your network is the limit for copies to the NAS (1 GbE ≈ 118 MB/s after overhead)',
    );
    expect(verdict?.limit).toEqual({ part: 'link', ops: ['write'] });
    expect(verdict?.text).toContain('94.1% of the 1 GbE link');
    expect(verdict?.figures.bitsPerSecond).toBe(941e6);
  });

  it('names the measured rate over a slow link too (a 200 Mbit/s leg)', () => {
    const slow = gigabit({ nasLink: { bitsPerSecond: 200e6, mtu: 1500, bond: null }, network: network(192e6) });
    const verdict = explainFigures(slow).find((found) => found.id === 'network-limit');
    expect(verdict?.text).toContain('200 Mb/s ≈ 23.5 MB/s after overhead');
    expect(verdict?.text).toContain('24.0 MB/s to the NAS is 96.0%');
  });

  it('does not fire when the network is well below the link rate', () => {
    expect(idsOf(gigabit({ network: network(600e6), disks: fastDisks }))).not.toContain('network-limit');
  });

  it('does not fire when a disk is slower than the network', () => {
    const slowDisks = [seqDisk('read', 420e6), seqDisk('write', 60e6)];
    const ids = idsOf(gigabit({ network: network(941e6), disks: slowDisks }));
    expect(ids).not.toContain('network-limit');
    expect(ids).toContain('disk-limit');
  });

  it('does not fire on Wi-Fi, nor without a known link speed', () => {
    const wifi = gigabit({ clientLink: { type: 'wifi', bitsPerSecond: 1.2e9 }, network: network(941e6) });
    expect(idsOf(wifi)).not.toContain('network-limit');
    // The network alone still gets its everyday answer (a backup's time from it); no limit verdict.
    expect(idsOf({ ...noFigures(), network: network(941e6) })).toEqual(['everyday-backup']);
  });
});

describe('Wi-Fi limit', () => {
  const share = (bytesPerSecond: number): Figures['share'] => [{ label: 'SMB write', op: 'write', bytesPerSecond }];

  it('fires on a Wi-Fi link well below what the NAS link carries, naming the Wi-Fi link rate', () => {
    const wifi = gigabit({ clientLink: { type: 'wifi', bitsPerSecond: 866.7e6 }, share: share(30e6) });
    const verdict = explainFigures(wifi).find((found) => found.id === 'wifi-limit');
    expect(verdict?.text).toContain('30.0 MB/s over Wi-Fi');
    expect(verdict?.text).toContain('24.0% of the NAS');
    expect(verdict?.text).toContain('Wi-Fi (867 Mb/s link rate)');
  });

  const onWifi = (bitsPerSecond: number, wifi: { band: string | null; signalDbm: number | null }) =>
    gigabit({ clientLink: { type: 'wifi', bitsPerSecond: 866.7e6, wifi }, share: share(bitsPerSecond / 8) });
  const wifiWords = (figures: Figures) => explainFigures(figures).find((found) => found.id === 'wifi-limit')?.text;

  it('says how much of the Wi-Fi link rate the figure reached, on which band and signal', () => {
    const text = wifiWords(onWifi(240e6, { band: '5 GHz', signalDbm: -61 }));
    expect(text).toContain('You got 27.7% of your Wi-Fi (867 Mb/s link rate), on 5 GHz, signal -61 dBm (fair)');
    expect(text).toContain('less than Wi-Fi usually gives');
  });

  it('names a weak signal, then the 2.4 GHz band, as the likeliest reason', () => {
    expect(wifiWords(onWifi(200e6, { band: '5 GHz', signalDbm: -74 }))).toContain(
      'signal -74 dBm (weak): the signal is weak',
    );
    expect(wifiWords(onWifi(200e6, { band: '2.4 GHz', signalDbm: -55 }))).toContain('2.4 GHz is slow and crowded');
  });

  it('calls half the link rate or more what Wi-Fi gives at best', () => {
    expect(wifiWords(onWifi(450e6, { band: '5 GHz', signalDbm: -50 }))).toContain('about what Wi-Fi gives at best');
  });

  it('does not fire on Ethernet, even when slow', () => {
    expect(idsOf(gigabit({ share: share(10e6) }))).not.toContain('wifi-limit');
  });

  it('does not fire when Wi-Fi keeps up with the wired client', () => {
    const wifi = gigabit({ clientLink: { type: 'wifi', bitsPerSecond: null }, share: share(76 * MiB) });
    const wired = gigabit({ share: share(80.5 * MiB) });
    expect(idsOf(wifi, [wired])).not.toContain('wifi-limit');
  });

  it('does not fire with nothing to compare with (no wired client, no NAS link speed)', () => {
    const wifi = { ...noFigures(), clientLink: { type: 'wifi' as const, bitsPerSecond: null }, share: share(10e6) };
    expect(idsOf(wifi)).not.toContain('wifi-limit');
  });
});

describe('protocol limit', () => {
  const base = { network: network(941e6, 930e6), disks: [seqDisk('write', 300e6), seqDisk('read', 400e6)] };

  it('fires when the share is far below both the network and the disks', () => {
    const figures = gigabit({ ...base, share: [{ label: 'SMB write', op: 'write', bytesPerSecond: 40e6 }] });
    const verdict = explainFigures(figures).find((found) => found.id === 'protocol-limit');
    expect(verdict?.text).toMatch(/^The file-sharing protocol or client is the limit: SMB write ran at 40\.0 MB\/s/);
    expect(verdict?.text).toContain('118 MB/s to the NAS');
    expect(verdict?.text).toContain('wrote at 300 MB/s');
    expect(verdict?.figures.utilisationPercent).toBeCloseTo(32, 6);
  });

  it('names what the session is known to cost, with the setting and what changing it gives up', () => {
    const session = {
      protocol: 'smb' as const,
      version: '3.1.1',
      signing: 'on' as const,
      signingRequired: true,
      encryption: 'on' as const,
      rsize: null,
      wsize: null,
      source: 'nas' as const,
    };
    const figures = gigabit({
      ...base,
      share: [{ label: 'SMB write', op: 'write', bytesPerSecond: 40e6, protocol: 'SMB', session }],
    });
    const text = explainFigures(figures).find((found) => found.id === 'protocol-limit')?.text ?? '';
    expect(text).toContain('The session was SMB 3.1.1, signed, encrypted.');
    expect(text).toContain('Every byte is encrypted and decrypted at both ends');
    expect(text).toContain('To change it: Samba’s `smb encrypt`');
    expect(text).toContain('What it gives up: Without encryption, anyone who can see the traffic can read the files');
    // An unencrypted, unsigned SMB 3 session costs nothing known: the general advice stays.
    const plain = { ...session, signing: 'off' as const, signingRequired: false, encryption: 'off' as const };
    const unknown = gigabit({
      ...base,
      share: [{ label: 'SMB write', op: 'write', bytesPerSecond: 40e6, protocol: 'SMB', session: plain }],
    });
    expect(explainFigures(unknown).find((found) => found.id === 'protocol-limit')?.text).toMatch(
      /The session was SMB 3\.1\.1, not signed, not encrypted\. Try the other protocol/,
    );
  });

  it('does not fire when the share gets at least half of the slower of the two', () => {
    const figures = gigabit({ ...base, share: [{ label: 'SMB write', op: 'write', bytesPerSecond: 70e6 }] });
    expect(idsOf(figures)).not.toContain('protocol-limit');
  });

  it('does not fire when the disks were not measured', () => {
    const figures = gigabit({
      network: base.network,
      share: [{ label: 'SMB read', op: 'read', bytesPerSecond: 20e6 }],
    });
    expect(idsOf(figures)).not.toContain('protocol-limit');
  });
});

describe('cache wall', () => {
  const sweep = (rates: number[]): Figures['cacheSweep'] =>
    rates.map((bytesPerSecond, index) => ({ op: 'write', fileSize: 256 * MiB * 2 ** index, bytesPerSecond }));

  it('places the wall at the first slow size when no RAM size explains it', () => {
    const figures = gigabit({ cacheSweep: sweep([110e6, 112e6, 111e6, 60e6, 58e6]) });
    const verdict = explainFigures(figures).find((found) => found.id === 'cache-wall');
    expect(verdict?.text).toMatch(/^The cache wall is at 2\.00 GiB: writes ran at 111 MB\/s/);
    expect(verdict?.figures.wallBytes).toBe(2 * GiB);
    expect(verdict?.figures.uncachedBytesPerSecond).toBe(59e6);
  });

  it('does not fire when cached and uncached differ by less than a quarter (74 vs 65 MB/s)', () => {
    expect(idsOf(gigabit({ cacheSweep: sweep([74e6, 74e6, 65e6, 65e6]) }))).not.toContain('cache-wall');
  });

  it('does not fire on one size alone, nor when the speeds do not split cleanly by size', () => {
    expect(idsOf(gigabit({ cacheSweep: sweep([74e6]) }))).not.toContain('cache-wall');
    expect(idsOf(gigabit({ cacheSweep: sweep([74e6, 40e6, 74e6, 40e6]) }))).not.toContain('cache-wall');
  });
});

describe('bond', () => {
  const bonded = (multi: number, single: number | null, hashPolicy = 'layer2'): Figures =>
    gigabit({
      clientLink: { type: 'ethernet', bitsPerSecond: 5e9 },
      nasLink: { bitsPerSecond: 5e9, mtu: 1500, bond: { name: 'bond0', legs: 2, legBitsPerSecond: 2.5e9, hashPolicy } },
      network: {
        upload: single,
        download: null,
        singleStream: single,
        multiLink: { bitsPerSecond: multi, streams: 2, legs: [] },
      },
    });

  it('says the bond is not spreading streams when two streams make what one makes, with the hash policy to change', () => {
    const verdict = explainFigures(bonded(2.36e9, 2.35e9)).find((found) => found.id === 'bond-not-spreading');
    expect(verdict?.text).toContain('The bond is not spreading your streams: 2 streams together made 295 MB/s');
    expect(verdict?.text).toContain('no more than one stream (294 MB/s)');
    expect(verdict?.text).toContain('layer2+3');
  });

  it('without a single-stream figure, compares with one leg', () => {
    const ids = idsOf(bonded(2.4e9, null, 'layer3+4'));
    expect(ids).toContain('bond-not-spreading');
  });

  it('does not fire when the streams add up past one stream', () => {
    const ids = idsOf(bonded(4.7e9, 2.35e9));
    expect(ids).not.toContain('bond-not-spreading');
    expect(ids).toContain('bond-adds-up');
  });

  it('names the end whose setting keeps the legs apart: the NAS for what it sends, this computer and the switch for uploads', () => {
    const stuck = (direction: string, clientBond?: NonNullable<Figures['clientLink']>['bond']) => {
      const figures = bonded(2.36e9, 2.35e9);
      const multiLink = figures.network.multiLink && { ...figures.network.multiLink, direction };
      return explainFigures({
        ...figures,
        clientLink: { type: 'ethernet', bitsPerSecond: 5e9, ...(clientBond ? { bond: clientBond } : {}) },
        network: { ...figures.network, multiLink },
      }).find((found) => found.id === 'bond-not-spreading')?.text;
    };
    expect(stuck('download')).toContain(
      'The NAS sends here, so its bond picks the link for each stream. Its hash policy is layer2',
    );
    const upload = stuck('upload');
    expect(upload).toContain('This computer sends here, so the switch picks the NAS’s port'.replace('’', "'"));
    expect(upload).toContain("the NAS's own hash policy spreads only what it sends");
    expect(upload).not.toContain('set xmit_hash_policy to layer2+3 (or layer3+4)');
    const ownBond = stuck('upload', { name: 'bond0', legs: 2, hashPolicy: 'layer2', mode: '802.3ad' });
    expect(ownBond).toContain('its own bond bond0 picks the link for each stream, and its hash policy is layer2');
  });

  it('does not fire when this computer cannot send faster than one leg anyway', () => {
    const figures = { ...bonded(0.94e9, null), clientLink: { type: 'ethernet' as const, bitsPerSecond: 1e9 } };
    expect(idsOf(figures)).not.toContain('bond-not-spreading');
  });
});

describe('disk limit', () => {
  it('names the slowest disk test when the link is known but the network was not measured', () => {
    const verdict = explainFigures(gigabit({ disks: [seqDisk('write', 80e6), seqDisk('read', 400e6)] })).find(
      (found) => found.id === 'disk-limit',
    );
    expect(verdict?.text).toContain('The disks are the limit for copies to the NAS: SEQ1M Q8T1 write ran at 80.0 MB/s');
    expect(verdict?.text).toContain('the 118 MB/s the 1 GbE link can carry');
  });

  it('does not fire when every disk figure keeps up with the network', () => {
    const figures = gigabit({ network: network(941e6), disks: [seqDisk('write', 110e6), seqDisk('read', 400e6)] });
    expect(idsOf(figures)).not.toContain('disk-limit');
  });
});

describe('link utilisation', () => {
  it('is given whenever a link speed is known, and not otherwise', () => {
    expect(idsOf(gigabit({ network: network(500e6) }))).toEqual(['ceiling-link', 'everyday-backup']);
    expect(idsOf({ ...noFigures(), network: network(500e6) })).toEqual(['everyday-backup']);
  });

  it('holds the network figure against what TCP can carry over the link, not its raw bit rate', () => {
    const use = explainFigures(gigabit({ network: network(937e6) }), { unit: 'Mb/s' }).find(
      (verdict) => verdict.id === 'ceiling-link',
    );
    // 1 GbE at MTU 1500: 1448 payload bytes in every 1538 on the wire, 941.5 Mb/s.
    expect(use?.figures.tcpMaxBitsPerSecond).toBeCloseTo(941.48e6, -4);
    expect(use?.figures.networkTcpPercent).toBeCloseTo(99.5, 1);
    expect(use?.text).toContain(
      'TCP can carry at most 941 Mb/s over it at MTU 1500: the network figure is 99.5% of that.',
    );
  });
});

describe('unsteady figures, one line per kind', () => {
  const spread = (relative: number) => ({ relative, basis: 'samples' as const });
  it('says several unsteady disk figures in one line, with how many of how many and the widest', () => {
    const disks = [
      { ...seqDisk('read', 400e6), test: 'SEQ1M Q8T1 read', spread: spread(0.73) },
      { ...seqDisk('write', 300e6), test: 'SEQ1M Q8T1 write', spread: spread(0.2) },
      { ...seqDisk('read', 40e6), test: 'RND4K Q32T1 read', spread: spread(0.15) },
      { ...seqDisk('write', 30e6), test: 'RND4K Q32T1 write', spread: spread(0.02) },
    ];
    const text = verdictOf(gigabit({ disks }), 'unsteady-figure')?.text ?? '';
    expect(text).toMatch(
      /^3 of 4 disk figures varied more than 10% \(the widest, SEQ1M Q8T1 read: 400 MB\/s, ±73%\)\. /,
    );
    expect(text.match(/varied/g)).toHaveLength(1);
  });
});
