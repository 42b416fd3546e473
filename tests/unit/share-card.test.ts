import { describe, expect, it } from 'vitest';
import type { ShareSession } from '../../shared/contract/figure-quality';
import { ShareBenchResult, type ShareBenchTest } from '../../shared/contract/share-bench';
import { crystalTileRows } from '../../shared/kinds/disk/disk-card';
import { shareCardText } from '../../shared/kinds/share/share-card';

/**
 * The share benchmark's tile as text. The figures are those of a 1 GbE SMB share as such a run gives
 * them (about 118 MB/s sequential, 4K at queue depth 1 waiting a round trip each): IOPS = rate ÷ block,
 * mean latency = I/Os in flight ÷ IOPS. RND4K Q1T1 write is left out, as when a run is cancelled.
 */
const session: ShareSession = {
  protocol: 'smb',
  version: '3.1.1',
  signing: 'on',
  signingRequired: false,
  encryption: 'off',
  rsize: 4 * 2 ** 20,
  wsize: 4 * 2 ** 20,
  source: 'client',
};
const path = {
  kind: 'network-share' as const,
  server: 'nas.local',
  protocol: 'smb' as const,
  interface: 'enp3s0',
  localAddress: '192.168.1.23',
  session,
};

function test(name: string, rw: ShareBenchTest['rw'], bs: number, queueDepth: number, bytesPerSecond: number) {
  const iops = bytesPerSecond / bs;
  const mean = (queueDepth / iops) * 1e9;
  return {
    name,
    rw,
    bs,
    queueDepth,
    threads: 1,
    outstanding: queueDepth,
    bytesPerSecond,
    iops,
    latencyNs: { mean, p50: mean * 0.95, p99: mean * 2.4 },
    passes: [bytesPerSecond * 0.97, bytesPerSecond, bytesPerSecond * 0.99],
    seconds: 5.0012,
    cache: { client: 'bypassed' as const, nas: 'may-serve' as const },
    path,
    spread: { relative: 0.014, basis: 'repeats' as const },
  };
}

const MiB = 2 ** 20;
const smbShare = ShareBenchResult.parse({
  kind: 'share',
  dir: '/mnt/nas/photos',
  fileSystem: 'cifs',
  share: { localPath: '/mnt/nas/photos', server: 'nas.local', share: 'photos', fsType: 'cifs', protocol: 'smb' },
  path,
  engine: 'builtin',
  profile: 'default',
  threads: 32,
  ioPath: '32 I/O threads of NASBench’s own, one per I/O in flight, each with its own descriptor.',
  unbuffered: true,
  fileSizeBytes: 1024 * MiB,
  roundTrip: {
    p50Ms: 0.405,
    p90Ms: 0.52,
    p99Ms: 0.61,
    samples: 10,
    minMs: 0.38,
    via: 'TCP handshakes to 192.168.1.20:445',
  },
  tests: [
    test('SEQ1M Q8T1 read', 'read', MiB, 8, 117_834_112),
    test('SEQ1M Q1T1 read', 'read', MiB, 1, 98_431_205),
    test('RND4K Q32T1 read', 'randread', 4096, 32, 41_236_480),
    test('RND4K Q1T1 read', 'randread', 4096, 1, 2_113_536),
    test('SEQ1M Q8T1 write', 'write', MiB, 8, 112_918_732),
    test('SEQ1M Q1T1 write', 'write', MiB, 1, 86_507_520),
    test('RND4K Q32T1 write', 'randwrite', 4096, 32, 18_350_080),
  ],
  notes: [],
});

describe('the share benchmark’s CrystalDiskMark tile', () => {
  it('puts each test in its row and column, and leaves the one not measured empty', () => {
    expect(crystalTileRows(smbShare.tests)).toEqual([
      { label: 'SEQ1M Q8T1', read: 117_834_112, write: 112_918_732 },
      { label: 'SEQ1M Q1T1', read: 98_431_205, write: 86_507_520 },
      { label: 'RND4K Q32T1', read: 41_236_480, write: 18_350_080 },
      { label: 'RND4K Q1T1', read: 2_113_536, write: null },
    ]);
  });

  it('copies as CrystalDiskMark’s text, saying it ran from this computer over SMB, with the session’s terms', () => {
    const lines = shareCardText(smbShare).split('\n');
    expect(lines[0]).toBe('-'.repeat(78));
    expect(lines[1]).toBe("NASBench: CrystalDiskMark's tests from this computer (NASBench's own engine)");
    expect(lines[1]?.length).toBeLessThanOrEqual(78);
    expect(lines.slice(3, 5)).toEqual(['* MB/s = 1,000,000 bytes/s', '* KB = 1000 bytes, KiB = 1024 bytes']);
    // 117,834,112 B/s = 117.834 MB/s; ÷ 1 MiB = 112.4 IOPS; 8 in flight ÷ 112.375 IOPS = 71,189.98 µs.
    const read = lines.indexOf('[Read]');
    expect(lines.slice(read, read + 5)).toEqual([
      '[Read]',
      '  SEQ    1MiB (Q=  8, T= 1):   117.834 MB/s [     112.4 IOPS] < 71189.98 us>',
      '  SEQ    1MiB (Q=  1, T= 1):    98.431 MB/s [      93.9 IOPS] < 10652.88 us>',
      '  RND    4KiB (Q= 32, T= 1):    41.236 MB/s [   10067.5 IOPS] <  3178.54 us>',
      '  RND    4KiB (Q=  1, T= 1):     2.114 MB/s [     516.0 IOPS] <  1937.98 us>',
    ]);
    const write = lines.indexOf('[Write]');
    expect(write).toBeGreaterThan(read);
    expect(lines[write + 4]).toBe('  RND    4KiB (Q=  1, T= 1):  not measured');
    expect(lines.slice(write + 6)).toEqual([
      'Profile: Default',
      '   Test: 1.00 GiB (x3) [/mnt/nas/photos, cifs]',
      '   Time: Measure 5 sec per pass, best of 3 after a warm-up pass',
      '  Where: from this computer over SMB to nas.local',
      'Session: SMB 3.1.1, signed, not encrypted (as this computer reports it)',
      '    RTT: 405 µs idle (median of 10 TCP handshakes to 192.168.1.20:445; shortest 380 µs)',
      '  Cache: May be served from the NAS’s memory (the file fits in its RAM)',
      '     IO: 32 I/O threads of NASBench’s own, one per I/O in flight, each with its own descriptor.',
      ' <...>: mean latency of one I/O, submit to completion',
      '',
    ]);
  });

  it('says a local folder is on this computer’s own disk, names fio, and lists tests beyond the eight', () => {
    const local = { kind: 'local-disk' as const, server: null, protocol: null, interface: null, localAddress: null };
    const bypassed = { client: 'bypassed' as const, nas: 'bypassed' as const };
    const nvme = {
      ...smbShare,
      dir: '/var/tmp/bench',
      fileSystem: 'ext4',
      share: null,
      path: local,
      engine: 'fio' as const,
      profile: 'nvme' as const,
      ioPath: 'fio 3.33, libaio',
      roundTrip: null,
      tests: [
        { ...test('SEQ1M Q8T1 read', 'read', MiB, 8, 3_393_879_873), path: local, cache: bypassed },
        { ...test('SEQ128K Q32T1 read', 'read', 128 * 1024, 32, 2_980_511_744), path: local, cache: bypassed },
      ],
    };
    const text = shareCardText(nvme);
    expect(text).toContain("\nNASBench: CrystalDiskMark's tests from this computer (fio)\n");
    expect(text).toContain('\n  Where: on this computer’s own disk (no NAS involved)\n');
    expect(text).toContain('\n  SEQ    1MiB (Q=  8, T= 1):  3393.880 MB/s [    3236.7 IOPS] <  2471.69 us>\n');
    expect(text).toContain(
      '\n[Also measured]\n  SEQ128K Q32T1 read:          2980.512 MB/s [   22739.5 IOPS] <  1407.24 us>\n',
    );
    expect(text).toContain('\nProfile: NVMe\n');
    expect(text).toContain('\n  Cache: Uncached\n');
    expect(text).not.toContain('Session:');
    expect(text).not.toContain('RTT:');
    expect(text.match(/not measured/g)).toHaveLength(7);
  });
});
