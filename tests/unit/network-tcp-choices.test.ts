import { describe, expect, it } from 'vitest';
import type { DiskThroughNetworkResult, NetworkResult, TestResult } from '../../shared/contract/runs';
import { throughDiskParts } from '../../shared/kinds/disk-through-network/parts';
import { readSocketBuffer, readWriteSizes } from '../../shared/kinds/network/tcp-choices';
import { checkNetworkTestChoices } from '../../shared/kinds/network/words';
import { writeSizeRows } from '../../shared/kinds/network/write-sizes';

const sessionId = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const choices = { direction: 'bidir' as const, seconds: '3', streams: '4', legs: null };

describe('the TCP write size and socket buffer as typed', () => {
  it('reads one size or a comma list, in powers of two as fio writes them', () => {
    expect(readWriteSizes('4k, 64k,128K')).toEqual({ value: [4096, 65_536, 131_072] });
    expect(readWriteSizes('  ')).toEqual({ value: undefined });
    expect(readWriteSizes('1M').value).toEqual([2 ** 20]);
  });

  it('refuses what iperf3 would not take, saying how to write it', () => {
    expect(readWriteSizes('2M').problem).toBe('2M is not a TCP write size: iperf3 writes 1 byte to 1M at a time.');
    expect(readWriteSizes('4k,,64k').problem).toMatch(/^"" is not a size\./);
    expect(readWriteSizes('64kB').problem).toMatch(/could mean powers of ten or of two/);
    expect(readWriteSizes('1,2,3,4,5,6,7,8,9').problem).toBe('Give at most 8 sizes, separated by commas.');
  });

  it('reads the socket buffer, 4k to 256M', () => {
    expect(readSocketBuffer('4M')).toEqual({ value: 4 * 2 ** 20 });
    expect(readSocketBuffer('')).toEqual({ value: undefined });
    expect(readSocketBuffer('1k').problem).toBe('1k is not a socket buffer size: give 4k to 256M.');
    expect(readSocketBuffer('lots').problem).toMatch(/^"lots" is not a size\./);
  });
});

describe('the form with write sizes and straight to the disks', () => {
  it('sends the sizes and the buffer for TCP, and neither for UDP', () => {
    const tcp = checkNetworkTestChoices({ ...choices, writeSizes: '4k, 64k', socketBuffer: '1M' }, sessionId);
    expect(tcp.input).toMatchObject({ lengths: [4096, 65_536], windowBytes: 2 ** 20 });
    expect(checkNetworkTestChoices({ ...choices, udpMbps: '100' }, sessionId).input).not.toHaveProperty('lengths');
    expect(checkNetworkTestChoices({ ...choices, writeSizes: '9M' }, sessionId).problems).toEqual({
      writeSizes: '9M is not a TCP write size: iperf3 writes 1 byte to 1M at a time.',
    });
  });

  it('runs through the disks as one stream, the way it was chosen, in the folder given', () => {
    const legs = [{ nasAddress: '198.18.2.2', localAddress: '' }];
    const input = checkNetworkTestChoices(
      { ...choices, legs, writeSizes: '64k', disk: { way: 'from-disk', folder: ' /srv/share/ ' } },
      sessionId,
    ).input;
    expect(input).toEqual({
      sessionId,
      direction: 'download',
      seconds: 3,
      streams: 1,
      lengths: [65_536],
      disk: { folder: '/srv/share/', way: 'from-disk' },
    });
  });

  it('asks for a folder and one write size through the disks', () => {
    const problems = checkNetworkTestChoices(
      { ...choices, writeSizes: '4k, 64k', disk: { way: 'to-disk', folder: '' } },
      sessionId,
    ).problems;
    expect(problems?.folder).toBe('Choose or type the folder on the NAS to test in.');
    expect(problems?.writeSizes).toMatch(/^Straight to the disks the test runs at one write size/);
  });
});

const network = (blockBytes: number | undefined, megabytes: number): NetworkResult => ({
  kind: 'network',
  method: 'iperf3',
  direction: 'upload',
  streamsPerLeg: 1,
  summary: { bitsPerSecond: megabytes * 8e6, bytes: megabytes * 3e6, seconds: 3 },
  legs: [],
  ...(blockBytes ? { blockBytes } : {}),
});

describe('the results of a run', () => {
  it('makes one row per write size of a run that tested several, in order', () => {
    const rows = writeSizeRows([network(4096, 60), network(131_072, 118)]);
    expect(rows?.map((row) => [row.label, row.result.summary.bitsPerSecond])).toEqual([
      ['4k', 480e6],
      ['128k', 944e6],
    ]);
    expect(writeSizeRows([network(4096, 60)])).toBeNull();
    // A guided plan's network tests are not one table.
    expect(writeSizeRows([network(undefined, 60), network(undefined, 61)])).toBeNull();
  });

  it('names the network and disk results a test through the disks sets beside its figure', () => {
    const through: DiskThroughNetworkResult = {
      kind: 'disk-through-network',
      label: 'Network to NAS disk',
      direction: 'write',
      bitsPerSecond: 944e6,
      bytes: 354e6,
      seconds: 3,
      alone: { networkBytesPerSecond: 118e6, disks: { test: 'SEQ1M Q1T1 write', bytesPerSecond: 1.2e9 } },
    };
    const alone = network(undefined, 118);
    const results: TestResult[] = [alone, through];
    expect([...throughDiskParts(results)]).toEqual([alone]);
    const { alone: _figures, ...older } = through;
    expect(throughDiskParts([alone, older]).size).toBe(0);
  });
});
