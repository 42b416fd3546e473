import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFioReport, summarizeFioReport, fioFailureFromText } from '../../electron/engine/disk/parse';
import { FioStatusStream } from '../../electron/engine/disk/status-stream';
import { parseTestFolderFacts } from '../../electron/engine/disk/file-system';
import { NasbenchError } from '../../shared/contract/errors';

const fixtureDir = path.join(__dirname, '../fixtures/fio');
const outputs = readdirSync(fixtureDir)
  .filter((name) => name.endsWith('.out'))
  .map((name) => [name, readFileSync(path.join(fixtureDir, name), 'utf8')] as const);
const withReport = outputs.filter(([, text]) => text.includes('"fio version"'));

/** What the parser may do with any input: return a report, or throw PARSE_ERROR. Nothing else. */
function parseOutcome(text: string): 'report' | 'PARSE_ERROR' {
  try {
    const report = parseFioReport(text);
    expect(report.jobs.length).toBeGreaterThan(0);
    return 'report';
  } catch (error) {
    expect(error).toBeInstanceOf(NasbenchError);
    expect((error as NasbenchError).code).toBe('PARSE_ERROR');
    return 'PARSE_ERROR';
  }
}

/** Offsets just after each top-level object's closing brace (fio ends each with "}" alone on a line). */
function objectEnds(text: string): number[] {
  return [...text.matchAll(/^\}$/gm)].map((match) => (match.index ?? 0) + 1);
}

describe('fio parser on cut-off output', () => {
  it.each(withReport)(
    '%s: any cut inside an object is PARSE_ERROR; a cut after one gives that object',
    (_name, text) => {
      const ends = objectEnds(text);
      const lastEnd = ends.at(-1) ?? text.length;
      for (const end of ends) expect(parseOutcome(text.slice(0, end))).toBe('report');
      fc.assert(
        fc.property(fc.integer({ min: 0, max: lastEnd - 1 }), (cut) => {
          const outcome = parseOutcome(text.slice(0, cut));
          // Between objects fio may print plain lines (e.g. "fio: pid=…, err=28"): those are not a cut object.
          const lastWhole = ends.filter((end) => end <= cut).at(-1);
          const between = lastWhole !== undefined && !text.slice(lastWhole, cut).includes('\n{');
          expect(outcome).toBe(between ? 'report' : 'PARSE_ERROR');
        }),
        { numRuns: 300 },
      );
    },
  );
});

describe('fio parser on garbage', () => {
  it('arbitrary text is PARSE_ERROR', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        expect(parseOutcome(text)).toBe('PARSE_ERROR');
      }),
      { numRuns: 500 },
    );
  });

  it('arbitrary JSON is PARSE_ERROR', () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 4 }), (json) => {
        expect(parseOutcome(`\n${json}\n`)).toBe('PARSE_ERROR');
      }),
      { numRuns: 300 },
    );
  });

  it.each(withReport)(
    '%s with random bytes changed: a report or PARSE_ERROR, and the summary never crashes',
    (_name, text) => {
      const edits = fc.array(
        fc.tuple(
          fc.integer({ min: 0, max: text.length - 1 }),
          fc.constantFrom('"', '{', '}', ':', ',', 'x', '-', '9', '\n', ''),
        ),
        { minLength: 1, maxLength: 5 },
      );
      fc.assert(
        fc.property(edits, (changes) => {
          let mutated = text;
          for (const [at, char] of changes) mutated = mutated.slice(0, at) + char + mutated.slice(at + 1);
          if (parseOutcome(mutated) === 'report') {
            try {
              const summary = summarizeFioReport(parseFioReport(mutated));
              expect(Number.isFinite(summary.bytesPerSecond)).toBe(true);
            } catch (error) {
              // fio's own error field, changed by the edit, is a legitimate failure: still a NasbenchError.
              expect(error).toBeInstanceOf(NasbenchError);
            }
          }
        }),
        { numRuns: 200 },
      );
    },
  );

  it('wrong types where numbers belong are PARSE_ERROR, not NaN figures', () => {
    const text = readFileSync(path.join(fixtureDir, 'final-randread-4k-q32.out'), 'utf8');
    for (const broken of [
      text.replace(/"bw_bytes" : \d+/, '"bw_bytes" : "fast"'),
      text.replace(/"iops" : [\d.]+/, '"iops" : null'),
      text.replace(/"jobs" : \[/, '"jobs" : [],"x":['),
    ]) {
      expect(parseOutcome(broken)).toBe('PARSE_ERROR');
    }
  });
});

describe('status stream and other readers on garbage', () => {
  it('never throw, and every sample is a finite, non-negative rate', () => {
    const pieces = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 80 }),
      fc.constantFrom(...withReport.map(([, text]) => text.slice(0, 3000))),
      fc.constantFrom('{', '}', '"', '\\', '\n{\n', '\n}\n'),
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 20 }), (chunks) => {
        const stream = new FioStatusStream();
        for (const chunk of chunks) {
          for (const sample of stream.push(chunk)) {
            expect(Number.isFinite(sample.bytesPerSecond)).toBe(true);
            expect(sample.bytesPerSecond).toBeGreaterThanOrEqual(0);
          }
        }
        const text = chunks.join('');
        expect(() => fioFailureFromText(text)).not.toThrow();
        expect(() => parseTestFolderFacts(text)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});
