// lab: needs a quiet machine — fio writes and reads the lab's disk at full speed beside the network
import { describe, expect, it } from 'vitest';
import type { TestResult } from '../../shared/contract/runs';
import { resultsOfKind } from '../../shared/kinds';
import { nasExec } from '../lab/lab';
import { connectedEngine, lab } from './lab-login';

/** A network-to-disk run through the contract, as `net --to-disk`/`--from-disk` starts it: its saved results. */
async function throughDiskRun(way: 'to-disk' | 'from-disk'): Promise<TestResult[]> {
  const { engine, sessionId, events } = await connectedEngine(`through-${way}`, 'cli');
  try {
    const { runId } = await engine.handlers.startNetworkRun({
      sessionId,
      direction: way === 'to-disk' ? 'upload' : 'download',
      streams: 1,
      seconds: 3,
      latency: false,
      disk: { folder: lab.share, way },
    });
    await expect.poll(() => events.some((event) => event.kind === 'end'), { timeout: 120_000 }).toBe(true);
    const end = events.find((event) => event.kind === 'end');
    expect(end?.kind === 'end' && end.state, JSON.stringify(end)).toBe('done');
    return (await engine.handlers.getRun({ runId })).results;
  } finally {
    await engine.shutdown();
  }
}

describe('the network straight to the disks and back (iperf3 -F on the NAS), over the 1 Gbit/s leg', () => {
  for (const way of ['to-disk', 'from-disk'] as const)
    it(`${way}: within 10% of the lower of the network alone and the disks alone, and leaves nothing behind`, async () => {
      const before = nasExec(['find', lab.share]).stdout;
      const results = await throughDiskRun(way);
      const through = resultsOfKind(results, 'disk-through-network')[0];
      const network = resultsOfKind(results, 'network')[0];
      const disks = resultsOfKind(results, 'disk')[0]?.tests[0];
      expect(through?.direction).toBe(way === 'to-disk' ? 'write' : 'read');
      expect(disks?.name).toBe(way === 'to-disk' ? 'SEQ1M Q1T1 write' : 'SEQ1M Q1T1 read');
      const lower = Math.min((network?.summary.bitsPerSecond ?? 0) / 8, disks?.bytesPerSecond ?? 0);
      const figure = (through?.bitsPerSecond ?? 0) / 8;
      console.log(
        `${way}: through the disks ${(figure / 1e6).toFixed(1)} MB/s; network alone ${((network?.summary.bitsPerSecond ?? 0) / 8e6).toFixed(1)} MB/s; disks alone ${((disks?.bytesPerSecond ?? 0) / 1e6).toFixed(1)} MB/s`,
      );
      expect(lower).toBeGreaterThan(0);
      expect(figure / lower).toBeGreaterThan(0.9);
      expect(figure / lower).toBeLessThan(1.1);
      expect(through?.alone).toEqual({
        networkBytesPerSecond: (network?.summary.bitsPerSecond ?? 0) / 8,
        disks: { test: disks?.name, bytesPerSecond: disks?.bytesPerSecond },
      });
      expect(through?.file?.startsWith(`${lab.share}/.nasbench-`)).toBe(true);
      // From the disks the file was laid out with direct I/O, so not read from the NAS's memory.
      if (way === 'from-disk') expect(through?.likelyCached).toBe(false);
      expect(nasExec(['find', lab.share]).stdout).toBe(before);
    }, 180_000);
});
