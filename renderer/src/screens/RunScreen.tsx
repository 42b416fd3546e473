import { useShallow } from 'zustand/react/shallow';
import { runProgress } from '../../../shared/chart-data';
import { diskRunProgress } from '../../../shared/disk-words';
import type { RunEnd, RunStep } from '../../../shared/run-events';
import { formatRate, formatSeconds } from '../../../shared/units';
import { ErrorNotice } from '../components/ErrorNotice';
import { LiveChart } from '../components/LiveChart';
import { ScreenHeading } from '../components/ScreenHeading';
import { useNavigationActions } from '../stores/navigation';
import { useRunsActions, useRunsStore, type RunRecord, type RunStatus } from '../stores/runs';
import { selectRateUnit, useSettingsStore } from '../stores/settings';
import { EmptyState } from './EmptyState';

export function RunScreen() {
  const activeRunId = useRunsStore((state) => state.activeRunId);
  const hasBegun = useRunsStore((state) => (state.activeRunId ? state.activeRunId in state.runs : false));

  if (!activeRunId) {
    return (
      <>
        <ScreenHeading>Run</ScreenHeading>
        <EmptyState>No test has run yet. Start one from Devices: “This computer” works without a NAS.</EmptyState>
      </>
    );
  }
  return (
    <>
      <ScreenHeading>Run</ScreenHeading>
      {hasBegun ? <RunView runId={activeRunId} /> : <p role="status">Starting the test…</p>}
    </>
  );
}

function RunView({ runId }: { runId: string }) {
  const run = useRunsStore(
    useShallow((state) => {
      const record = state.runs[runId] as RunRecord;
      const { plan, title, target, status, expectedSeconds, elapsedSeconds, step, steps, end } = record;
      return { plan, title, target, status, expectedSeconds, elapsedSeconds, step, steps, end };
    }),
  );
  const { cancelling, cancelError } = useRunsStore(
    useShallow((state) => ({ cancelling: state.cancelling, cancelError: state.cancelError })),
  );
  const { cancelRun } = useRunsActions();
  const { openResults } = useNavigationActions();
  const running = run.status === 'running';
  // A disk run is a list of tests: people follow it test by test ("Test 3 of 8").
  const stepNoun = run.plan === 'disk' ? 'Test' : run.plan === 'disk-sweep' ? 'Cell' : 'Step';

  return (
    <>
      <section className="card" aria-labelledby="run-title">
        <div className="run-header">
          <div>
            <h2 id="run-title">{run.title}</h2>
            <p className="muted">Target: {run.target}</p>
          </div>
          <p className="run-state-line">
            <span className="visually-hidden">State: </span>
            <span className={`badge badge--${run.status}`} data-testid="run-state">
              {run.status}
            </span>
          </p>
        </div>
        <RunProgress
          elapsed={run.elapsedSeconds}
          expected={run.expectedSeconds}
          status={run.status}
          step={run.plan === 'disk' ? run.step : undefined}
        />
        <p className="run-step" data-testid="run-step" aria-live="polite">
          {run.step &&
            `${stepNoun} ${run.step.index + 1} of ${run.step.count}: ${run.step.label}` +
              (run.step.state !== 'started' ? ` (${run.step.state})` : '')}
        </p>
        {run.steps.length > 1 && <StepLog steps={run.steps} noun={stepNoun} />}
        {running && (
          <div className="actions">
            <button
              type="button"
              className="button"
              data-testid="cancel-run"
              disabled={cancelling}
              onClick={() => void cancelRun()}
            >
              {cancelling ? 'Cancelling…' : 'Cancel'}
            </button>
          </div>
        )}
        {cancelError && <ErrorNotice title="The test could not be cancelled." error={cancelError} />}
      </section>
      <section className="card" aria-labelledby="chart-title">
        <h2 id="chart-title">Throughput</h2>
        <LiveChart runId={runId} label={run.title} />
      </section>
      {run.end && (
        <section className="card" aria-labelledby="outcome-title">
          <h2 id="outcome-title">{outcomeTitle[run.end.state]}</h2>
          {run.end.state === 'done' && <FinishedText end={run.end} />}
          {run.end.error && (
            <ErrorNotice error={run.end.error} tone={run.end.state === 'cancelled' ? 'neutral' : 'error'} />
          )}
          <div className="actions">
            <button type="button" className="button button--primary" onClick={() => openResults(runId)}>
              See results
            </button>
          </div>
        </section>
      )}
    </>
  );
}

const stepStateWords = { started: 'running', finished: 'done', failed: 'failed', skipped: 'skipped' } as const;

/** What each step did so far; a failed or skipped one says why, and the others still count. */
function StepLog({ steps, noun }: { steps: RunStep[]; noun: string }) {
  return (
    <details className="step-log" open>
      <summary>{noun}s so far</summary>
      <ol data-testid="step-log">
        {steps.map((step) => (
          <li key={step.index} data-state={step.state}>
            {step.label}:{' '}
            <span className={`step-log__state step-log__state--${step.state}`}>{stepStateWords[step.state]}</span>
            {step.error && <span className="muted"> ({step.error.message})</span>}
          </li>
        ))}
      </ol>
    </details>
  );
}

function FinishedText({ end }: { end: RunEnd }) {
  const unit = useSettingsStore(selectRateUnit);
  const { summary, details } = end;
  // A disk run's tests differ too much (1 MiB sequential, 4 KiB random) for one average to mean anything.
  let figure = '';
  if (details?.kind === 'disk') figure = `: ${details.tests.length} ${details.tests.length === 1 ? 'test' : 'tests'}`;
  else if (summary) figure = `: ${formatRate(summary.bytesPerSecond, unit)} on average`;
  return (
    <p>
      Finished after {formatSeconds(end.seconds)}
      {figure}.
    </p>
  );
}

const outcomeTitle = { done: 'Test finished', cancelled: 'Test cancelled', failed: 'Test failed' } as const;

function RunProgress(props: {
  elapsed: number;
  expected: number;
  status: RunStatus;
  /** Given for runs whose progress is counted in steps rather than time (disk runs: see diskRunProgress). */
  step?: RunStep | null | undefined;
}) {
  const { elapsed, expected, status, step } = props;
  const { fraction, remainingSeconds } =
    step !== undefined ? diskRunProgress(step, elapsed, expected) : runProgress(elapsed, expected);
  const running = status === 'running';
  let text = `Elapsed ${formatSeconds(elapsed)}`;
  if (running && remainingSeconds !== undefined) {
    text += remainingSeconds > 0 ? ` · about ${formatSeconds(remainingSeconds)} left` : ' · finishing…';
  }
  return (
    <div className="progress">
      <progress aria-label="Test progress" max={1} value={status === 'done' ? 1 : fraction} aria-valuetext={text} />
      <p className="progress__text">{text}</p>
    </div>
  );
}
