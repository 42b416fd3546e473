// lab: needs a quiet machine — its two plans load the lab's Samba and this computer's CPUs with 4K I/O over SMB for most of a minute, which moved the timing-held sweep and load tests beside it in CI (both failed in the last phase twice, and pass alone)
import { describe, expect, it } from 'vitest';
import type { RunEnd } from '../../shared/contract/run-events';
import { resultsOfKind } from '../../shared/kinds';
import { connectedEngine, lab } from './lab-login';
import { useSmbFolders } from './smb-login';

/**
 * Compare connections with the share (issue #50's 4K step): the lab's Samba through the same smbnetfs mount
 * over leg a (1 Gbit/s) and over the slow leg (200 Mbit/s, the Wi-Fi stand-in), each run connected over the
 * leg it compares. Each run carries RND4K Q1T1 read and write with their latency, where a link's delay shows.
 */
const { folderIn } = useSmbFolders();

/** The run's share benchmark tests, after it has ended. */
async function compareOver(leg: 'a' | 'slow') {
  const { nas } = lab.legs[leg];
  const { engine, sessionId, events } = await connectedEngine(`compare-${leg}`, 'web', nas);
  try {
    // The same share folder as this computer reaches it through that leg's address of the NAS.
    const folder = (await folderIn(lab.smb.share)).replace(`/${lab.smb.server}/`, `/${nas}/`);
    const { runId } = await engine.handlers.startPlan({
      plan: 'compare-connections',
      sessionId,
      shareFolder: folder,
      shareFileBytes: 32 * 2 ** 20,
      networkSeconds: 2,
      connection: leg === 'a' ? 'Cable' : 'Wi-Fi',
    });
    const ended = () => events.find((event): event is RunEnd => event.kind === 'end' && event.runId === runId);
    await expect.poll(ended, { timeout: 150_000, interval: 500 }).toBeDefined();
    expect(ended()?.state).toBe('done');
    const record = await engine.handlers.getRun({ runId });
    const [share] = resultsOfKind(record.results, 'share');
    return { share, steps: record.steps.map((step) => step.name) };
  } finally {
    await engine.shutdown();
  }
}

describe('Compare connections over the lab’s fast and slow legs', () => {
  it('has the 4K step for each, with its latency, each over the leg it compares', async () => {
    const fast = await compareOver('a');
    const slow = await compareOver('slow');
    for (const run of [fast, slow]) {
      expect(run.steps).toContain('Small reads and writes (4K, one at a time)');
      expect(run.share?.path.kind).toBe('network-share');
      expect(run.share?.tests.map((test) => test.name)).toEqual(['RND4K Q1T1 read', 'RND4K Q1T1 write']);
      for (const test of run.share?.tests ?? []) {
        expect(test.bytesPerSecond).toBeGreaterThan(0);
        expect(test.latencyNs.mean).toBeGreaterThan(0);
      }
    }
    const readLatency = (run: typeof fast) =>
      run.share?.tests.find((test) => test.name === 'RND4K Q1T1 read')?.latencyNs.mean ?? 0;
    console.log(
      `RND4K Q1T1 read: leg a ${(readLatency(fast) / 1e3).toFixed(0)} µs, slow leg ${(readLatency(slow) / 1e3).toFixed(0)} µs`,
    );
    // Not ordered: tbf lets a 4 KiB request through in its burst at the veth's own speed, so the slow leg's
    // rate hardly touches one small read (213 against 244 µs here), the point seed 004 made of its Wi-Fi.
    // Each run's 4K step went over the leg it compares: the share's own route, named in its path.
    expect(fast.share?.path.interface).toBe(lab.legs.a.hostIf);
    expect(slow.share?.path.interface).toBe(lab.legs.slow.hostIf);
  }, 360_000);
});
