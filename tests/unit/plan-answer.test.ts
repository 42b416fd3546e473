import { describe, expect, it } from 'vitest';
import { answerFirst } from '../../shared/verdicts/plan-answer';
import { explainFigures, noFigures } from '../../shared/verdicts';
import { gigabit, network, seqDisk } from '../helpers/verdict-figures';

/** Every guided plan's card asks a question; the verdict that answers it comes first, or a reason why none can. */
const GiB = 2 ** 30;

describe('the answer to the plan card’s question', () => {
  it('Quick check: the limit comes first, ahead of the everyday answers', () => {
    const verdicts = explainFigures(
      gigabit({ network: network(941e6, 941e6), disks: [seqDisk('read', 420e6), seqDisk('write', 300e6)] }),
    );
    const { answer, others, none } = answerFirst('quick', verdicts);
    expect(answer?.id).toBe('network-limit');
    expect(others.map((verdict) => verdict.id)).not.toContain('network-limit');
    expect(others.length).toBe(verdicts.length - 1);
    expect(none).toBeNull();
  });

  it('Cached vs uncached: "RAM makes reads 3.4× faster", not "these figures do not show a limit"', () => {
    const verdicts = explainFigures({
      ...noFigures(),
      ram: { nasBytes: 12 * GiB, clientBytes: null },
      disks: [seqDisk('read', 1.2e9, 'may-serve'), seqDisk('read', 350e6, 'bypassed')],
    });
    const { answer } = answerFirst('cached-vs-uncached', verdicts);
    expect(answer?.text).toMatch(/^The NAS's RAM makes reads 3\.4× faster/);
  });

  it('Disk sweep: the fastest cell of each direction', () => {
    const verdicts = explainFigures({
      ...noFigures(),
      sweepBest: [
        { op: 'write', blockSize: 2 ** 20, fileSize: GiB, jobs: 4, bytesPerSecond: 300e6 },
        { op: 'read', blockSize: 2 ** 17, fileSize: 4 * GiB, jobs: 1, bytesPerSecond: 500e6 },
      ],
    });
    expect(answerFirst('disk-sweep', verdicts).answer?.text).toBe(
      'Of the cells measured, the NAS was fastest at reads with 128 KiB blocks on 4.00 GiB files and 1 job at once ' +
        '(500 MB/s); and at writes with 1.00 MiB blocks on 1.00 GiB files and 4 jobs at once (300 MB/s).',
    );
  });

  it('says why when nothing answers the question, and asks nothing of single tests', () => {
    expect(answerFirst('bonded-link', []).none).toMatch(/needs two or more links/);
    expect(answerFirst('cached-vs-uncached', []).none).toMatch(/could not be told/);
    expect(answerFirst('network', explainFigures(noFigures()))).toEqual({ answer: null, others: [], none: null });
  });
});
