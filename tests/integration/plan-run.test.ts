import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../electron/engine';
import { sha256Fingerprint } from '../../electron/engine/ssh/host-key';
import type { RunEnd, RunProgress } from '../../shared/contract/run-events';
import { nasCommandLines, nasExec, readHostKey, runsProgram } from '../lab/lab';
import { tempDir } from '../unit/helpers';
import { connectedEngine, lab } from './lab-login';

/** Guided plans through the engine's contract, in the lab: one run per NAS, cancel, a failing step. */
const folder = `${lab.share}/plan-run-${randomUUID()}`;
beforeAll(() => {
  expect(nasExec(['install', '-d', '-o', lab.users.test.name, '-g', lab.users.test.name, folder]).code).toBe(0);
});
afterAll(() => {
  nasExec(['rm', '-rf', folder]);
});

async function endOf(events: RunProgress[], runId: string): Promise<RunEnd> {
  const find = () => events.find((event): event is RunEnd => event.kind === 'end' && event.runId === runId);
  await expect.poll(find, { timeout: 60_000 }).toBeDefined();
  const end = find();
  if (!end) throw new Error('no end event');
  return end;
}

describe('guided plans on the lab NAS', () => {
  it('refuses a second run against the same NAS while one is active, even through another of its addresses', async () => {
    const { engine, sessionId, events } = await connectedEngine('plan-busy');
    try {
      const first = await engine.dispatch('startPlan', { plan: 'quick', sessionId, networkSeconds: 3 });
      expect(first.ok).toBe(true);
      const runId = first.ok ? (first.data as { runId: string }).runId : '';
      const again = await engine.dispatch('startPlan', { plan: 'quick', sessionId, networkSeconds: 3 });
      expect(again).toMatchObject({
        ok: false,
        error: { code: 'NAS_BUSY', message: expect.stringMatching(/Quick check/), details: { runId } },
      });
      const single = await engine.dispatch('startNetworkRun', { sessionId, seconds: 2 });
      expect(single).toMatchObject({ ok: false, error: { code: 'NAS_BUSY' } });
      const slow = await engine.handlers.connectNas({
        host: lab.legs.slow.nas,
        port: lab.ssh.port,
        username: lab.users.test.name,
        auth: { kind: 'password', password: lab.users.test.password, remember: false },
        trustFingerprint: sha256Fingerprint(readHostKey().blob),
      });
      const overSlowLeg = await engine.dispatch('startPlan', {
        plan: 'quick',
        sessionId: slow.sessionId,
        networkSeconds: 3,
      });
      expect(overSlowLeg).toMatchObject({ ok: false, error: { code: 'NAS_BUSY' } });
      await engine.dispatch('cancelRun', { runId });
      expect((await endOf(events, runId)).state).toBe('cancelled');
      // Free again once the first run has ended.
      const after = await engine.dispatch('previewPlan', { plan: 'quick', sessionId: slow.sessionId });
      expect(after).toMatchObject({ ok: true, data: { plan: 'quick', steps: expect.any(Array) } });
    } finally {
      await engine.shutdown();
    }
  });

  it('cancel during the disk step keeps the network figures and leaves nothing on the NAS (no scratch folder, fio or iperf3)', async () => {
    const { engine, sessionId, events } = await connectedEngine('plan-cancel');
    try {
      const started = await engine.handlers.startPlan({
        plan: 'quick',
        sessionId,
        nasFolder: folder,
        networkSeconds: 3,
        diskSeconds: 3,
      });
      const { runId } = started;
      await expect
        .poll(() => events.some((event) => event.kind === 'sample' && event.series.startsWith('3:disk')), {
          timeout: 60_000,
        })
        .toBe(true);
      expect(nasCommandLines().some((line) => runsProgram(line, 'fio') && line.includes(folder))).toBe(true);
      await engine.handlers.cancelRun({ runId });
      const end = await endOf(events, runId);
      expect(end).toMatchObject({ state: 'cancelled', error: { code: 'CANCELLED' } });
      const record = await engine.handlers.getRun({ runId });
      expect(record.steps.map((step) => [step.name, step.status])).toEqual([
        ['Network to the NAS', 'finished'],
        ['Network from the NAS', 'finished'],
        ['NAS disks', 'failed'],
      ]);
      const network = record.results.filter((result) => result.kind === 'network');
      expect(network.map((result) => result.direction)).toEqual(['upload', 'download']);
      expect(nasExec(['ls', '-A', folder]).stdout.trim()).toBe('');
      const lines = nasCommandLines();
      expect(lines.filter((line) => runsProgram(line, 'fio') && line.includes(folder))).toEqual([]);
      const ports = network.flatMap((result) => result.legs.map((leg) => String(leg.port)));
      expect(
        lines.filter((line) => runsProgram(line, 'iperf3') && ports.some((port) => line.includes(`--port ${port}`))),
      ).toEqual([]);
    } finally {
      await engine.shutdown();
    }
  });

  it('a failing step keeps the other steps’ figures: network both ways and the share copy, with verdicts', async () => {
    const { engine, sessionId, events } = await connectedEngine('plan-failing-step');
    const shareFolder = await tempDir('plan-share');
    try {
      const settings = {
        plan: 'quick',
        sessionId,
        nasFolder: `${folder}/not-there`,
        shareFolder,
        networkSeconds: 3,
        shareFileBytes: 32 * 2 ** 20,
      } as const;
      // The "share" is a folder on this computer: the plan asks first, and does not start without a yes.
      const asked = (await engine.handlers.previewPlan(settings)).steps.find((step) => step.kind === 'copy');
      expect(asked?.askFirst).toMatch(/^Copy in this folder anyway\? Its figures will be this computer’s/);
      await expect(engine.handlers.startPlan(settings)).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        message: expect.stringContaining(`the share folder ${shareFolder} is not a share of the NAS`),
      });
      expect(await readdir(shareFolder)).toEqual([]);
      const { runId, preview } = await engine.handlers.startPlan({ ...settings, useLocalShareFolder: true });
      expect(preview.steps.map((step) => step.kind)).toEqual(['network', 'network', 'disk', 'copy']);
      const end = await endOf(events, runId);
      expect(end).toMatchObject({
        state: 'failed',
        error: { code: 'INVALID_INPUT', message: expect.stringMatching(/^NAS disks: /) },
      });
      expect(end.verdicts).toEqual(expect.any(Array));
      const record = await engine.handlers.getRun({ runId });
      expect(record.steps.map((step) => step.status)).toEqual(['finished', 'finished', 'failed', 'finished']);
      expect(record.steps[2]?.error?.message).toMatch(/does not exist/);
      expect(record.results.map((result) => result.kind)).toEqual(['network', 'network', 'copy']);
      expect(record.verdicts).toEqual(end.verdicts);
      expect(await readdir(shareFolder)).toEqual([]);
    } finally {
      await engine.shutdown();
      await rm(shareFolder, { recursive: true, force: true });
    }
  });

  it('Bonded link: the leg planner’s links (a, b and the slow leg, each from its own interface) in the preview, then each way one stream on one, one per link at once and four per link', async () => {
    const { engine, sessionId, events } = await connectedEngine('plan-bonded');
    try {
      const preview = await engine.handlers.previewPlan({ plan: 'bonded-link', sessionId, networkSeconds: 3 });
      expect(preview.steps.map((step) => step.label)).toEqual(
        ['to the NAS', 'from the NAS'].flatMap((way) => [
          `One stream, one link, ${way}`,
          `One stream per link, 3 links at once, ${way}`,
          `4 streams per link, 3 links at once, ${way}`,
        ]),
      );
      expect(preview.notes[0]).toMatch(/^3 links found/);
      const { runId } = await engine.handlers.startPlan({ plan: 'bonded-link', sessionId, networkSeconds: 3 });
      expect((await endOf(events, runId)).state).toBe('done');
      const record = await engine.handlers.getRun({ runId });
      const network = record.results.flatMap((result) => (result.kind === 'network' ? [result] : []));
      expect(network.map((result) => [result.direction, result.legs.length, result.streamsPerLeg])).toEqual([
        ['upload', 1, 1],
        ['upload', 3, 1],
        ['upload', 3, 4],
        ['download', 1, 1],
        ['download', 3, 1],
        ['download', 3, 4],
      ]);
      const together = network[1];
      expect(new Set(together?.legs.map((leg) => leg.bindAddress))).toEqual(
        new Set([lab.legs.a.host, lab.legs.b.host, lab.legs.slow.host]),
      );
      // Three shaped links at once carry more than the one link alone.
      expect(together?.summary.bitsPerSecond ?? 0).toBeGreaterThan(network[0]?.summary.bitsPerSecond ?? Infinity);
    } finally {
      await engine.shutdown();
    }
  });

  it('refuses a run while another NASBench process (a `nasbench quick`) measures the NAS from the same data folder', async () => {
    const dataDir = await tempDir('plan-cross-process');
    const argv = ['--json', '--data-dir', dataDir, 'quick', '--host', lab.legs.a.nas, '--user', lab.users.test.name];
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'electron/cli/index.ts', ...argv, '--trust-new-host', '--time', '4'],
      {
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
        env: { ...process.env, NASBENCH_PASSWORD: lab.users.test.password },
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const engine = createEngine({ dataDir, mode: 'web' });
    try {
      await expect.poll(() => stderr.includes('… 1/2 Network to the NAS'), { timeout: 30_000 }).toBe(true);
      // Over the slow leg: another address of the same NAS.
      const { sessionId } = await engine.handlers.connectNas({
        host: lab.legs.slow.nas,
        port: lab.ssh.port,
        username: lab.users.test.name,
        auth: { kind: 'password', password: lab.users.test.password, remember: false },
        trustFingerprint: sha256Fingerprint(readHostKey().blob),
      });
      const refused = await engine.dispatch('startPlan', { plan: 'quick', sessionId, networkSeconds: 2 });
      expect(refused).toMatchObject({
        ok: false,
        error: {
          code: 'NAS_BUSY',
          message: expect.stringMatching(
            /^Another NASBench \(process \d+\) is already measuring this NAS: “Quick check”/,
          ),
        },
      });
      expect(await exited).toBe(0);
      const after = await engine.dispatch('startNetworkRun', { sessionId, seconds: 1 });
      expect(after.ok).toBe(true);
    } finally {
      child.kill('SIGKILL');
      await engine.shutdown();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
