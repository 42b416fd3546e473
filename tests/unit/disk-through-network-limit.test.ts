import { describe, expect, it } from 'vitest';
import type { DiskThroughNetworkResult } from '../../shared/contract/runs';
import { throughDiskLimit } from '../../shared/kinds/disk-through-network/limit';
import { likelyCachedOf } from '../../electron/engine/net/disk-through-network';

/** A through-the-disks figure with the two alone beside it, as the lab's 1 Gbit/s leg gave them (MB/s). */
function through(
  figure: number,
  network: number,
  disks: number,
  direction: 'write' | 'read',
): DiskThroughNetworkResult {
  return {
    kind: 'disk-through-network',
    label: 'Network to NAS disk (iperf3 writing to a file on the NAS)',
    direction,
    bitsPerSecond: figure * 8e6,
    bytes: figure * 4e6,
    seconds: 4,
    alone: {
      networkBytesPerSecond: network * 1e6,
      disks: { test: `SEQ1M Q1T1 ${direction}`, bytesPerSecond: disks * 1e6 },
    },
  };
}

describe('which of the three set the pace of the network straight to the disks', () => {
  it('names the slower of the two alone when the figure is that one’s, and says both figures', () => {
    expect(throughDiskLimit(through(119.7, 119.6, 1209, 'write'))).toEqual({
      limit: 'network',
      text:
        '120 MB/s from the network onto the disks: the network set the pace. ' +
        'The network alone carried 120 MB/s; the disks alone wrote 1,209 MB/s (SEQ1M Q1T1 write).',
    });
    const slowDisks = throughDiskLimit(through(180, 290, 185, 'read'));
    expect(slowDisks?.limit).toBe('disks');
    expect(slowDisks?.text).toMatch(/the disks set the pace.*carried 290 MB\/s.*read 185 MB\/s \(SEQ1M Q1T1 read\)/);
  });

  it('says "together" when the two at once get clearly less than either alone', () => {
    const both = throughDiskLimit(through(150, 290, 280, 'write'));
    expect(both?.limit).toBe('together');
    expect(both?.text).toMatch(/less than either alone.*processor and memory/);
  });

  it('says nothing without the disks alone (a run saved before the comparison)', () => {
    expect(throughDiskLimit({ ...through(119, 119, 1000, 'write'), alone: undefined })).toBeNull();
    expect(
      throughDiskLimit({ ...through(119, 119, 1000, 'write'), alone: { networkBytesPerSecond: 119e6, disks: null } }),
    ).toBeNull();
  });
});

describe('whether the NAS’s memory could have stood in for its disks, through the network', () => {
  const GiB = 2 ** 30;
  const read = { way: 'from-disk' as const, fileBytes: 2 * GiB, nasMemoryBytes: 8 * GiB };
  it('a file laid out with direct I/O is read from the disks, except where the cache keeps it anyway', () => {
    expect(likelyCachedOf({ ...read, fileSystem: 'ext4' }, 2 * GiB, true)).toBe(false);
    // ZFS's ARC keeps what was written, direct or not; a folder in memory has no disks at all.
    expect(likelyCachedOf({ ...read, fileSystem: 'zfs' }, 2 * GiB, true)).toBe(true);
    expect(likelyCachedOf({ ...read, fileSystem: 'tmpfs' }, 2 * GiB, true)).toBe(true);
    // Laid out through the cache (dd): a file that fits in the NAS's RAM may be served from it.
    expect(likelyCachedOf({ ...read, fileSystem: 'ext4' }, 2 * GiB, false)).toBe(true);
    expect(likelyCachedOf({ ...read, fileSystem: 'ext4', fileBytes: 20 * GiB }, 2 * GiB, false)).toBe(false);
  });

  it('a write is the memory’s below a fifth of the RAM (Linux’s dirty_ratio), the disks’ above; unknown RAM, not said', () => {
    const write = { way: 'to-disk' as const, fileBytes: 4 * GiB, nasMemoryBytes: 8 * GiB, fileSystem: 'ext4' };
    expect(likelyCachedOf(write, 1 * GiB, false)).toBe(true);
    expect(likelyCachedOf(write, 2 * GiB, false)).toBe(false);
    expect(likelyCachedOf({ ...write, nasMemoryBytes: null }, 1 * GiB, false)).toBeUndefined();
  });
});
