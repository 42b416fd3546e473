import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../shared/history/compare-runs';
import { filterChoices, filterRuns } from '../../shared/history/filter';
import { describeRunLink, summarizeRun } from '../../shared/history/run-summary';
import { trendsOfNas } from '../../shared/history/trends';
import type { RunRecord } from '../../shared/contract/runs';
import { sampleLoadResult, sampleRunRecord } from '../helpers/run-records';

/** The same upload test at another rate, over another kind of link. */
function overLink(
  id: string,
  bitsPerSecond: number,
  route: Partial<NonNullable<RunRecord['environment']['client']>['route']>,
  tags: string[],
): RunRecord {
  const base = sampleRunRecord();
  const client = base.environment.client;
  if (!client) throw new Error('the sample run has a client');
  return {
    ...base,
    id,
    tags,
    results: [
      {
        kind: 'network',
        method: 'iperf3',
        direction: 'upload',
        streamsPerLeg: 1,
        summary: { bitsPerSecond, bytes: bitsPerSecond * 1.25, seconds: 10 },
        legs: [],
      },
    ],
    environment: { ...base.environment, client: { ...client, route: { ...client.route, ...route } } },
  };
}

describe('comparing saved runs', () => {
  const ethernet = overLink('3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d51', 936e6, { type: 'ethernet', speedMbps: 1000 }, []);
  const wifi = overLink('3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d52', 180e6, { type: 'wifi', speedMbps: 866 }, ['desk']);
  const adapter = overLink(
    '3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d53',
    2350e6,
    { type: 'usb-ethernet', speedMbps: 2500 },
    [],
  );

  it('says in a sentence per direction how copies compare and which part changed', () => {
    const cable = { ...ethernet, startedAt: '2026-11-20T10:00:00.000Z' };
    const slow = { ...wifi, startedAt: '2026-11-20T10:05:00.000Z' };
    expect(compareRuns([cable, slow]).inWords).toEqual([
      'Over Wi-Fi, 866 Mb/s (desk), copies to the NAS are 5.2× slower than over Ethernet, 1 GbE: the network carried 22.5 MB/s against 117 MB/s.',
    ]);
  });

  it('calls a difference within both figures’ noise no change, and a placeholder speed no speed', () => {
    const steady = (id: string, bitsPerSecond: number, startedAt: string): RunRecord => {
      const run = overLink(id, bitsPerSecond, { type: 'virtual', speedMbps: 10_000 }, []);
      const [network] = run.results;
      if (network?.kind !== 'network') throw new Error('the sample has a network result');
      const spread = { relative: 0.08, basis: 'samples' as const };
      return { ...run, startedAt, results: [{ ...network, summary: { ...network.summary, spread } }] };
    };
    const first = steady('3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d61', 936e6, '2026-11-20T10:00:00.000Z');
    const second = steady('3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d62', 900e6, '2026-11-20T10:05:00.000Z');
    const comparison = compareRuns([first, second]);
    // A veth says 10 Gb/s whatever it carries: the link is named without it.
    expect(comparison.runs.map((run) => run.link)).toEqual([
      'Virtual link to 192.168.1.10',
      'Virtual link to 192.168.1.10',
    ]);
    expect(comparison.inWords).toEqual([
      'Over Virtual link to 192.168.1.10, copies to the NAS are as fast as over Virtual link to 192.168.1.10, within the noise: the network did not change (within the noise).',
    ]);
  });

  it('keeps the earlier run as the baseline whichever is picked first', () => {
    const earlier = { ...ethernet, startedAt: '2026-11-20T10:00:00.000Z' };
    const later = { ...wifi, startedAt: '2026-11-20T10:05:00.000Z' };
    const cableFirst = compareRuns([earlier, later]);
    const wifiFirst = compareRuns([later, earlier]);
    expect(wifiFirst).toEqual(cableFirst);
    expect(cableFirst.runs.map((run) => run.link)).toEqual(['Ethernet, 1 GbE', 'Wi-Fi, 866 Mb/s (desk)']);
    expect(cableFirst.differences.join(' ')).toContain('against Ethernet, 1 GbE');
  });

  it('calls a named connection by its name, once, beside its other tags', () => {
    const cable = { ...ethernet, tags: ['Cable', 'after the switch'] };
    const named = {
      ...cable,
      connection: { name: 'Cable', interface: 'eth0', kind: 'ethernet', named: true } as const,
    };
    expect(compareRuns([named, wifi]).runs.map((run) => run.link)).toEqual([
      'Cable (after the switch)',
      'Wi-Fi, 866 Mb/s (desk)',
    ]);
  });

  it('finds and filters runs by the name the user gave the connection, not only by its kind', () => {
    const named = {
      ...wifi,
      connection: { name: 'Desk Wi-Fi', interface: 'wlan0', kind: 'wifi', named: true } as const,
    };
    const runs = [summarizeRun(ethernet), summarizeRun(named)];
    expect(filterChoices(runs).links).toEqual(expect.arrayContaining(['ethernet', 'wifi', 'Desk Wi-Fi']));
    expect(filterRuns(runs, { link: 'Desk Wi-Fi' }).map((run) => run.id)).toEqual([named.id]);
    expect(filterRuns(runs, { search: 'desk wi-fi' }).map((run) => run.id)).toEqual([named.id]);
  });

  it('lists a run by the name its user gave the connection, with its kind, in History', () => {
    const named = {
      ...ethernet,
      connection: { name: 'Cable', interface: 'eth0', kind: 'ethernet', named: true } as const,
    };
    expect(describeRunLink(summarizeRun(named))).toBe('Cable (Ethernet)');
    // A suggested name is not the user's: the kind alone, as before.
    const suggested = { ...named, connection: { ...named.connection, named: false } };
    expect(summarizeRun(suggested).connection).toBeUndefined();
    expect(describeRunLink(summarizeRun(suggested))).toBe('Ethernet');
    // The name that is the kind's own is said once.
    const wifiNamed = {
      ...wifi,
      connection: { name: 'wi-fi', interface: 'wlan0', kind: 'wifi', named: true } as const,
    };
    expect(describeRunLink(summarizeRun(wifiNamed))).toBe('wi-fi');
  });

  it('names each run by its link and lines up the figures they share', () => {
    const comparison = compareRuns([wifi, ethernet, adapter]);
    expect(comparison.runs.map((run) => run.link)).toEqual([
      'Wi-Fi, 866 Mb/s (desk)',
      'Ethernet, 1 GbE',
      'USB Ethernet adapter, 2.5 GbE',
    ]);
    expect(comparison.rows).toEqual([
      {
        test: 'Upload (this computer to NAS)',
        values: [180e6 / 8, 936e6 / 8, 2350e6 / 8],
        // These runs were saved before figures carried their spread: nothing to say how steady they were.
        spreads: [null, null, null],
        notes: ['', '', ''],
        apart: [false, false, false],
      },
    ]);
    expect(comparison.warnings).toEqual([]);
  });

  it('states each difference against the first run, as a signed percentage', () => {
    const { differences } = compareRuns([wifi, ethernet, adapter]);
    expect(differences).toEqual([
      'Ethernet, 1 GbE: +420% upload (this computer to NAS) (against Wi-Fi, 866 Mb/s (desk)).',
      'USB Ethernet adapter, 2.5 GbE: +1206% upload (this computer to NAS) (against Wi-Fi, 866 Mb/s (desk)).',
    ]);
    expect(compareRuns([ethernet, wifi]).differences[0]).toMatch(/^Wi-Fi, 866 Mb\/s \(desk\): −81% upload/);
  });

  it('says so when two runs have no test in common', () => {
    const diskOnly = { ...ethernet, results: [] };
    expect(compareRuns([wifi, diskOnly]).differences).toEqual([
      'Ethernet, 1 GbE: no test in common with Wi-Fi, 866 Mb/s (desk).',
    ]);
  });

  it('tells runs over the same kind of link apart by the NAS address their traffic went to', () => {
    const legA = { ...ethernet, results: [{ ...ethernet.results[0], legs: [leg('198.18.1.2')] }] } as RunRecord;
    const slow = {
      ...ethernet,
      id: wifi.id,
      results: [{ ...ethernet.results[0], legs: [leg('198.18.3.2')] }],
    } as RunRecord;
    expect(compareRuns([legA, slow]).runs.map((run) => run.link)).toEqual([
      'Ethernet, 1 GbE to 198.18.1.2',
      'Ethernet, 1 GbE to 198.18.3.2',
    ]);
  });

  it('falls back to the legs a run was asked for when it saved only its headline', () => {
    const asked = (target: string, id: string) =>
      ({
        ...ethernet,
        id,
        results: [{ kind: 'throughput', test: 'network', summary: ethernet.summary }],
        environment: { ...ethernet.environment, parameters: { direction: 'upload', legs: [{ target }] } },
      }) as RunRecord;
    const links = compareRuns([asked('198.18.1.2', ethernet.id), asked('198.18.3.2', wifi.id)]).runs.map((r) => r.link);
    expect(links).toEqual(['Ethernet, 1 GbE to 198.18.1.2', 'Ethernet, 1 GbE to 198.18.3.2']);
  });
});

function leg(target: string) {
  return { target, port: 5201, bindAddress: null, bitsPerSecond: 1e8, bytes: 1e8, seconds: 8 };
}

describe('comparing load runs (several computers at once)', () => {
  /** Two computers stepping up, as saved before and after the NAS got a faster port. */
  const loadRun = (id: string, one: number, two: number, tags: string[]) =>
    sampleRunRecord({
      id,
      tags,
      plan: 'load',
      results: [
        {
          ...sampleLoadResult,
          clients: sampleLoadResult.clients.map((client) => ({ ...client, ok: true, bytesPerSecond: two / 2 })),
          total: {
            bytesPerSecond: two,
            startSpreadSeconds: 0.1,
            spread: { relative: 0.02, basis: 'samples' },
          },
          stepUp: [
            { computers: 1, bytesPerSecond: one },
            { computers: 2, bytesPerSecond: two },
          ],
        },
      ],
    });

  it('lines up the totals by how many computers loaded the NAS, and says the difference', () => {
    const before = loadRun('3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d61', 117e6, 118e6, ['1 GbE port']);
    const after = loadRun('3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d62', 117e6, 231e6, ['2.5 GbE port']);
    const comparison = compareRuns([before, after]);
    expect(comparison.rows.map((row) => [row.test, row.values])).toEqual([
      ['Load from 1 computer, write', [117e6, 117e6]],
      ['Load from 2 computers, write', [118e6, 231e6]],
    ]);
    expect(comparison.rows[1]?.spreads[0]?.relative).toBe(0.02);
    expect(comparison.differences[0]).toMatch(/\+96% load from 2 computers, write/);
  });

  it('a run where one computer measured nothing compares as a run from one computer', () => {
    const both = loadRun('3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d63', 117e6, 231e6, []);
    const oneFailed = sampleRunRecord({
      id: '3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d64',
      plan: 'load',
      results: [sampleLoadResult],
    });
    const comparison = compareRuns([both, oneFailed]);
    const twoRow = comparison.rows.find((row) => row.test === 'Load from 2 computers, write');
    const oneRow = comparison.rows.find((row) => row.test === 'Load from 1 computer, write');
    // Its total (118 MB/s) is one computer's, not set beside the other run's two.
    expect(oneRow?.values).toEqual([117e6, 118e6]);
    expect(twoRow?.values).toEqual([231e6, null]);
  });
});

describe('comparing runs whose shares were reached differently', () => {
  /** A run with one share copy over the given path (protocol and session), over a link of this kind. */
  function withShare(id: string, path: NonNullable<Extract<RunRecord['results'][number], { kind: 'copy' }>['path']>) {
    const base = overLink(id, 936e6, { type: 'ethernet', speedMbps: 1000, interface: 'eth0' }, []);
    const copy = {
      kind: 'copy' as const,
      dir: '/mnt/nas',
      fileSystem: null,
      share: null,
      path,
      tests: [
        {
          test: 'sequential' as const,
          op: 'write' as const,
          fileSize: 2 ** 30,
          blockSize: 2 ** 20,
          cached: false,
          direct: true,
          bytesPerSecond: 100e6,
          seconds: 10,
          method: 'O_DIRECT',
        },
      ],
      notes: [],
    };
    return { ...base, results: [...base.results, copy] };
  }
  const smbPath = {
    kind: 'network-share' as const,
    server: '192.168.1.10',
    protocol: 'smb' as const,
    interface: 'eth0',
    localAddress: '192.168.1.20',
  };
  const session = {
    protocol: 'smb' as const,
    version: '3.1.1',
    signing: 'on' as const,
    signingRequired: true,
    encryption: 'off' as const,
    rsize: null,
    wsize: null,
    source: 'nas' as const,
  };

  it('says that the share figures differ by protocol as well as by link', () => {
    const smb = withShare('3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d61', { ...smbPath, session });
    const nfs = withShare('3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d62', { ...smbPath, protocol: 'nfs' });
    const { warnings } = compareRuns([smb, nfs]);
    expect(warnings.find((warning) => warning.startsWith('Their shares were not reached the same way'))).toMatch(
      /: SMB 3\.1\.1, signed, not encrypted; .*: NFS — so the share figures differ by protocol as well as by link\.$/,
    );
    // The same protocol and terms: nothing to say.
    const again = withShare('3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d63', { ...smbPath, session });
    expect(compareRuns([smb, again]).warnings.some((warning) => warning.includes('not reached the same way'))).toBe(
      false,
    );
  });

  it('lines History up by protocol: its own trend each, named, and a filter by how the share was reached', () => {
    const at = (record: RunRecord, minutes: number): RunRecord => ({
      ...record,
      startedAt: new Date(Date.parse('2026-11-20T10:00:00Z') + minutes * 60_000).toISOString(),
    });
    const smbPaths = { ...smbPath, session };
    const runs = [
      at(withShare('3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d71', smbPaths), 0),
      at(withShare('3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d72', { ...smbPath, protocol: 'nfs' }), 10),
      at(withShare('3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d73', smbPaths), 20),
      at(withShare('3f0c9a52-6a8e-4c55-9a43-1f3f2b3c4d74', { ...smbPath, protocol: 'nfs' }), 30),
    ].map(summarizeRun);
    expect(runs.map((run) => run.share)).toEqual([
      'SMB 3.1.1, signed, not encrypted',
      'NFS',
      'SMB 3.1.1, signed, not encrypted',
      'NFS',
    ]);
    const nasKey = runs[0]?.nas?.key ?? '';
    const shareTrends = trendsOfNas(runs, nasKey).filter((trend) => trend.test === 'Share write');
    expect(shareTrends.map((trend) => [trend.label.split(' · ')[0], trend.points.length]).sort()).toEqual([
      ['Share write over NFS', 2],
      ['Share write over SMB 3.1.1, signed, not encrypted', 2],
    ]);
    expect(filterChoices(runs).shares).toEqual(['NFS', 'SMB 3.1.1, signed, not encrypted']);
    expect(filterRuns(runs, { share: 'NFS' }).map((run) => run.id)).toEqual([runs[1]?.id, runs[3]?.id]);
  });
});
