import type { LoadResult } from '../../shared/contract/load';
import type { NasFacts } from '../../shared/contract/probe';
import type { RunRecord } from '../../shared/contract/runs';

/** A small Linux NAS on 1 GbE, as the probe reports one. */
export const sampleNas: NasFacts = {
  hostname: 'nas',
  os: { vendor: 'truenas', name: 'TrueNAS CORE', version: '13.0' },
  model: null,
  cpu: { model: 'Intel Atom C3758', cores: 8 },
  memoryBytes: 32 * 2 ** 30,
  interfaces: [{ name: 'igb0', addresses: ['192.168.1.10'], speedMbps: 1000, mtu: 1500, state: 'up' }],
  bonds: [],
  volumes: [{ mount: '/mnt/tank', fsType: 'zfs', sizeBytes: 15e12, freeBytes: 9e12 }],
  tools: { fio: { version: '3.33' }, iperf3: { version: '3.12' } },
  installHints: [],
};

/** A completed Quick-check-like run: the network both ways, a disk test and a share copy. */
export function sampleRunRecord(overrides: Partial<RunRecord> = {}): RunRecord {
  return {
    schemaVersion: 1,
    id: '3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d5e',
    plan: 'quick',
    title: 'Quick check',
    startedAt: '2026-11-20T09:00:00.000Z',
    endedAt: '2026-11-20T09:01:02.500Z',
    seconds: 62.5,
    status: 'completed',
    steps: [
      { index: 0, name: 'Network to the NAS', status: 'finished' },
      { index: 1, name: 'Network from the NAS', status: 'finished' },
    ],
    summary: { bytes: 1.17e9, seconds: 10, bytesPerSecond: 1.17e8, peakBytesPerSecond: 1.18e8 },
    results: [
      {
        kind: 'network',
        method: 'iperf3',
        direction: 'upload',
        streamsPerLeg: 1,
        summary: { bitsPerSecond: 936e6, bytes: 1.17e9, seconds: 10 },
        legs: [
          { target: '192.168.1.10', port: 5201, bindAddress: null, bitsPerSecond: 936e6, bytes: 1.17e9, seconds: 10 },
        ],
      },
      {
        kind: 'throughput',
        test: 'network',
        summary: { bytes: 1, seconds: 1, bytesPerSecond: 1, peakBytesPerSecond: 1 },
      },
    ],
    series: [{ id: 'leg-1', label: 'this computer → 192.168.1.10' }],
    samples: [
      {
        series: 'leg-1',
        points: [
          [0.5, 1.1e8],
          [1, 1.17e8],
        ],
      },
    ],
    error: null,
    environment: {
      target: '192.168.1.10',
      app: { name: 'NASBench', version: '0.1.0', platform: 'linux', arch: 'x64', node: '20.19.0' },
      nas: sampleNas,
      client: {
        os: { platform: 'linux', release: '6.1' },
        memoryBytes: 16 * 2 ** 30,
        route: {
          interface: 'eth0',
          localAddress: '192.168.1.20',
          type: 'ethernet',
          speedMbps: 1000,
          wifi: null,
        },
      },
      tools: { iperf3: '3.12', fio: '3.33' },
      parameters: { direction: 'upload', streams: 1, seconds: 10 },
    },
    tags: ['Ethernet'],
    ...overrides,
  };
}

/** A stepped-up load run from two named computers, one of which measured nothing (so no step had two). */
export const sampleLoadResult: LoadResult = {
  kind: 'load',
  rw: 'write',
  blockSizeBytes: 2 ** 20,
  fileSizeBytes: 2 ** 30,
  direct: true,
  clients: [
    {
      host: 'anna-laptop.local',
      port: 8765,
      dir: '/Volumes/Family Photos',
      ok: true,
      bytesPerSecond: 118e6,
      ioBytes: 2.36e9,
      seconds: 20,
      fioVersion: 'fio-3.33',
      os: 'Darwin',
    },
    {
      host: 'bob-pc.local',
      port: 8765,
      dir: 'Z:\\',
      ok: false,
      bytesPerSecond: 0,
      ioBytes: 0,
      seconds: 0,
      fioVersion: null,
      os: null,
      error: {
        code: 'UNREACHABLE',
        message: 'No fio server answered on bob-pc.local:8765.',
        hint: 'Start "fio --server" on that computer.',
      },
    },
  ],
  total: { bytesPerSecond: 118e6, startSpreadSeconds: 0.1 },
  // bob-pc measured in no step: both steps had one computer measuring, and the first is kept.
  stepUp: [{ computers: 1, bytesPerSecond: 117e6 }],
};
