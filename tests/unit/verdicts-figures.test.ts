import { describe, expect, it } from 'vitest';
import type { CopyRunDetails } from '../../shared/contract/copy';
import type { TestResult } from '../../shared/contract/runs';
import { explainFigures, figuresOfRun } from '../../shared/verdicts';
import { sampleNas, sampleRunRecord } from '../helpers/run-records';

const GiB = 2 ** 30;

const diskTest = (name: string, rw: string, bytesPerSecond: number) => ({
  name,
  rw,
  bs: rw.startsWith('rand') ? 4096 : 1048576,
  iodepth: 8,
  numjobs: 1,
  direct: true,
  sizeBytes: GiB,
  bytesPerSecond,
  iops: bytesPerSecond / 1048576,
  latencyNs: { p50: null, p99: null },
  ioBytes: bytesPerSecond * 5,
  seconds: 5,
  engine: 'fio' as const,
  ioengine: 'libaio',
  commandLine: 'fio …',
  fioVersion: '3.33',
  fileSystem: 'zfs',
});

const copy: CopyRunDetails = {
  kind: 'copy',
  dir: '/mnt/nas',
  fileSystem: 'nfs4',
  share: { localPath: '/mnt/nas', server: 'nas', share: '/tank', fsType: 'nfs4', protocol: 'nfs' },
  tests: [
    {
      test: 'sequential',
      op: 'write',
      fileSize: GiB,
      blockSize: 2 ** 20,
      cached: false,
      direct: true,
      bytesPerSecond: 105e6,
      seconds: 10,
      method: 'O_DIRECT',
    },
    {
      test: 'sequential',
      op: 'read',
      fileSize: GiB,
      blockSize: 2 ** 20,
      cached: true,
      direct: false,
      bytesPerSecond: 900e6,
      seconds: 1,
      method: 'page cache',
    },
  ],
  sweep: {
    points: [
      { fileSize: GiB / 4, writeBytesPerSecond: 110e6, readBytesPerSecond: 600e6 },
      { fileSize: 64 * GiB, writeBytesPerSecond: 100e6, readBytesPerSecond: 110e6 },
    ],
    readWall: null,
    writeWall: null,
    rule: '',
    clientRamBytes: 16 * GiB,
    nasRamBytes: null,
    targetBytes: 64 * GiB,
    stoppedBy: 'past-ram',
    note: '',
  },
  notes: [],
};

const quickResults: TestResult[] = [
  {
    kind: 'network',
    method: 'iperf3',
    direction: 'upload',
    streamsPerLeg: 1,
    summary: { bitsPerSecond: 941e6, bytes: 1.17e9, seconds: 10 },
    legs: [{ target: '192.168.1.10', port: 5201, bindAddress: null, bitsPerSecond: 941e6, bytes: 1.17e9, seconds: 10 }],
  },
  {
    kind: 'disk',
    engine: 'fio',
    folder: '/mnt/tank',
    fileSystem: 'zfs',
    tests: [diskTest('SEQ1M Q8T1 read', 'read', 420e6), diskTest('RND4K Q32T1 write', 'randwrite', 5e6)],
    hints: [],
  },
  copy,
];

describe('figures of a saved run on Wi-Fi', () => {
  it('takes the Wi-Fi link rate from the radio, with the band and the signal', () => {
    const record = sampleRunRecord();
    const client = record.environment.client;
    if (!client) throw new Error('the sample run has a client');
    client.route = {
      ...client.route,
      interface: 'wlan0',
      type: 'wifi',
      speedMbps: null,
      wifi: { ssid: 'Home', signalDbm: -67, channel: 36, frequencyMhz: 5180, txRateMbps: 866.7 },
    };
    expect(figuresOfRun(record).clientLink).toEqual({
      type: 'wifi',
      bitsPerSecond: 866.7e6,
      wifi: { band: '5 GHz', signalDbm: -67 },
    });
  });
});

describe('figures of a saved run over virtual links', () => {
  it('takes no link speed from a virtual port on either side, so no verdict measures against it', () => {
    const record = sampleRunRecord();
    const { client, nas } = record.environment;
    if (!client || !nas) throw new Error('the sample run has both ends');
    client.route = { ...client.route, interface: 'veth0', type: 'virtual', speedMbps: 10000 };
    record.environment.nas = {
      ...nas,
      interfaces: nas.interfaces.map((port) => ({ ...port, speedMbps: 10000, virtual: true })),
    };
    const figures = figuresOfRun(record);
    expect(figures.nasLink?.bitsPerSecond).toBeNull();
    const ids = explainFigures(figures).map((verdict) => verdict.id);
    expect(ids).not.toContain('ceiling-link');
    expect(ids).not.toContain('network-limit');
  });
});

describe('figures of a saved run', () => {
  it('gathers links, network, sequential disk, share and sweep figures and RAM', () => {
    const figures = figuresOfRun(sampleRunRecord({ results: quickResults }));
    expect(figures.clientLink).toEqual({ type: 'ethernet', bitsPerSecond: 1e9 });
    expect(figures.nasLink).toEqual({ bitsPerSecond: 1e9, mtu: 1500, bond: null });
    expect(figures.network).toMatchObject({ upload: 941e6, download: null, singleStream: 941e6, multiLink: null });
    // The 4K random test is no measure of what a link needs.
    expect(figures.disks).toEqual([
      { test: 'SEQ1M Q8T1 read', op: 'read', bytesPerSecond: 420e6, throughNetwork: false },
    ]);
    // Only the uncached copy counts as what the share gives.
    expect(figures.share).toEqual([{ label: 'NFS write', op: 'write', bytesPerSecond: 105e6, protocol: 'NFS' }]);
    expect(figures.cacheSweep).toHaveLength(4);
    expect(figures.ram).toEqual({ nasBytes: 32 * GiB, clientBytes: 16 * GiB });
  });

  it("takes this computer's drive kinds, leaving a VM's disk out; a run saved before drives were read has none", () => {
    const record = sampleRunRecord({ results: quickResults });
    expect(figuresOfRun(record).clientDrives).toEqual([]);
    if (!record.environment.client) throw new Error('the sample run has client facts');
    record.environment.client.drives = [
      { name: 'Samsung SSD 980 PRO 1TB', kind: 'nvme', sizeBytes: 1e12 },
      { name: 'vda', kind: 'virtual', sizeBytes: 2.7e11 },
      { name: 'ST2000DM008', kind: 'hdd', sizeBytes: 2e12 },
    ];
    expect(figuresOfRun(record).clientDrives).toEqual(['nvme', 'hdd']);
  });

  it('explains a 1 GbE quick check whose network runs at the link rate as the network limit', () => {
    const verdicts = explainFigures(figuresOfRun(sampleRunRecord({ results: quickResults })));
    expect(verdicts.map((verdict) => verdict.id)).toContain('network-limit');
    const wall = verdicts.find((verdict) => verdict.id === 'cache-wall')?.text;
    // The larger RAM (the NAS's 32 GiB) is the cache a file must outgrow.
    expect(wall).toContain("32.0 GiB is the NAS's RAM");
    expect(wall).toContain("more than the 1 GbE link can carry, so it came from this computer's memory");
  });

  it('reads a bond from the probe, and a multi-link network run as the bonded-link test', () => {
    const nas = {
      ...sampleNas,
      interfaces: [
        { name: 'eth0', addresses: [], speedMbps: 2500, mtu: 1500, state: 'up' as const },
        { name: 'eth1', addresses: [], speedMbps: 2500, mtu: 1500, state: 'up' as const },
        { name: 'bond0', addresses: ['192.168.1.10/24'], speedMbps: null, mtu: 1500, state: 'up' as const },
      ],
      bonds: [{ name: 'bond0', mode: '802.3ad', hashPolicy: 'layer2', slaves: ['eth0', 'eth1'] }],
    };
    const legs = ['192.168.1.10', '192.168.1.11'].map((target) => ({
      target,
      port: 5201,
      bindAddress: null,
      bitsPerSecond: 1.17e9,
      bytes: 1,
      seconds: 10,
    }));
    const record = sampleRunRecord({
      results: [
        {
          kind: 'network',
          method: 'iperf3',
          direction: 'upload',
          streamsPerLeg: 1,
          summary: { bitsPerSecond: 2.34e9, bytes: 2, seconds: 10 },
          legs,
        },
      ],
    });
    const figures = figuresOfRun({ ...record, environment: { ...record.environment, nas, client: null } });
    expect(figures.nasLink).toEqual({
      bitsPerSecond: 5e9,
      mtu: 1500,
      bond: { name: 'bond0', legs: 2, legBitsPerSecond: 2.5e9, hashPolicy: 'layer2' },
    });
    expect(figures.network.multiLink).toMatchObject({ bitsPerSecond: 2.34e9, streams: 2 });
    expect(explainFigures(figures).map((verdict) => verdict.id)).toContain('bond-not-spreading');
  });

  it('reads a network run that kept only its headline, with the direction from its parameters', () => {
    const record = sampleRunRecord({
      results: [
        {
          kind: 'throughput',
          test: 'network',
          summary: { bytes: 1, seconds: 1, bytesPerSecond: 110e6, peakBytesPerSecond: 1 },
        },
      ],
    });
    const download = {
      ...record,
      environment: { ...record.environment, parameters: { direction: 'download', streams: 4 } },
    };
    expect(figuresOfRun(download).network).toMatchObject({ upload: null, download: 880e6, singleStream: null });
  });
});
