import { readFileSync } from 'node:fs';
import path from 'node:path';
import { domainToASCII } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseNasProbe } from '../../electron/engine/probe/parse-nas';
import { shellCommand } from '../../electron/engine/ssh/quote';
import { parseRunFile, RunRecord } from '../../shared/contract/runs';
import { anonymizeRun, renderReport, runFileTextOf } from '../../shared/report';
import { changeFirst, labQuickRun } from '../fixtures/report/seeded-private-run';

/**
 * Issue #47: what the probe learns about a NAS is private too, and so is a name however its
 * letters are composed or its host name encoded. Each case is the lab's real Quick check with the
 * NAS's facts as the engine's own probe parser reads them from a capture (tests/fixtures/probe),
 * or as the probe reports them, written where the engine writes them.
 */
const probeCapture = (name: string) =>
  parseNasProbe(readFileSync(path.join(__dirname, '../fixtures/probe', name), 'utf8'));
const json = (record: RunRecord) => JSON.stringify(record);
const copyOf = (record: RunRecord) => record.results.find((result) => result.kind === 'copy');
const noteOf = (run: RunRecord, ...notes: string[]) => {
  const copy = copyOf(run);
  if (copy?.kind !== 'copy') throw new Error('the lab run has a share copy');
  copy.notes.push(...notes);
};
const errorOnFirstStep = (run: RunRecord, message: string, commandLine: string) =>
  changeFirst(run.steps, (step) => ({
    ...step,
    error: { code: 'INTERNAL' as const, message, hint: 'Run it by hand.', details: { commandLine } },
  }));

describe('interfaces named after their MAC address (udev’s enx…, wlx…, wwx…)', () => {
  const adapter = 'enx00e04c680123';
  const dongle = 'wlx001122aabbcc';
  const run = labQuickRun();
  const { nas, client } = run.environment;
  if (!nas || !client) throw new Error('the lab run has probe facts');
  nas.interfaces.push(
    { name: adapter, addresses: ['198.18.7.2'], speedMbps: 1000, mtu: 1500, state: 'up' },
    { name: 'enp3s0', addresses: [], speedMbps: null, mtu: 1500, state: 'down' },
  );
  nas.bonds.push({ name: 'bond0', mode: '802.3ad', hashPolicy: 'layer2+3', slaves: [adapter, 'enp3s0'] });
  client.route = { ...client.route, interface: dongle, type: 'wifi' };
  run.connection = { name: 'Wi-Fi', interface: dongle, kind: 'wifi', named: false };
  changeFirst(run.series, (series) => ({ ...series, label: `${series.label} over ${adapter}` }));
  noteOf(run, `${adapter}.100 (a VLAN) and ${dongle} are up; eth0 is not; enx0a1b2c3d4e5 has 11 digits.`);
  errorOnFirstStep(run, `ethtool ${adapter} failed`, shellCommand(['ethtool', adapter]));
  const { record, replaced } = anonymizeRun(run);

  it('are replaced everywhere: interface fields, a bond, the route, notes, a command line, a chart label', () => {
    expect(json(record)).not.toMatch(/00e04c680123|001122aabbcc/i);
    const interfaces = record.environment.nas?.interfaces ?? [];
    expect(interfaces.at(-2)?.name).toBe('iface-1');
    expect(record.environment.nas?.bonds.at(-1)?.slaves).toEqual(['iface-1', 'enp3s0']);
    expect(record.environment.client?.route.interface).toBe('iface-2');
    expect(record.connection?.interface).toBe('iface-2');
    expect(record.series[0]?.label).toMatch(/ over iface-1$/);
    expect(record.steps[0]?.error?.details?.commandLine).toBe('ethtool iface-1');
    expect(replaced.iface).toBe(2);
  });

  it('leaves names that hold no MAC, and a note still reads', () => {
    const copy = copyOf(record);
    expect(copy?.kind === 'copy' && copy.notes.at(-1)).toBe(
      'iface-1.100 (a VLAN) and iface-2 are up; eth0 is not; enx0a1b2c3d4e5 has 11 digits.',
    );
    expect(record.environment.nas?.interfaces.at(-1)?.name).toBe('enp3s0');
  });
});

describe('pools, arrays, datasets and drives the probe learns', () => {
  // Proxmox's real `zpool status` lines: pool "raid10" (also a RAID level's name), members by their by-id names.
  const proxmox = probeCapture('drives/proxmox-zfs-raid10.txt');
  // A Synology's real /proc/mdstat: md0 to md3, names the kernel gives.
  const synology = probeCapture('drives/synology-8bay-shr2.txt');

  const withPools = () => {
    const run = labQuickRun();
    const nas = run.environment.nas;
    if (!nas) throw new Error('the lab run has probe facts');
    nas.pools = [
      ...(proxmox.pools ?? []),
      { name: 'boot-pool', sizeBytes: 1, allocatedBytes: 0, freeBytes: 1, health: 'ONLINE' },
    ];
    nas.disks = {
      drives: proxmox.disks?.drives ?? [],
      // An md RAID 10 beside the pool named raid10: the level is the contract's word, the pool's name is the user's.
      arrays: [
        ...(proxmox.disks?.arrays ?? []),
        ...(synology.disks?.arrays ?? []),
        { ...synologyArray(), level: 'raid10' },
      ],
    };
    nas.volumes.push({ mount: '/mnt/raid10/family photos', fsType: 'zfs', sizeBytes: 4e12, freeBytes: 2e12 });
    errorOnFirstStep(
      run,
      'zfs get failed on raid10/family photos',
      shellCommand(['zfs', 'get', '-H', '-p', 'primarycache,compression', 'raid10/family photos']),
    );
    noteOf(run, 'Pool raid10 is ONLINE; ata-Hitachi_xxxxxxxx-part1 resilvered; S/N xxxxxxxx; wwn-0x5000cca264c3ba8e.');
    return run;
  };
  const synologyArray = () => {
    const md2 = synology.disks?.arrays.find((array) => array.name === 'md2');
    if (!md2) throw new Error('the Synology capture has md2');
    return { ...md2, name: 'md5' };
  };
  const run = withPools();
  const { record, replaced } = anonymizeRun(run);
  const nas = record.environment.nas;

  it('a pool the user named is one stand-in, in its pool, its array and every text; a boot pool and md2 stay', () => {
    // Nowhere but as the md array's level.
    expect(json(record).replaceAll('"level":"raid10"', '')).not.toContain('raid10');
    expect(nas?.pools?.map((pool) => pool.name)).toEqual(['pool-1', 'boot-pool']);
    expect(nas?.disks?.arrays.map((array) => array.name)).toEqual(['pool-1', 'md3', 'md2', 'md1', 'md0', 'md5']);
    const copy = copyOf(record);
    expect(copy?.kind === 'copy' && copy.notes.at(-1)).toMatch(/^Pool pool-1 is ONLINE; /);
  });

  it('a pool named like a RAID level leaves the level alone, and the run stays one the contract takes', () => {
    expect(nas?.disks?.arrays.map((array) => array.level)).toEqual(
      run.environment.nas?.disks?.arrays.map((array) => array.level),
    );
    expect(nas?.disks?.arrays.at(-1)?.level).toBe('raid10');
    expect(RunRecord.safeParse(record).success).toBe(true);
  });

  it('a dataset is replaced whole where its mount and its name are written, so no part of it stays', () => {
    expect(json(record)).not.toMatch(/family|photos/i);
    expect(record.steps[0]?.error?.details?.commandLine).toMatch(/^zfs get -H -p primarycache,compression dataset-1$/);
    expect(record.steps[0]?.error?.message).toBe('zfs get failed on dataset-1');
  });

  it('drives named by id lose their serials (the members, a partition in a note, a WWN)', () => {
    expect(json(record)).not.toMatch(/xxxxxxxx|Hitachi_|5000cca264c3ba8e/);
    expect(nas?.disks?.arrays[0]?.members).toEqual(['drive-1', 'drive-2', 'drive-3', 'drive-4']);
    const copy = copyOf(record);
    expect(copy?.kind === 'copy' && copy.notes.at(-1)).toMatch(
      /^Pool pool-1 is ONLINE; drive-1-part1 resilvered; S\/N SERIAL-\d+; SERIAL-\d+\.$/,
    );
    expect(replaced).toMatchObject({ pool: 1, dataset: 1, drive: 4 });
  });
});

describe('a name however its letters are composed (NFC, NFD) and its host name encoded (Punycode)', () => {
  const share = 'Cafe\u0301 Zoe\u0308'; // "Café Zoë" as macOS writes it: e and a combining accent
  const run = labQuickRun();
  const nas = run.environment.nas;
  if (!nas) throw new Error('the lab run has probe facts');
  nas.folders = [{ path: `/srv/dev-disk-by-uuid-1/${share}`, kind: 'share' }];
  nas.hostname = 'zoë-nas';
  run.tags = ['lab', share.normalize('NFC')];
  noteOf(
    run,
    `Mounted smb://nas/${encodeURIComponent(share)} (${encodeURIComponent(share.normalize('NFC'))}).`,
    `The NAS said {"share":"Cafe\\u0301 Zoe\\u0308","nfc":"Caf\\u00e9 Zo\\u00eb"}.`,
    `Reached ${domainToASCII('zoë-nas.local')} and ${domainToASCII('bücher-nas.local')}, then bücher-nas.local again.`,
  );
  const { record } = anonymizeRun(run);
  const copy = copyOf(record);
  const notes = copy?.kind === 'copy' ? copy.notes.slice(-3) : [];

  it('a share named in NFD is found in NFD and in NFC, plain, URL-encoded and JSON-escaped, as one stand-in', () => {
    expect(record.environment.nas?.folders).toEqual([{ path: expect.stringMatching(/^\/folder-\d+$/), kind: 'share' }]);
    expect(record.tags).toEqual(['lab', 'share-1']);
    expect(notes[0]).toBe('Mounted smb://nas/share-1 (share-1).');
    expect(notes[1]).toBe('The NAS said {"share":"share-1","nfc":"share-1"}.');
  });

  it('a host name and its Punycode are one stand-in, known from the probe or found in a note', () => {
    expect(record.environment.nas?.hostname).toBe('host-1');
    expect(notes[2]).toMatch(/^Reached host-1\.local and (host-\d+), then \1 again\.$/);
  });

  it('and the anonymised report still imports', () => {
    const html = renderReport(record, {
      format: 'html',
      anonymize: false,
      unit: 'MB/s',
      generatedAt: '2026-12-02T10:00:00.000Z',
    }).text;
    expect(parseRunFile(runFileTextOf(html))).toEqual(RunRecord.parse(record));
  });
});
