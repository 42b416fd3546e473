import { connectionOf } from '../../../shared/words/connection';
import type { AppError } from '../../../shared/contract/errors';
import {
  decimateSamples,
  normalizeTags,
  RunRecord,
  type RunConnection,
  type RunEnvironment,
  type RunStepRecord,
  type TestResult,
} from '../../../shared/contract/runs';
import { explainRun } from '../../../shared/verdicts/plan-answer';
import type { RunStore } from '../store';
import type { EndAddendum, EndedRun } from './registry';
import { resultsOfKind } from '../../../shared/kinds';

const statusOfState = { done: 'completed', failed: 'failed', cancelled: 'cancelled' } as const;

/**
 * Turns a run that ended (completed, failed or cancelled) into its saved record: the events it
 * sent, the results it noted (partial ones too), and where and how it ran.
 */
export function recordOfRun(run: EndedRun, app: RunEnvironment['app']): RunRecord {
  const { begin, end, notes } = run;
  const steps: RunStepRecord[] = [...run.steps]
    .sort(([a], [b]) => a - b)
    .map(([index, step]) => ({
      index,
      name: step.label,
      status: step.state,
      // A plan's step says its own error (the run goes on past it); otherwise the run's error is the step's.
      ...(step.error ? { error: step.error } : step.state === 'failed' && end.error ? { error: end.error } : {}),
    }));
  const known = { ...run.plan.environment, ...notes.environment };
  const nas = known.nas ?? null;
  const environment: RunEnvironment = {
    target: begin.target,
    app,
    nas,
    client: null,
    parameters: run.plan.parameters ?? {},
    ...known,
    tools: { ...toolsOf(nas, notes.results ?? [], end.details), ...known.tools },
  };
  const record = RunRecord.parse({
    schemaVersion: 1,
    id: begin.runId,
    plan: begin.plan,
    title: begin.title,
    startedAt: begin.startedAt,
    endedAt: new Date(Date.parse(begin.startedAt) + end.seconds * 1000).toISOString(),
    seconds: end.seconds,
    status: statusOfState[end.state],
    steps,
    ...(end.summary ? { summary: end.summary } : {}),
    results: resultsOf(run),
    series: begin.series,
    samples: decimateSamples(run.samples),
    error: end.error ?? null,
    environment,
    tags: normalizeTags(notes.tags ?? []),
    ...(end.leftBehind ? { leftBehind: end.leftBehind } : {}),
    ...connectionField(environment),
  });
  // Verdicts go with the run, so history and a shared run file say what the figures mean.
  return { ...record, verdicts: explainRun(record) };
}

/** Noted results first; the end event's details and headline when the run noted none of its own. */
function resultsOf({ begin, end, notes }: EndedRun): TestResult[] {
  const results = [...(notes.results ?? [])];
  if (end.details && !results.includes(end.details)) results.push(end.details);
  if (results.length === 0 && end.summary) results.push({ kind: 'throughput', test: begin.plan, summary: end.summary });
  return results;
}

function toolsOf(nas: RunEnvironment['nas'], results: TestResult[], details: EndedRun['end']['details']) {
  const tools: Record<string, string> = {};
  if (nas?.tools.fio) tools.fio = nas.tools.fio.version;
  if (nas?.tools.iperf3) tools.iperf3 = nas.tools.iperf3.version;
  for (const result of resultsOfKind([...results, ...(details ? [details] : [])], 'disk')) {
    const fio = result.tests.find((test) => test.fioVersion)?.fioVersion;
    if (fio) tools.fio = fio;
  }
  return tools;
}

/**
 * The registry's `onRunEnded` hook: saves every run that ends. A save that fails is reported to
 * `onSaveFailed` and never turns a finished test into a failed one.
 */
export function saveEndedRuns(
  store: RunStore,
  app: RunEnvironment['app'],
  onSaveFailed: (runId: string, error: AppError | unknown) => void = () => undefined,
): (run: EndedRun) => Promise<EndAddendum> {
  return async (run) => {
    try {
      const record = recordOfRun(run, app);
      await store.save(record);
      return { verdicts: record.verdicts ?? [] };
    } catch (error) {
      onSaveFailed(run.begin.runId, error);
      return {};
    }
  };
}

/** The connection the run went over, by the name the user gave it (its parameters') or the one suggested. */
function connectionField(environment: RunEnvironment): { connection?: RunConnection } {
  const connection = connectionOf(environment.parameters.connection, environment.client?.route);
  return connection ? { connection } : {};
}
