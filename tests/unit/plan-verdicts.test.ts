import { describe, expect, it } from 'vitest';
import { explainFigures, noFigures, type Figures } from '../../shared/verdicts';

/**
 * The network-limit verdict over a virtual link (a VM, a container, the test lab's veth pairs): the
 * link reports a made-up speed, so the verdict compares the network with the NAS's disks instead.
 */
const virtualClient = (changes: Partial<Figures>): Figures => ({
  ...noFigures(),
  clientLink: { type: 'virtual', bitsPerSecond: 10e9 },
  nasLink: { bitsPerSecond: 10e9, mtu: 1500, bond: null },
  ...changes,
});
const network = (upload: number, download: number): Figures['network'] => ({
  upload,
  download,
  singleStream: Math.max(upload, download),
  multiLink: null,
});
const disk = (test: string, bytesPerSecond: number) => ({
  test,
  op: test.endsWith('write') ? ('write' as const) : ('read' as const),
  bytesPerSecond,
  throughNetwork: false,
});

describe('network limit over a virtual link', () => {
  it('names the measured rate when every disk figure is well above it (a 200 Mbit/s path, disks at 790 MB/s and more)', () => {
    const figures = virtualClient({
      network: network(191e6, 193.6e6),
      disks: [disk('SEQ1M Q8T1 read', 790e6), disk('SEQ1M Q8T1 write', 1956e6)],
    });
    const verdict = explainFigures(figures).find((found) => found.id === 'network-limit');
    // Each direction against the disks' figure of its own operation: uploads against writes, downloads against reads.
    expect(verdict?.text).toMatch(
      /^Your network is the limit: 23\.9 MB\/s to the NAS, while the NAS's disks write faster \(SEQ1M Q8T1 write: 1,956 MB\/s; the network carried [\d.]+% of that\); 24\.2 MB\/s from the NAS, while the NAS's disks read faster \(SEQ1M Q8T1 read: 790 MB\/s;/,
    );
    expect(verdict?.text).toContain('virtual link (it reports 10 Gb/s, a placeholder)');
    expect(verdict?.limit).toEqual({ part: 'network', ops: ['write', 'read'] });
    expect(verdict?.figures).toMatchObject({ bitsPerSecond: 193.6e6, diskBytesPerSecond: 790e6 });
    expect(verdict?.figures.percentOfDisk).toBeCloseTo((193.6e6 / (790e6 * 8)) * 100, 6);
  });

  it('stays silent when a disk is about as fast as the network, or when no disk was measured', () => {
    const close = virtualClient({ network: network(941e6, 940e6), disks: [disk('SEQ1M Q8T1 read', 130e6)] });
    expect(explainFigures(close).map((verdict) => verdict.id)).not.toContain('network-limit');
    const noDisks = virtualClient({ network: network(941e6, 940e6) });
    expect(explainFigures(noDisks).map((verdict) => verdict.id)).not.toContain('network-limit');
  });

  it('leaves a real link to the rule that knows its rate (10 GbE carrying 940 Mbit/s is not "near the link")', () => {
    const cable = virtualClient({
      clientLink: { type: 'ethernet', bitsPerSecond: 10e9 },
      network: network(941e6, 940e6),
      disks: [disk('SEQ1M Q8T1 read', 790e6)],
    });
    expect(explainFigures(cable).map((verdict) => verdict.id)).not.toContain('network-limit');
  });
});
