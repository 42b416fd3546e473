import { z } from 'zod';
import { AppError, NasbenchError } from '../errors';
import { RunId, SeriesInfo, ThroughputSummary } from '../run-events';
import { currentRunSchemaVersion, RunRecordV1, type RunRecord } from './record';
import { TestResult } from './results';

/**
 * Version 0 never shipped: it is the shape a first, naive store would have written (the run's
 * `begin` and `end` events side by side, no schemaVersion). It exists so that the migration path
 * is real code with a real test, ready for the first shape that does change.
 */
const RunFileV0 = z.object({
  begin: z.object({
    runId: RunId,
    plan: z.string().min(1),
    title: z.string(),
    target: z.string(),
    startedAt: z.iso.datetime(),
    series: z.array(SeriesInfo),
  }),
  end: z.object({
    state: z.enum(['done', 'failed', 'cancelled']),
    seconds: z.number().nonnegative(),
    summary: ThroughputSummary.optional(),
    details: TestResult.optional(),
    error: AppError.optional(),
  }),
});

function fromV0(data: unknown): unknown {
  const { begin, end } = RunFileV0.parse(data);
  const endedAt = new Date(Date.parse(begin.startedAt) + end.seconds * 1000).toISOString();
  const results = end.details
    ? [end.details]
    : end.summary
      ? [{ kind: 'throughput', test: begin.plan, summary: end.summary }]
      : [];
  return {
    schemaVersion: 1,
    id: begin.runId,
    plan: begin.plan,
    title: begin.title,
    startedAt: begin.startedAt,
    endedAt,
    seconds: end.seconds,
    status: end.state === 'done' ? 'completed' : end.state,
    steps: [],
    ...(end.summary ? { summary: end.summary } : {}),
    results,
    series: begin.series,
    samples: [],
    error: end.error ?? null,
    // Version 0 kept nothing about where or how the run was made.
    environment: {
      target: begin.target,
      app: { name: 'NASBench', version: 'unknown', platform: 'unknown', arch: 'unknown', node: 'unknown' },
      nas: null,
      client: null,
      tools: {},
      parameters: {},
    },
    tags: [],
  };
}

/** Each step brings a file from version N to N + 1. */
const migrations: Record<number, (data: unknown) => unknown> = { 0: fromV0 };

const refusedHint =
  'This file is not a run NASBench can read. If someone sent it to you, ask them to export the run again.';

function versionOf(data: unknown): number | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  if (!('schemaVersion' in data)) return 'begin' in data && 'end' in data ? 0 : undefined;
  const version = data.schemaVersion;
  return typeof version === 'number' && Number.isInteger(version) && version >= 0 ? version : undefined;
}

/**
 * Reads a run in any known shape and returns it in the current one. Garbage, a damaged run and a
 * run from a newer NASBench are refused with a NasbenchError that says which.
 */
export function parseRunRecord(data: unknown): RunRecord {
  const version = versionOf(data);
  if (version === undefined) {
    throw new NasbenchError('PARSE_ERROR', 'This is not a NASBench run file.', refusedHint);
  }
  if (version > currentRunSchemaVersion) {
    throw new NasbenchError(
      'UNSUPPORTED_VERSION',
      `This run was saved by a newer NASBench (run format ${version}; this version reads formats up to ${currentRunSchemaVersion}).`,
      'Update NASBench to open it. The rest of your history is not affected.',
      { details: { schemaVersion: version, supported: currentRunSchemaVersion } },
    );
  }
  let current = data;
  try {
    for (let step = version; step < currentRunSchemaVersion; step++) {
      const migrate = migrations[step];
      if (!migrate) throw new Error(`no migration from run format ${step}`);
      current = migrate(current);
    }
  } catch (cause) {
    throw new NasbenchError('PARSE_ERROR', `This run file (format ${version}) is damaged.`, refusedHint, { cause });
  }
  const parsed = RunRecordV1.safeParse(current);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new NasbenchError(
      'PARSE_ERROR',
      `This run file is damaged: ${issue?.message ?? 'invalid'}${where}.`,
      refusedHint,
    );
  }
  return parsed.data;
}

/** The text of a run file (saved here, or sent by someone else). */
export function parseRunFile(text: string): RunRecord {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (cause) {
    throw new NasbenchError('PARSE_ERROR', 'This is not a NASBench run file (it is not JSON).', refusedHint, {
      cause,
    });
  }
  return parseRunRecord(data);
}
