import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRunRecord } from '../../shared/contract/runs';
import { answersOf } from '../../shared/words/answer';
import { explainFigures, figuresOfRun, noFigures, type Figures, type Verdict } from '../../shared/words/verdicts';
import { hostileRun } from '../fixtures/report/hostile-run';

/**
 * One answer: no two verdicts name different limits for the same direction (writes: copies to the
 * NAS, reads: copies from it), and the answer block names the limit the verdicts name — over every
 * recorded run in tests/fixtures and over any figures at all.
 */
function conflicts(verdicts: Verdict[]): string[] {
  const partOf = new Map<string, string>();
  const found: string[] = [];
  for (const verdict of verdicts) {
    for (const op of verdict.limit?.ops ?? []) {
      const part = verdict.limit?.part ?? '';
      const before = partOf.get(op);
      if (before && before !== part) found.push(`${op}: ${before} and ${part}`);
      partOf.set(op, part);
    }
  }
  return found;
}

/** The answer's limit for each direction agrees with the verdict that claims that direction. */
function disagreements(figures: Figures, verdicts: Verdict[]): string[] {
  return answersOf(figures, null, 'MB/s').flatMap((answer) => {
    const op = answer.direction === 'to-nas' ? 'write' : 'read';
    const claim = verdicts.find((verdict) => verdict.limit?.ops.includes(op))?.limit?.part;
    return claim && claim !== answer.limit ? [`${answer.direction}: answer ${answer.limit}, verdict ${claim}`] : [];
  });
}

/** Every saved run the fixtures hold (JSON files that parse as one, at any version the app reads). */
function recordedRuns(): { name: string; figures: Figures }[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (name.endsWith('.json')) files.push(file);
    }
  };
  walk('tests/fixtures');
  const runs = files.flatMap((file) => {
    try {
      return [{ name: file, figures: figuresOfRun(parseRunRecord(JSON.parse(readFileSync(file, 'utf8')))) }];
    } catch {
      return [];
    }
  });
  return [...runs, { name: 'hostile-run.ts', figures: figuresOfRun(hostileRun()) }];
}

describe('one limit per direction', () => {
  const runs = recordedRuns();

  it('holds for every recorded run in tests/fixtures', () => {
    expect(runs.length).toBeGreaterThanOrEqual(3);
    for (const { name, figures } of runs) {
      const verdicts = explainFigures(figures);
      expect(conflicts(verdicts), name).toEqual([]);
      expect(disagreements(figures, verdicts), name).toEqual([]);
    }
  });

  it('holds for any network, disk and share figures', () => {
    const rate = fc.double({ min: 1e5, max: 3e9, noNaN: true });
    const op = fc.constantFrom<'read' | 'write'>('read', 'write');
    fc.assert(
      fc.property(
        fc.option(rate),
        fc.option(rate),
        fc.array(fc.record({ op, bytesPerSecond: rate }), { maxLength: 6 }),
        fc.array(fc.record({ op, bytesPerSecond: rate }), { maxLength: 2 }),
        fc.constantFrom(null, 1e9, 2.5e9, 200e6),
        fc.constantFrom<'ethernet' | 'wifi' | 'virtual'>('ethernet', 'wifi', 'virtual'),
        (upload, download, disks, share, linkBits, type) => {
          const figures: Figures = {
            ...noFigures(),
            clientLink: { type, bitsPerSecond: linkBits },
            nasLink: linkBits ? { bitsPerSecond: linkBits, mtu: 1500, bond: null } : null,
            network: {
              upload: upload ? upload * 8 : null,
              download: download ? download * 8 : null,
              singleStream: null,
              multiLink: null,
            },
            disks: disks.map((disk, index) => ({ ...disk, test: `disk ${index} ${disk.op}`, throughNetwork: false })),
            share: share.map((copy) => ({ ...copy, label: `SMB ${copy.op}`, protocol: 'SMB' })),
          };
          const verdicts = explainFigures(figures);
          expect(conflicts(verdicts)).toEqual([]);
          expect(disagreements(figures, verdicts)).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
