import { describe, expect, it } from 'vitest';
import type { Plan } from '../../electron/engine/runs/plans';
import { runRequestOf } from '../../electron/engine/runs/run-steps';
import type { Step } from '../../electron/engine/runs/steps/types';
import { saveEndedRuns } from '../../electron/engine/runs/recorder';
import { RunRegistry } from '../../electron/engine/runs/registry';
import type { ScratchFolder } from '../../electron/engine/ssh/scratch';
import type { NasLogin } from '../../electron/engine/ssh/login';
import { RunStore } from '../../electron/engine/store';
import { NasbenchError } from '../../shared/contract/errors';
import type { ClientFacts } from '../../shared/contract/probe';
import type { RunEnd, RunProgress } from '../../shared/contract/run-events';
import type { TestResult } from '../../shared/contract/runs';
import { sampleNas, sampleRunRecord } from '../helpers/run-records';
import { tempDir } from './helpers';

/**
 * The orchestrator with the real registry, recorder and store; the steps are small test steps
 * (the single tests themselves are covered by their own tests and by tests/integration/plan-run.test.ts).
 */
const app = { name: 'NASBench', version: 'test', platform: 'linux', arch: 'x64', node: process.versions.node };
const upload = sampleRunRecord().results[0] as TestResult;
const client: ClientFacts = {
  os: { platform: 'linux', release: '6.1' },
  memoryBytes: 16 * 2 ** 30,
  route: { interface: 'eth0', localAddress: '192.168.1.20', type: 'ethernet', speedMbps: 1000, wifi: null },
};
const diskPartial: TestResult = {
  kind: 'disk',
  engine: 'fio',
  folder: '/mnt/tank',
  fileSystem: 'zfs',
  tests: [],
  hints: [],
};
const copyResult: TestResult = { kind: 'copy', dir: '/mnt/share', fileSystem: null, share: null, tests: [], notes: [] };

function session(host = '192.168.1.10', connected = () => true): NasLogin {
  return {
    info: { host, port: 22, hostKey: { type: 'ssh-ed25519', base64: '', fingerprint: `SHA256:${'A'.repeat(43)}` } },
    isConnected: connected,
  } as unknown as NasLogin;
}

function step(label: string, run: Step['run'], needsNas = true): Step {
  return {
    kind: 'network',
    label,
    what: label,
    seconds: 1,
    writes: [],
    series: [{ id: 'total', label }],
    needsNas,
    run,
    headline: () => undefined,
  };
}

function draft(steps: Step[]): Plan {
  return { plan: 'quick', title: 'Quick check', answers: '', steps, leftOut: [], notes: [], tags: ['Ethernet'] };
}

async function harness() {
  const store = new RunStore(await tempDir('run-steps'));
  const events: RunProgress[] = [];
  const waiting = new Map<string, (end: RunEnd) => void>();
  const registry = new RunRegistry(
    (event) => {
      events.push(event);
      if (event.kind === 'end') waiting.get(event.runId)?.(event);
    },
    saveEndedRuns(store, app),
  );
  const removed: string[] = [];
  /** Folders whose removal fails (a NAS that stopped answering, a file in it that stays busy). */
  const stuck = new Set<string>();
  const deps = (nasSession = session()) => ({
    session: nasSession,
    nas: sampleNas,
    client,
    parameters: {},
    openScratch: async (folder: string): Promise<ScratchFolder> => {
      const path = `${folder}/.nasbench-test`;
      return { path, remove: async () => !stuck.has(folder) && removed.push(path) > 0 };
    },
  });
  const ended = (runId: string) => new Promise<RunEnd>((resolve) => waiting.set(runId, resolve));
  return { store, events, registry, deps, removed, stuck, ended };
}

describe('running a plan', () => {
  it('names the scratch folders it could not remove, on the NAS and on the share, in its end and its saved run', async () => {
    const { store, registry, deps, stuck, ended } = await harness();
    stuck.add('/volume1/stuck');
    const runId = registry.start(
      runRequestOf(
        draft([
          step('NAS disks', async (kit) => {
            const scratch = await kit.scratch.open('/volume1/stuck', 1024);
            // The step's own removal fails; the run tries again as it ends, then names it.
            expect(await scratch.remove()).toBe(false);
            return [diskPartial];
          }),
          step('NAS disks elsewhere', async (kit) => {
            expect(await (await kit.scratch.open('/volume1/fine', 1024)).remove()).toBe(true);
            return [];
          }),
          step(
            'Share copy',
            async (kit) => {
              kit.progress.leftBehind({ path: '/mnt/share/.nasbench-x', where: 'share' });
              return [copyResult];
            },
            false,
          ),
        ]),
        deps(),
      ),
    );
    const end = await ended(runId);
    const expected = [
      { path: '/volume1/stuck/.nasbench-test', where: 'nas' },
      { path: '/mnt/share/.nasbench-x', where: 'share' },
    ];
    expect(end.state).toBe('done');
    expect(end.leftBehind).toEqual(expect.arrayContaining(expected));
    expect(end.leftBehind).toHaveLength(2);
    expect((await store.get(runId)).leftBehind).toEqual(end.leftBehind);
  });

  it('keeps going past a failed step, keeps every result (the failed step’s partial ones too) and ends failed naming the step', async () => {
    const { store, events, registry, deps, ended } = await harness();
    const runId = registry.start(
      runRequestOf(
        draft([
          step('Network to the NAS', async (kit) => {
            kit.progress.sample('total', 117e6);
            return [upload];
          }),
          step('NAS disks', async (kit) => {
            kit.progress.partial([diskPartial]);
            throw new NasbenchError('DISK_FULL', 'The disk is full.', 'Free some space.');
          }),
          step('Share copy', async () => [copyResult], false),
        ]),
        deps(),
      ),
    );
    const end = await ended(runId);
    expect(end).toMatchObject({
      state: 'failed',
      error: { code: 'DISK_FULL', message: 'NAS disks: The disk is full.' },
    });
    expect(end.verdicts).toEqual(expect.any(Array));
    const record = await store.get(runId);
    expect(record.results).toEqual([upload, diskPartial, copyResult]);
    expect(record.steps.map((saved) => [saved.name, saved.status, saved.error?.code])).toEqual([
      ['Network to the NAS', 'finished', undefined],
      ['NAS disks', 'failed', 'DISK_FULL'],
      ['Share copy', 'finished', undefined],
    ]);
    expect(record.tags).toEqual(['Ethernet']);
    expect(record.verdicts?.map((verdict) => verdict.id)).toContain('ceiling-link');
    expect(events.find((event) => event.kind === 'sample')).toMatchObject({ series: '1:total' });
    expect(events.find((event) => event.kind === 'begin')).toMatchObject({
      series: expect.arrayContaining([{ id: '1:total', label: '1. Network to the NAS' }]),
    });
  });

  it('skips the NAS’s steps once the connection to it is lost, but still copies to the local share', async () => {
    const { store, registry, deps, ended } = await harness();
    let ran = false;
    const runId = registry.start(
      runRequestOf(
        draft([
          step('Network to the NAS', async () => {
            throw new NasbenchError('LINK_LOST', 'The connection to the NAS was lost.', 'Check the cable.');
          }),
          step('NAS disks', async () => {
            ran = true;
            return [];
          }),
          step('Share copy', async () => [copyResult], false),
        ]),
        deps(),
      ),
    );
    await ended(runId);
    const record = await store.get(runId);
    expect(ran).toBe(false);
    expect(record.steps.map((saved) => saved.status)).toEqual(['failed', 'skipped', 'finished']);
    expect(record.steps[1]?.error?.message).toBe('Skipped: The connection to the NAS was lost.');
    expect(record.results).toEqual([copyResult]);
  });

  it('estimates the run’s time again as each step starts, from what the steps before it measured', async () => {
    const { registry, deps, events, ended } = await harness();
    const seen: (readonly TestResult[])[] = [];
    const copy: Step = {
      ...step('Share copy', async () => [copyResult], false),
      seconds: 10,
      // As a copy step does: slower than planned once the network's figure is known.
      reestimate: (earlier) => {
        seen.push([...earlier]);
        return earlier.length > 0 ? 40 : undefined;
      },
    };
    const runId = registry.start(runRequestOf(draft([step('Network to the NAS', async () => [upload]), copy]), deps()));
    await ended(runId);
    const started = events.flatMap((event) =>
      event.kind === 'step' && event.state === 'started' ? [event.expectedSeconds] : [],
    );
    // Before anything ran, the plan's own times (1 s + 10 s); then what has passed and the copy's 40 s.
    expect(started[0]).toBeGreaterThanOrEqual(11);
    expect(started[0]).toBeLessThan(40);
    expect(started[1]).toBeGreaterThanOrEqual(40);
    expect(seen.at(-1)).toEqual([upload]);
  });

  it('takes the time a step says it has left at each part, alone (the run’s parts) and in a plan (its step)', async () => {
    const { registry, deps, events, ended } = await harness();
    // As a sweep does: its own reckoning as each cell starts (300 s, then 5 s once its cells ran quicker).
    const sweep = step('Disk sweep', async (kit) => {
      kit.progress.part(0, 2, 'cell 1', 'started', 300);
      kit.progress.part(0, 2, 'cell 1', 'finished');
      kit.progress.part(1, 2, 'cell 2', 'started', 5);
      kit.progress.part(1, 2, 'cell 2', 'finished');
      return [diskPartial];
    });
    const expected = (runId: string) =>
      events.flatMap((event) => (event.runId === runId && event.kind === 'step' ? [event.expectedSeconds] : []));
    /** Each estimate against the one wanted: at least it, and late by no more than the run's few seconds of start-up. */
    const against = (runId: string, wanted: (number | undefined)[]) =>
      expected(runId).map((value, index) => {
        const low = wanted[index];
        return value === undefined || low === undefined ? value === low : value >= low && value < low + 5;
      });
    const alone = registry.start(runRequestOf({ ...draft([sweep]), single: true }, deps()));
    await ended(alone);
    // The run's whole time: what had passed and the step's time left; a part's finish says none.
    expect(against(alone, [300, undefined, 5, undefined])).toEqual([true, true, true, true]);
    const inPlan = registry.start(
      runRequestOf(draft([sweep, step('Network to the NAS', async () => [upload])]), deps()),
    );
    await ended(inPlan);
    // The plan's step starts with its planned 1 + 1 s; each part's time left and the next step's 1 s follow.
    expect(against(inPlan, [2, 301, 6]).slice(0, 3)).toEqual([true, true, true]);
  });

  it('on cancel: the running step fails as cancelled, the rest are skipped, and scratch folders left open are removed', async () => {
    const { store, registry, deps, removed, events, ended } = await harness();
    const runId = registry.start(
      runRequestOf(
        draft([
          step('Network to the NAS', async () => [upload]),
          step('NAS disks', async (kit) => {
            await kit.scratch.open('/mnt/tank', 1);
            kit.progress.partial([diskPartial]);
            await new Promise((_resolve, reject) =>
              kit.signal.addEventListener('abort', () => reject(new Error('killed'))),
            );
            return [];
          }),
          step('Share copy', async () => [copyResult], false),
        ]),
        deps(),
      ),
    );
    await expect
      .poll(() => events.some((event) => event.kind === 'step' && event.index === 1 && event.state === 'started'))
      .toBe(true);
    expect(registry.cancel(runId)).toBe(true);
    const end = await ended(runId);
    expect(end).toMatchObject({ state: 'cancelled', error: { code: 'CANCELLED' } });
    const record = await store.get(runId);
    expect(record.status).toBe('cancelled');
    expect(record.steps.map((saved) => [saved.status, saved.error?.code])).toEqual([
      ['finished', undefined],
      ['failed', 'CANCELLED'],
      ['skipped', 'CANCELLED'],
    ]);
    expect(record.results).toEqual([upload, diskPartial]);
    expect(removed).toEqual(['/mnt/tank/.nasbench-test']);
  });
});

describe('one run per NAS', () => {
  it('refuses a second run against the same NAS (also over another of its addresses) with NAS_BUSY, and takes it once the first ends', async () => {
    const { registry, deps, ended } = await harness();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const busy = draft([step('Network to the NAS', async () => (await held, [upload]))]);
    const first = registry.start(runRequestOf(busy, deps()));
    const again = () => registry.start(runRequestOf(draft([step('Network', async () => [upload])]), deps()));
    expect(again).toThrow(NasbenchError);
    try {
      again();
    } catch (error) {
      expect(error).toMatchObject({
        code: 'NAS_BUSY',
        message: expect.stringMatching(/^Another run is already measuring this NAS: “Quick check”/),
        hint: expect.stringMatching(/Wait until it ends, or cancel it/),
        details: { runId: first },
      });
    }
    // The same NAS logged in at another address: its probe lists 192.168.1.10 among its ports' addresses.
    const viaOtherAddress = () =>
      registry.start(runRequestOf(draft([step('Network', async () => [upload])]), deps(session('10.0.0.5'))));
    expect(viaOtherAddress).toThrow(/already measuring this NAS/);
    const otherNas = { ...deps(session('192.168.7.7')), nas: { ...sampleNas, interfaces: [] } };
    const elsewhere = registry.start(runRequestOf(draft([step('Network', async () => [upload])]), otherNas));
    await ended(elsewhere);
    release();
    await ended(first);
    const later = registry.start(runRequestOf(draft([step('Network', async () => [upload])]), deps()));
    expect((await ended(later)).state).toBe('done');
  });
});
