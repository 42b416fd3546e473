import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { summarizeRun } from '../../shared/history/run-summary';
import { describe, expect, it } from 'vitest';
import { NasbenchError } from '../../shared/contract/errors';
import {
  currentRunSchemaVersion,
  decimateSamples,
  normalizeTags,
  parseRunFile,
  parseRunRecord,
  RunRecord,
} from '../../shared/contract/runs';
import { sampleRunRecord } from '../helpers/run-records';

const fixture = (name: string) => readFileSync(path.join(__dirname, '../fixtures/runs', name), 'utf8');

function refusal(read: () => unknown): NasbenchError {
  try {
    read();
  } catch (error) {
    if (error instanceof NasbenchError) return error;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('run record', () => {
  it('reads a run file saved in the current format unchanged', () => {
    const record = parseRunFile(fixture('v1-quick.json'));
    expect(record).toEqual(sampleRunRecord());
    expect(record.schemaVersion).toBe(currentRunSchemaVersion);
  });

  it('migrates a version 0 file (begin and end events side by side) to the current format', () => {
    const record = parseRunFile(fixture('v0-network.json'));
    expect(record).toMatchObject({
      schemaVersion: 1,
      id: '0a1b2c3d-0000-4000-8000-000000000000',
      plan: 'network',
      status: 'completed',
      startedAt: '2025-06-01T12:00:00.000Z',
      endedAt: '2025-06-01T12:00:10.400Z',
      results: [{ kind: 'throughput', test: 'network', summary: { bytesPerSecond: 117_000_000 } }],
      environment: { target: '192.168.1.10', nas: null, client: null },
      tags: [],
    });
    expect(RunRecord.safeParse(record).success).toBe(true);
  });

  it('refuses a file from a newer NASBench with UNSUPPORTED_VERSION, naming both versions', () => {
    const error = refusal(() => parseRunFile(fixture('future-v2.json')));
    expect(error.code).toBe('UNSUPPORTED_VERSION');
    expect(error.message).toContain('format 2');
    expect(error.message).toContain(`up to ${currentRunSchemaVersion}`);
    expect(error.hint).toMatch(/Update NASBench/);
  });

  it.each(['garbage.json', 'half-written.json'])('refuses %s as not a run file with PARSE_ERROR', (name) => {
    const error = refusal(() => parseRunFile(fixture(name)));
    expect(error.code).toBe('PARSE_ERROR');
    expect(error.message).toMatch(/not a NASBench run file/);
  });

  it('says where a damaged current-format file is wrong', () => {
    const damaged = { ...sampleRunRecord(), status: 'exploded' };
    const error = refusal(() => parseRunRecord(damaged));
    expect(error.code).toBe('PARSE_ERROR');
    expect(error.message).toContain('status');
  });

  it('refuses a damaged version 0 file instead of inventing a run', () => {
    const error = refusal(() => parseRunRecord({ begin: { runId: 'x' }, end: {} }));
    expect(error).toMatchObject({ code: 'PARSE_ERROR', message: expect.stringContaining('format 0') });
  });

  it('summarizes a run for the history list with the CLI contract fields', () => {
    expect(summarizeRun(sampleRunRecord())).toMatchObject({
      id: sampleRunRecord().id,
      plan: 'quick',
      startedAt: '2026-11-20T09:00:00.000Z',
      host: '192.168.1.10',
      clientLink: 'ethernet',
    });
  });

  it('treats tags that differ only in case or spaces as one', () => {
    expect(normalizeTags(['Wi-Fi', ' wi-fi ', 'after NVMe cache', ''])).toEqual(['Wi-Fi', 'after NVMe cache']);
  });
});

const finite = fc.double({ min: 0, max: 1e12, noNaN: true, noDefaultInfinity: true });
const arbitraryRecord = fc
  .record({
    id: fc.uuid(),
    plan: fc.constantFrom('quick', 'network', 'disk', 'copy', 'demo'),
    title: fc.string({ maxLength: 40 }),
    startedAt: fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }),
    // Up to three years: a longer "run" would end past year 9999, which no ISO date can say.
    seconds: fc.double({ min: 0, max: 1e8, noNaN: true, noDefaultInfinity: true }),
    status: fc.constantFrom('completed', 'failed', 'cancelled'),
    tags: fc.uniqueArray(
      fc.string({ minLength: 1, maxLength: 10 }).filter((tag) => tag.trim() === tag && tag !== ''),
      {
        maxLength: 4,
        selector: (tag) => tag.toLowerCase(),
      },
    ),
    points: fc.array(fc.tuple(finite, finite), { maxLength: 20 }),
    bitsPerSecond: finite,
  })
  .map((drawn): RunRecord =>
    sampleRunRecord({
      id: drawn.id,
      plan: drawn.plan,
      title: drawn.title,
      startedAt: drawn.startedAt.toISOString(),
      endedAt: drawn.startedAt.toISOString(),
      seconds: drawn.seconds,
      status: drawn.status,
      tags: drawn.tags,
      samples: [{ series: 'leg-1', points: drawn.points }],
      results: [
        {
          kind: 'disk-through-network',
          label: 'Network to NAS disk',
          direction: 'write',
          bitsPerSecond: drawn.bitsPerSecond,
          bytes: 1,
          seconds: 1,
        },
      ],
    }),
  );

describe('run record properties', () => {
  it('survives a save and a read (JSON text) unchanged', () => {
    fc.assert(
      fc.property(arbitraryRecord, (record) => {
        expect(parseRunFile(JSON.stringify(record))).toEqual(record);
      }),
    );
  });

  it('refuses every record with a schema version newer than this one, whatever else it holds', () => {
    fc.assert(
      fc.property(arbitraryRecord, fc.integer({ min: currentRunSchemaVersion + 1, max: 1000 }), (record, version) => {
        expect(refusal(() => parseRunRecord({ ...record, schemaVersion: version })).code).toBe('UNSUPPORTED_VERSION');
      }),
    );
  });

  it('migrates any well-formed version 0 run to a valid current record with the same figures', () => {
    fc.assert(
      fc.property(arbitraryRecord, fc.constantFrom('done', 'failed', 'cancelled'), (record, state) => {
        const v0 = {
          begin: {
            runId: record.id,
            plan: record.plan,
            title: record.title,
            target: 'nas',
            startedAt: record.startedAt,
            series: [],
          },
          end: { state, seconds: record.seconds, summary: record.summary },
        };
        const migrated = parseRunRecord(v0);
        expect(migrated.id).toBe(record.id);
        expect(migrated.summary).toEqual(record.summary);
        expect(migrated.status).toBe(state === 'done' ? 'completed' : state);
        expect(Date.parse(migrated.endedAt) - Date.parse(migrated.startedAt)).toBeCloseTo(record.seconds * 1000, -1);
      }),
    );
  });

  it('thins samples to at most the limit per series, keeping the first and last point and the mean', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1e9, noNaN: true, noDefaultInfinity: true }), {
          minLength: 1,
          maxLength: 3000,
        }),
        fc.integer({ min: 3, max: 500 }),
        (values, limit) => {
          const samples = values.map((bytesPerSecond, index) => ({ series: 'total', t: index * 0.1, bytesPerSecond }));
          const [series] = decimateSamples(samples, limit);
          const points = series?.points ?? [];
          expect(points.length).toBeLessThanOrEqual(limit);
          expect(points[0]).toEqual([0, values[0]]);
          expect(points.at(-1)).toEqual([(values.length - 1) * 0.1, values.at(-1)]);
          for (const [, value] of points) {
            expect(value).toBeGreaterThanOrEqual(Math.min(...values) - 1e-6);
            expect(value).toBeLessThanOrEqual(Math.max(...values) + 1e-6);
          }
        },
      ),
    );
  });
});
