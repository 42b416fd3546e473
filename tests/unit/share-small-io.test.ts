import { describe, expect, it } from 'vitest';
import { explainFigures, noFigures, type Figures } from '../../shared/verdicts';
import type { ShareBenchFigure } from '../../shared/verdicts/figures';

/** What the share costs small I/O, said with its arithmetic (issue #50). */
const figure = (overrides: Partial<ShareBenchFigure>): ShareBenchFigure => ({
  test: 'RND4K Q1T1 read',
  op: 'read',
  random: true,
  bs: 4096,
  queueDepth: 1,
  bytesPerSecond: 2.1e6,
  iops: 2.1e6 / 4096,
  latencyMeanNs: 1.95e6,
  pathKind: 'network-share',
  roundTripMs: 0.42,
  ...overrides,
});

const small = (figures: Figures) => explainFigures(figures).filter((verdict) => verdict.id === 'share-small-io');

describe('share-small-io', () => {
  it('names the 4K rate, its latency, the round trip it holds and the rest, and the files-in-a-row arithmetic', () => {
    const [verdict, ...others] = small({ ...noFigures(), shareBench: [figure({})] });
    expect(others).toEqual([]);
    expect(verdict?.text).toContain('4K reads over the share, one at a time: 2.10 MB/s (513 a second, 1.95 ms each).');
    expect(verdict?.text).toContain('at least a round trip to the NAS (0.42 ms measured, idle)');
    expect(verdict?.text).toContain('the other 1.53 ms');
    expect(verdict?.text).toContain('Reading 2,000 small files one after another waits about 2,000 × 1.95 ms = 3.9 s');
    expect(verdict?.figures).toMatchObject({ latencyNs: 1.95e6, roundTripNs: 420000 });
    expect(verdict?.limit).toBeUndefined();
  });

  it('sets the NAS’s own 4K figure beside it when the run measured one, and the same at depth', () => {
    const [verdict] = small({
      ...noFigures(),
      diskRandom: [{ test: 'RND4K Q1T1 read', op: 'read', bytesPerSecond: 48e6 }],
      shareBench: [figure({}), figure({ test: 'RND4K Q32T1 read', queueDepth: 32, bytesPerSecond: 30e6 })],
    });
    expect(verdict?.text).toContain(
      'On the NAS’s own disks the same test gave 48.0 MB/s: over the share small reads run at 4.4% of that.',
    );
    expect(verdict?.text).toContain('With 32 at once they reach 30.0 MB/s');
  });

  it('says nothing of a folder on this computer, or of a run with no 4K test at depth 1', () => {
    expect(small({ ...noFigures(), shareBench: [figure({ pathKind: 'local-disk' })] })).toEqual([]);
    expect(small({ ...noFigures(), shareBench: [figure({ queueDepth: 32 })] })).toEqual([]);
  });

  it('leaves the round trip out when it was not timed, and says what a login would add', () => {
    const [verdict] = small({
      ...noFigures(),
      shareBench: [figure({ op: 'write', test: 'RND4K Q1T1 write', roundTripMs: null })],
    });
    expect(verdict?.text).not.toContain('round trip to the NAS (');
    expect(verdict?.text).toContain('A disk test on the NAS (it needs the NAS’s login) sets its own 4K figure');
    expect(verdict?.text).toContain('Writing 2,000 small files');
  });
});
