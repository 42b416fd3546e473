import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../electron/engine';
import { saveEndedRuns } from '../../electron/engine/runs/recorder';
import { RunRegistry, type RunRequest } from '../../electron/engine/runs/registry';
import { RunStore } from '../../electron/engine/store';
import { NasbenchError } from '../../shared/contract/errors';
import type { RunProgress } from '../../shared/contract/run-events';
import type { RunRecord, RunSummary } from '../../shared/contract/runs';
import { sampleNas } from '../helpers/run-records';
import { tempDir } from './helpers';

const app = { name: 'NASBench', version: 'test', platform: 'linux', arch: 'x64', node: process.versions.node };

const diskDetails = {
  kind: 'disk' as const,
  engine: 'fio' as const,
  folder: '/mnt/tank',
  fileSystem: 'zfs',
  tests: [],
  hints: [],
};

/** A registry that saves into a fresh store; `finished` resolves with the run's saved record as its end event is heard. */
async function recordingRegistry() {
  const store = new RunStore(await tempDir('recorder'));
  const waiting = new Map<string, (record: Promise<RunRecord>) => void>();
  const registry = new RunRegistry(
    (event: RunProgress) => {
      // What a listener finds at the moment the end event arrives.
      if (event.kind === 'end') waiting.get(event.runId)?.(store.get(event.runId));
    },
    saveEndedRuns(store, app),
  );
  const finished = (runId: string) =>
    new Promise<RunRecord>((resolve) => waiting.set(runId, (record) => resolve(record)));
  return { store, registry, finished };
}

function plan(work: RunRequest['work'], extra: Partial<RunRequest> = {}): RunRequest {
  return { plan: 'test', title: 'A test', target: '192.168.1.10', expectedSeconds: 1, series: [], work, ...extra };
}

describe('saving runs as they end', () => {
  it('saves a completed run before its end event goes out, with steps, samples, results, parameters and the NAS facts', async () => {
    const { registry, finished } = await recordingRegistry();
    const runId = registry.start(
      plan(
        async (context) => {
          context.note({ tags: ['Ethernet'] });
          context.step(0, 1, 'Measure', 'started');
          for (let i = 0; i < 2000; i++) context.sample('total', 1000 + i);
          context.setDetails(diskDetails);
          context.step(0, 1, 'Measure', 'finished');
          return { bytes: 10, seconds: 1, bytesPerSecond: 10, peakBytesPerSecond: 12 };
        },
        { parameters: { folder: '/mnt/tank', preset: 'quick' }, environment: { nas: sampleNas } },
      ),
    );
    const record = await finished(runId);
    expect(record).toMatchObject({
      id: runId,
      status: 'completed',
      steps: [{ index: 0, name: 'Measure', status: 'finished' }],
      summary: { bytesPerSecond: 10 },
      results: [diskDetails],
      error: null,
      tags: ['Ethernet'],
      environment: {
        target: '192.168.1.10',
        nas: { hostname: 'nas' },
        tools: { fio: '3.33', iperf3: '3.12' },
        parameters: { folder: '/mnt/tank', preset: 'quick' },
        app,
      },
    });
    expect(record.samples[0]?.series).toBe('total');
    expect(record.samples[0]?.points.length).toBeGreaterThan(1);
  });

  it('saves a failed run with its error on the failed step and the results it finished', async () => {
    const { registry, finished } = await recordingRegistry();
    const runId = registry.start(
      plan(async (context) => {
        context.step(0, 2, 'Network', 'started');
        context.note({
          results: [
            {
              kind: 'throughput',
              test: 'network',
              summary: { bytes: 1, seconds: 1, bytesPerSecond: 1, peakBytesPerSecond: 1 },
            },
          ],
        });
        context.step(0, 2, 'Network', 'finished');
        context.step(1, 2, 'Disk', 'started');
        throw new NasbenchError('DISK_FULL', 'The NAS volume is full.', 'Free some space.');
      }),
    );
    const record = await finished(runId);
    expect(record.status).toBe('failed');
    expect(record.error).toMatchObject({ code: 'DISK_FULL' });
    expect(record.steps).toEqual([
      { index: 0, name: 'Network', status: 'finished' },
      { index: 1, name: 'Disk', status: 'failed', error: expect.objectContaining({ code: 'DISK_FULL' }) },
    ]);
    expect(record.results).toHaveLength(1);
  });

  it('saves a cancelled run with its partial results', async () => {
    const { registry, finished } = await recordingRegistry();
    const runId = registry.start(
      plan(async (context) => {
        context.setDetails(diskDetails);
        context.sample('total', 5);
        await new Promise((_resolve, reject) => context.signal.addEventListener('abort', () => reject(new Error('x'))));
        return undefined;
      }),
    );
    setTimeout(() => registry.cancel(runId), 20);
    const record = await finished(runId);
    expect(record).toMatchObject({ status: 'cancelled', error: { code: 'CANCELLED' }, results: [diskDetails] });
    expect(record.samples).toEqual([{ series: 'total', points: [[expect.any(Number), 5]] }]);
  });
});

describe('history through the engine contract', () => {
  it('saves the loopback demo run and lists, tags, gets, imports and deletes it', async () => {
    const dataDir = await tempDir('engine-history');
    const engine = createEngine({ dataDir, mode: 'cli' });
    const ended = new Promise<void>((resolve) =>
      engine.onEvent((event, progress) => (event === 'runProgress' && progress.kind === 'end' ? resolve() : undefined)),
    );
    const started = await engine.dispatch('startDemoRun', { seconds: 1, sampleIntervalMs: 200 });
    if (!started.ok) throw new Error(started.error.message);
    const { runId } = started.data as { runId: string };
    await ended;
    const listed = await engine.dispatch('listRuns', undefined);
    expect(listed).toMatchObject({
      ok: true,
      data: { runs: [{ id: runId, plan: 'demo', host: 'This computer' }], problems: [] },
    });
    const tagged = await engine.dispatch('setRunTags', { runId, tags: ['loopback'] });
    expect(tagged).toMatchObject({ ok: true, data: { tags: ['loopback'] } });
    const got = await engine.dispatch('getRun', { runId });
    if (!got.ok) throw new Error(got.error.message);
    const record = got.data as RunRecord;
    expect(record).toMatchObject({ status: 'completed', environment: { parameters: { seconds: 1 } } });
    expect(record.results[0]).toMatchObject({ kind: 'throughput', test: 'demo' });
    const imported = await engine.dispatch('importRun', { text: JSON.stringify(record) });
    expect(imported).toMatchObject({ ok: true, data: { renamed: true } });
    expect(await engine.dispatch('importRun', { text: '{"schemaVersion": 99}' })).toMatchObject({
      ok: false,
      error: { code: 'UNSUPPORTED_VERSION' },
    });
    expect(await engine.dispatch('deleteRun', { runId })).toEqual({ ok: true, data: { deleted: true } });
    const after = await engine.dispatch('listRuns', undefined);
    const runs = (after.ok ? (after.data as { runs: RunSummary[] }).runs : []).map((run) => run.id);
    expect(runs).not.toContain(runId);
    expect(runs).toHaveLength(1);
    expect(await readdir(`${dataDir}/runs`)).toHaveLength(1);
    await engine.shutdown();
  });
});
