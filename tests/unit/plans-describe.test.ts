import { nasBaselineSeconds } from '../../electron/engine/nas-view';
import { describe, expect, it } from 'vitest';
import {
  describePlan,
  draftPlan,
  quickCheckDefaults,
  quickDiskTests,
  type PlanFacts,
} from '../../electron/engine/runs/plans';
import { planToRun } from '../../electron/engine/runs/plans/prepare';
import { PlanSettings, PlanPreview, type PlanSettings as PlanInputShape } from '../../shared/contract/plans';
import type { ClientFacts, NasFacts } from '../../shared/contract/probe';
import { sampleNas } from '../helpers/run-records';

const MiB = 2 ** 20;
const GiB = 2 ** 30;
const sessionId = '0f8fad5b-d9cb-469f-a165-70867728950e';

const wired: ClientFacts = {
  os: { platform: 'linux', release: '6.1' },
  memoryBytes: 16 * GiB,
  route: { interface: 'eth0', localAddress: '192.168.1.20', type: 'ethernet', speedMbps: 1000, wifi: null },
};

function facts(input: Omit<PlanInputShape, 'sessionId'>, changes: Partial<Omit<PlanFacts, 'options'>> = {}): PlanFacts {
  return {
    options: PlanSettings.parse({ sessionId, ...input }),
    host: '192.168.1.10',
    nas: sampleNas,
    client: wired,
    shareFreeBytes: 500 * GiB,
    links: null,
    ...changes,
  };
}

const preview = (planFacts: PlanFacts) => PlanPreview.parse(describePlan(draftPlan(planFacts)));

describe('Quick check plan', () => {
  it('is network both ways, CrystalDiskMark’s eight disk tests in the NAS folder and a share copy, in about a minute', () => {
    const plan = preview(facts({ plan: 'quick', nasFolder: '/mnt/tank/bench', shareFolder: '/Volumes/tank' }));
    expect(plan.steps.map((step) => step.label)).toEqual([
      'Network to the NAS',
      'Network from the NAS',
      'NAS disks',
      'Share copy',
    ]);
    expect(plan.leftOut).toEqual([]);
    expect(plan.expectedSeconds).toBeGreaterThan(30);
    expect(plan.expectedSeconds).toBeLessThanOrEqual(75);
    // The NAS's baseline (how busy it was before the first test) is part of the time the user waits.
    const steps = plan.steps.reduce((sum, step) => sum + step.seconds, 0);
    expect(plan.expectedSeconds).toBe(steps + nasBaselineSeconds);
    const disks = plan.steps[2];
    for (const test of quickDiskTests) expect(disks?.what).toContain(test);
    expect(disks?.what).toMatch(/, 3 s each/);
    expect(disks?.writes).toEqual([{ where: '/mnt/tank/bench/.nasbench-<run id>', bytes: 256 * MiB }]);
    // The share copy is sized to settle within the minute: at least 256 MiB, on until steady, at most 1 GiB or 15 s.
    expect(plan.steps[3]?.what).toMatch(
      /a file sized to settle \(at least 256 MiB, on until its rate holds steady, at most 1\.00 GiB or 15 s\)/,
    );
    expect(plan.steps[3]?.writes).toEqual([{ where: '/Volumes/tank/.nasbench-<run id>', bytes: GiB }]);
    expect(plan.steps[3]?.seconds).toBeLessThanOrEqual(2 * 15 + 1);
    // A size the user gives is used as is.
    const sized = preview(facts({ plan: 'quick', shareFolder: '/Volumes/tank', shareFileBytes: 64 * MiB }));
    expect(sized.steps.find((step) => step.kind === 'copy')?.what).toContain('a 64.0 MiB file');
    expect(plan.steps[0]?.writes).toEqual([]);
  });

  it('leaves out the disks and the share, saying why, when no folders are chosen', () => {
    const plan = preview(facts({ plan: 'quick' }));
    expect(plan.steps).toHaveLength(2);
    expect(plan.leftOut.map((left) => left.label)).toEqual(['NAS disks', 'Share copy']);
    expect(plan.leftOut[0]?.reason).toMatch(/No folder on the NAS/);
  });

  it('follows the probe: a smaller disk file on a nearly full volume, dd without fio, SSH without iperf3', () => {
    const nearlyFull: NasFacts = {
      ...sampleNas,
      volumes: [{ mount: '/mnt/tank', fsType: 'zfs', sizeBytes: 4e12, freeBytes: 400 * MiB }],
    };
    const small = preview(facts({ plan: 'quick', nasFolder: '/mnt/tank' }, { nas: nearlyFull }));
    expect(small.steps[2]?.writes[0]?.bytes).toBe(100 * MiB);
    expect(small.notes.join(' ')).toMatch(/smaller than usual/);

    const full = preview(
      facts(
        { plan: 'quick', nasFolder: '/mnt/tank' },
        {
          nas: {
            ...nearlyFull,
            volumes: [{ mount: '/mnt/tank', fsType: 'zfs', sizeBytes: 4e12, freeBytes: 64 * MiB }],
          },
        },
      ),
    );
    expect(full.leftOut[0]).toMatchObject({
      label: 'NAS disks',
      reason: expect.stringMatching(/too little free space/),
    });

    const bare: NasFacts = {
      ...sampleNas,
      tools: { fio: null, iperf3: null },
      installHints: ['Install fio from Entware.'],
    };
    const noTools = preview(facts({ plan: 'quick', nasFolder: '/mnt/tank' }, { nas: bare }));
    expect(noTools.steps[0]?.what).toMatch(/SSH connection.*lower bound/);
    expect(noTools.steps[2]?.what).toMatch(/dd writes 256 MiB.*Install fio from Entware/);
  });

  it('its share copy takes longer once the network turns out slower than the link assumed, over that link only', () => {
    const overThisLink = {
      kind: 'network-share',
      server: 'nas.local',
      protocol: 'smb',
      interface: 'eth0',
      localAddress: '192.168.1.20',
    } as const;
    const copyOf = (sharePath: PlanFacts['sharePath']) =>
      draftPlan(facts({ plan: 'quick', shareFolder: '/mnt/nas' }, { sharePath })).steps.find(
        (step) => step.kind === 'copy',
      );
    // 24 MB/s each way, as a 200 Mbit/s Wi-Fi carries: 256 MiB each way is 11 s, not the 1 GbE link's 2.4 s.
    const slow = (direction: 'upload' | 'download') => ({
      kind: 'network' as const,
      method: 'iperf3' as const,
      direction,
      streamsPerLeg: 1,
      summary: { bitsPerSecond: 192e6, bytes: 120e6, seconds: 5 },
      legs: [],
    });
    const copy = copyOf(overThisLink);
    expect(copy?.reestimate?.([slow('upload'), slow('download')])).toBeGreaterThanOrEqual(2 * 11 + 1);
    expect(copy?.seconds).toBeLessThan(20);
    // Nothing measured yet: the plan's own time stands.
    expect(copy?.reestimate?.([])).toBeUndefined();
    // A folder on this computer, or a share mounted over another link, does not go at the network's rate.
    expect(copyOf({ kind: 'local-disk' } as PlanFacts['sharePath'])?.reestimate?.([slow('upload')])).toBeUndefined();
  });

  it('its disk step has the Q1T1 tests CrystalDiskMark users read first and still fits its minute', () => {
    expect(quickDiskTests).toEqual(
      expect.arrayContaining(['SEQ1M Q1T1 read', 'SEQ1M Q1T1 write', 'RND4K Q1T1 read', 'RND4K Q1T1 write']),
    );
    expect(quickDiskTests).toHaveLength(8);
    const plan = preview(facts({ plan: 'quick', nasFolder: '/mnt/tank/bench' }));
    const disks = plan.steps.find((step) => step.label === 'NAS disks');
    // Eight tests of their runtime, half a second of start-up each, and laying out the 256 MiB file.
    expect(disks?.seconds).toBeGreaterThanOrEqual(8 * (quickCheckDefaults.diskSeconds + 0.5));
    expect(disks?.seconds).toBeLessThanOrEqual(quickCheckDefaults.diskBudgetSeconds);
  });

  it('draws a line per disk test, named, so the live chart says which test is which', () => {
    const disks = draftPlan(facts({ plan: 'quick', nasFolder: '/mnt/tank/bench' })).steps.find(
      (step) => step.label === 'NAS disks',
    );
    expect(disks?.series.map((line) => line.label)).toEqual(quickDiskTests.map((name) => `NAS disks: ${name}`));
    // dd runs no such tests: one line for the step.
    const withoutFio = draftPlan(
      facts(
        { plan: 'quick', nasFolder: '/mnt/tank/bench' },
        { nas: { ...sampleNas, tools: { ...sampleNas.tools, fio: null } } },
      ),
    ).steps.find((step) => step.label === 'NAS disks');
    expect(withoutFio?.series).toEqual([{ id: 'disk', label: 'NAS disks' }]);
  });

  it('takes the user’s durations', () => {
    const plan = preview(facts({ plan: 'quick', nasFolder: '/mnt/tank', networkSeconds: 3, diskSeconds: 2 }));
    // Three seconds of test and two of timing the idle delay first (starting iperf3 is lost in the rounding).
    expect(plan.steps[0]?.seconds).toBe(5);
    expect(plan.steps[2]?.what).toContain('2 s each');
  });
});

describe('the other plans', () => {
  it('Cached vs uncached: the same sequential tests buffered then direct, the buffered file within a quarter of the NAS’s RAM', () => {
    const nas = { ...sampleNas, memoryBytes: 2 * GiB };
    const plan = preview(
      facts({ plan: 'cached-vs-uncached', nasFolder: '/mnt/tank', shareFolder: '/mnt/share' }, { nas }),
    );
    expect(plan.steps.map((step) => step.label)).toEqual([
      'NAS disks, through the cache',
      'NAS disks, past the cache',
      'Share cache wall',
    ]);
    expect(plan.steps[0]?.writes[0]?.bytes).toBe(512 * MiB);
    expect(plan.steps[0]?.what).toMatch(/buffered/);
    expect(plan.steps[1]?.what).toMatch(/direct I\/O/);
    expect(plan.steps[2]?.what).toMatch(/doubling/);
    expect(plan.notes[0]).toContain('2.00 GiB');
  });

  it('Bonded link, each way: one stream on one link, one per link at once, then several; one path leaves the rest out', () => {
    const links = {
      legs: [
        { target: '192.168.1.10', bindAddress: '192.168.1.20', label: 'eth0 → igb0' },
        { target: '192.168.2.10', bindAddress: '192.168.2.20', label: 'eth1 → igb1' },
      ],
      notes: ['2 links found'],
    };
    const two = preview(facts({ plan: 'bonded-link', networkSeconds: 4 }, { links }));
    expect(two.steps.map((step) => step.label)).toEqual([
      'One stream, one link, to the NAS',
      'One stream per link, 2 links at once, to the NAS',
      '4 streams per link, 2 links at once, to the NAS',
      'One stream, one link, from the NAS',
      'One stream per link, 2 links at once, from the NAS',
      '4 streams per link, 2 links at once, from the NAS',
    ]);
    expect(two.steps[1]?.what).toContain('on 2 links at once');
    // One stream is one copy: the words say a bond gives it one link, never that a bond makes it faster.
    expect(two.steps[0]?.what).toMatch(/One stream is one copy: .* one copy gets one link's speed/);
    expect(two.notes).toEqual(['2 links found']);
    const one = preview(facts({ plan: 'bonded-link' }, { links: { legs: links.legs.slice(0, 1), notes: [] } }));
    expect(one.steps.map((step) => step.label)).toEqual([
      'One stream, one link, to the NAS',
      'One stream, one link, from the NAS',
    ]);
    expect(one.leftOut[0]?.reason).toMatch(/Only one path/);
  });

  it('Compare connections: named and tagged by the connection, the interface’s suggestion when the user gave none', () => {
    const wifi: ClientFacts = { ...wired, route: { ...wired.route, interface: 'wlan0', type: 'wifi', speedMbps: 867 } };
    const plan = preview(facts({ plan: 'compare-connections', tags: ['upstairs'] }, { client: wifi }));
    expect(plan.tags).toEqual(['upstairs', 'Wi-Fi']);
    expect(plan.title).toBe('Compare connections: Wi-Fi');
    expect(plan.notes[0]).toContain('wlan0');
    // The user's words win: the run is the "Upstairs mesh" one in History, its title and its tag.
    const named = preview(facts({ plan: 'compare-connections', connection: 'Upstairs mesh' }, { client: wifi }));
    expect(named.title).toBe('Compare connections: Upstairs mesh');
    expect(named.tags).toEqual(['Upstairs mesh']);
    expect(named.notes[0]).toMatch(
      /^This computer reaches the NAS over wlan0 \(Wi-Fi, .*named and tagged “Upstairs mesh”/,
    );
  });

  it('says before it starts when the share is a local folder, or mounted over another link than the one compared', () => {
    const wifi: ClientFacts = {
      ...wired,
      route: { ...wired.route, interface: 'wlan0', localAddress: '192.168.1.31', type: 'wifi' },
    };
    const share = {
      kind: 'network-share',
      server: 'nas.local',
      protocol: 'smb',
      localAddress: '192.168.1.20',
    } as const;
    const overCable = { ...share, interface: 'eth0' };
    const copyStep = (plan: PlanPreview) => plan.steps.find((step) => step.kind === 'copy');
    const compare = (sharePath: PlanFacts['sharePath'], client = wifi) =>
      copyStep(preview(facts({ plan: 'compare-connections', shareFolder: '/mnt/nas' }, { client, sharePath })));

    expect(compare(overCable)?.warnings).toEqual([
      'The share is mounted over eth0, not over the Wi-Fi link (wlan0) this comparison is about: ' +
        'its copy figures are eth0’s, not the Wi-Fi link’s.',
    ]);
    // Over the link compared, or not looked up: nothing to say.
    expect(compare({ ...share, interface: 'wlan0' })?.warnings).toBeUndefined();
    expect(compare(null)?.warnings).toBeUndefined();

    const local = { kind: 'local-disk', server: null, protocol: null, interface: null, localAddress: null } as const;
    const quick = preview(facts({ plan: 'quick', shareFolder: '/home/anna/test' }, { sharePath: local }));
    expect(copyStep(quick)?.warnings?.[0]).toMatch(/own disk, not on a NAS.*choose a folder in a share of it mounted/);
    // …and asks: without a yes the plan does not start; a share of the NAS is never asked about.
    expect(copyStep(quick)?.askFirst).toBe(
      'Copy in this folder anyway? Its figures will be this computer’s, not the NAS’s.',
    );
    const memory = { ...local, kind: 'memory' } as const;
    expect(copyStep(preview(facts({ plan: 'quick', shareFolder: '/dev/shm' }, { sharePath: memory })))?.askFirst).toBe(
      copyStep(quick)?.askFirst,
    );
    expect(() => planToRun(facts({ plan: 'quick', shareFolder: '/home/anna/test' }, { sharePath: local }))).toThrow(
      /the share folder \/home\/anna\/test is not a share of the NAS/,
    );
    const yes = facts(
      { plan: 'quick', shareFolder: '/home/anna/test', useLocalShareFolder: true },
      { sharePath: local },
    );
    expect(planToRun(yes).preview.steps.map((step) => step.kind)).toContain('copy');
    expect(compare(overCable)?.askFirst).toBeUndefined();
    // The Quick check is about no one link: a share over any link is a share.
    expect(
      copyStep(preview(facts({ plan: 'quick', shareFolder: '/mnt/nas' }, { sharePath: overCable })))?.warnings,
    ).toBeUndefined();
  });

  it('Disk sweep: needs fio, and keeps only file sizes the folder has room for', () => {
    const plan = preview(facts({ plan: 'disk-sweep', nasFolder: '/mnt/tank' }));
    expect(plan.steps[0]?.kind).toBe('sweep');
    const tight = {
      ...sampleNas,
      volumes: [{ mount: '/mnt/tank', fsType: 'zfs', sizeBytes: 1e12, freeBytes: 1 * GiB }],
    };
    const cut = preview(facts({ plan: 'disk-sweep', nasFolder: '/mnt/tank' }, { nas: tight }));
    expect(cut.steps[0]?.what).toContain('file sizes 64M ×');
    expect(cut.notes[0]).toMatch(/left out/);
    const noFio = preview(
      facts(
        { plan: 'disk-sweep', nasFolder: '/mnt/tank' },
        { nas: { ...sampleNas, tools: { fio: null, iperf3: null } } },
      ),
    );
    expect(noFio.steps).toEqual([]);
    expect(noFio.leftOut[0]?.reason).toMatch(/fio is not installed/);
  });

  it('Custom: the given steps in order, each with the single test’s settings', () => {
    const plan = preview(
      facts({
        plan: 'custom',
        nasFolder: '/mnt/tank',
        steps: [
          { kind: 'network', direction: 'download', streams: 4, seconds: 20 },
          { kind: 'disk', preset: 'bulk', uncached: true, runtimeSeconds: 30 },
          { kind: 'copy', fileSizeBytes: GiB },
        ],
      }),
    );
    expect(plan.steps.map((step) => step.kind)).toEqual(['network', 'disk']);
    expect(plan.steps[0]?.what).toContain('4 streams');
    expect(plan.steps[1]?.what).toContain('SEQ128K Q1T32 write');
    expect(plan.leftOut).toEqual([{ label: 'Step 3 (copy)', reason: 'No mounted share was chosen.' }]);
  });

  it('Custom: a network step straight to the disks is the three-part test, writing only in its folder', () => {
    const plan = preview(
      facts({
        plan: 'custom',
        steps: [{ kind: 'network', seconds: 5, disk: { folder: '/volume1/data', way: 'to-disk' }, lengths: [65536] }],
      }),
    );
    expect(plan.steps.map((step) => step.label)).toEqual(['Network straight to the NAS’s disks']);
    expect(plan.steps[0]?.what).toMatch(
      /the network alone, .*Then fio on the NAS in \/volume1\/data.*Then iperf3 on the NAS writes/,
    );
    // The stages run one after another, each scratch folder gone before the next: the larger is what it needs.
    expect(plan.steps[0]?.writes).toEqual([{ where: '/volume1/data/.nasbench-<run id>', bytes: 5 * 1.25e9 }]);
  });
});
