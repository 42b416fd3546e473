import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRunRecord } from '../../shared/contract/runs';
import { answersOf } from '../../shared/verdicts/answer';
import { explainFigures, figuresOfRun, noFigures, type Figures, type NasViewFigure } from '../../shared/verdicts';
import type { Verdict } from '../../shared/contract/verdict';
import { hostileRun } from '../fixtures/report/hostile-run';
import { crossedDirections as crossed, limitConflicts, limitWordsUnranked } from '../helpers/limit-words';

/**
 * One answer: no two verdicts name different limits for the same direction (writes: copies to the
 * NAS, reads: copies from it), and the answer block names the limit the verdicts name — over every
 * recorded run in tests/fixtures and over any figures at all.
 */
const conflicts = (verdicts: Verdict[]) =>
  limitConflicts(verdicts.flatMap((verdict) => (verdict.limit ? [{ id: verdict.id, ...verdict.limit }] : [])));

/** The answer's limit for each direction agrees with the verdict that claims that direction. */
function disagreements(figures: Figures, verdicts: Verdict[]): string[] {
  return answersOf(figures, null, 'MB/s').flatMap((answer) => {
    const op = answer.direction === 'to-nas' ? 'write' : 'read';
    const claim = verdicts.find((verdict) => verdict.limit?.ops.includes(op))?.limit?.part;
    return claim && claim !== answer.limit ? [`${answer.direction}: answer ${answer.limit}, verdict ${claim}`] : [];
  });
}

const asTexts = (verdicts: Verdict[]) =>
  verdicts.map((verdict) => ({ id: verdict.id, text: verdict.text, limit: verdict.limit ?? null }));
const wordsUnranked = (verdicts: Verdict[]) => limitWordsUnranked(asTexts(verdicts));
const crossedDirections = (verdicts: Verdict[]) => crossed(asTexts(verdicts));

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

/** Figures with this computer's link, the NAS's and the network each way (bytes/s; null: not measured). */
function linkFigures(
  type: 'ethernet' | 'wifi' | 'virtual',
  linkBits: number | null,
  upload: number | null,
  download: number | null,
): Figures {
  return {
    ...noFigures(),
    clientLink: { type, bitsPerSecond: linkBits },
    nasLink: linkBits ? { bitsPerSecond: linkBits, mtu: 1500, bond: null } : null,
    network: {
      upload: upload ? upload * 8 : null,
      download: download ? download * 8 : null,
      singleStream: null,
      multiLink: null,
    },
  };
}

describe('one limit per direction', () => {
  const runs = recordedRuns();

  it('holds for every recorded run in tests/fixtures', () => {
    expect(runs.length).toBeGreaterThanOrEqual(3);
    for (const { name, figures } of runs) {
      const verdicts = explainFigures(figures);
      expect(conflicts(verdicts), name).toEqual([]);
      expect(disagreements(figures, verdicts), name).toEqual([]);
      expect(wordsUnranked(verdicts), name).toEqual([]);
      expect(crossedDirections(verdicts), name).toEqual([]);
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
            ...linkFigures(type, linkBits, upload, download),
            disks: disks.map((disk, index) => ({ ...disk, test: `disk ${index} ${disk.op}`, throughNetwork: false })),
            share: share.map((copy) => ({ ...copy, label: `SMB ${copy.op}`, protocol: 'SMB' })),
          };
          const verdicts = explainFigures(figures);
          expect(conflicts(verdicts)).toEqual([]);
          expect(disagreements(figures, verdicts)).toEqual([]);
          expect(wordsUnranked(verdicts)).toEqual([]);
          expect(crossedDirections(verdicts)).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('holds with what the NAS did during each test: its drives and processor, on this run’s path or another', () => {
    fc.assert(
      fc.property(generatedRun, ({ figures, plan }) => {
        const verdicts = explainFigures(figures);
        expect(conflicts(verdicts), plan).toEqual([]);
        expect(disagreements(figures, verdicts), plan).toEqual([]);
        expect(wordsUnranked(verdicts), plan).toEqual([]);
        expect(crossedDirections(verdicts), plan).toEqual([]);
        for (const answer of answersOf(figures, 'Cable', 'MB/s')) {
          // No copy rate where the plan measured only one part: the answer says what the other depends on.
          if (answer.from === 'disks' || answer.from === 'network') expect(answer.text).not.toMatch(/^Copying files/);
          if (answer.linkPercent === null) expect(answer.text).not.toMatch(/less than the link should/);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('the words check fails for real: a limit said only in words is found', () => {
    const unranked: Verdict = {
      id: 'nas-disk-busy',
      severity: 'problem',
      text: 'The NAS’s drives were the limit.',
      figures: {},
    };
    expect(wordsUnranked([unranked])).toHaveLength(1);
    const crossed: Verdict = {
      ...unranked,
      text: 'Your network is the limit: 20 MB/s to the NAS, while SEQ1M read ran at 500 MB/s.',
    };
    expect(crossedDirections([crossed])).toHaveLength(1);
  });
});

/** The tests each plan kind runs, as the NAS's view names them (descriptors' nasView). */
const planTests: Record<string, { test: string; kind: NasViewFigure['kind'] }[]> = {
  quick: [
    { test: 'Upload (this computer to the NAS)', kind: 'network' },
    { test: 'Download (the NAS to this computer)', kind: 'network' },
    { test: 'SEQ1M Q8T1 write', kind: 'disk' },
    { test: 'SEQ1M Q8T1 read', kind: 'disk' },
    { test: 'Share copy', kind: 'copy' },
  ],
  'disk-sweep': [
    { test: 'bs=1M size=1G jobs=1 write', kind: 'disk' },
    { test: 'bs=1M size=1G jobs=1 read', kind: 'disk' },
  ],
  'cached-vs-uncached': [
    { test: 'SEQ1M Q8T1 read', kind: 'disk' },
    { test: 'Share copy', kind: 'copy' },
  ],
  network: [{ test: 'Upload (this computer to the NAS)', kind: 'network' }],
  load: [{ test: 'Load from several computers (write)', kind: 'load' }],
  'to-disk': [{ test: 'Network straight to the disks (write)', kind: 'other' }],
};

const share = fc.double({ min: 0, max: 1, noNaN: true });
/** What the NAS did during one test: ten seconds of its CPU, its busiest process and one drive. */
const generatedView = (test: string, kind: NasViewFigure['kind']) =>
  fc
    .record({
      cpuBusy: share,
      process: fc.constantFrom('smbd', 'iperf3', 'fio', 'rsync'),
      processCpu: fc.double({ min: 0, max: 1, noNaN: true }),
      driveBusy: share,
      rate: fc.double({ min: 1e6, max: 1e9, noNaN: true }),
      apart: kind === 'copy' ? fc.boolean() : fc.constant(false),
    })
    .map(({ cpuBusy, process, processCpu, driveBusy, rate, apart }): NasViewFigure => ({
      test: apart ? 'Share copy (over eth1)' : test,
      kind,
      ...(apart ? { apart } : {}),
      rates: Array.from({ length: 10 }, () => rate),
      resources: {
        baseline: null,
        unreadable: [],
        samples: Array.from({ length: 10 }, (_, t) => ({
          t,
          cpuBusy,
          cpuIowait: 0,
          coreMax: Math.max(cpuBusy, processCpu),
          top: [{ name: process, cpu: processCpu, pid: 100 }],
          memUsedBytes: 1e9,
          swapInBytes: 0,
          swapOutBytes: 0,
          disks: [
            { name: 'sda', busy: driveBusy, readBytesPerSecond: rate / 2, writeBytesPerSecond: rate / 2, queue: 2 },
          ],
        })),
      },
    }));

const rate = fc.double({ min: 1e5, max: 3e9, noNaN: true });
/** A run of one plan kind: the figures its tests give, and the NAS's view of each. */
const generatedRun = fc.constantFrom(...Object.keys(planTests)).chain((plan) => {
  const tests = planTests[plan] ?? [];
  const has = (kind: NasViewFigure['kind']) => tests.some((test) => test.kind === kind);
  return fc
    .record({
      views: fc.tuple(...tests.map(({ test, kind }) => generatedView(test, kind))),
      upload: has('network') || has('load') || has('other') ? fc.option(rate, { nil: null }) : fc.constant(null),
      download: has('network') ? fc.option(rate, { nil: null }) : fc.constant(null),
      write: has('disk') ? fc.option(rate, { nil: null }) : fc.constant(null),
      read: has('disk') ? fc.option(rate, { nil: null }) : fc.constant(null),
      copy: has('copy') ? fc.option(rate, { nil: null }) : fc.constant(null),
      linkBits: fc.constantFrom(null, 1e9, 2.5e9),
      type: fc.constantFrom<'ethernet' | 'wifi' | 'virtual'>('ethernet', 'wifi', 'virtual'),
    })
    .map(({ views, upload, download, write, read, copy, linkBits, type }) => {
      const copyApart = views.some((view) => view.apart);
      const figures: Figures = {
        ...linkFigures(type, linkBits, upload, download),
        disks: [
          ...(write
            ? [{ op: 'write' as const, bytesPerSecond: write, test: 'SEQ1M Q8T1 write', throughNetwork: false }]
            : []),
          ...(read
            ? [{ op: 'read' as const, bytesPerSecond: read, test: 'SEQ1M Q8T1 read', throughNetwork: false }]
            : []),
        ],
        share: copy && !copyApart ? [{ op: 'write', bytesPerSecond: copy, label: 'SMB write', protocol: 'SMB' }] : [],
        nasViews: views,
      };
      return { plan, figures };
    });
});
