import { useShallow } from 'zustand/react/shallow';
import { runProgress } from '../../../../shared/util/chart-data';
import { diskRunProgress } from '../../../../shared/kinds/disk/words';
import { progressWords } from '../../../../shared/words/run-progress';
import type { RunEnd, RunStep } from '../../../../shared/contract/run-events';
import { formatRate, formatSeconds } from '../../../../shared/util/units';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ErrorNotice } from '../../components/ErrorNotice';
import { DelayChart } from '../../components/DelayChart';
import { LiveChart } from '../../components/LiveChart';
import { rendererKindOf } from '../../kinds';
import { NasPanel } from './NasPanel';
import { ScreenHeading } from '../../components/ScreenHeading';
import { useNavigationActions } from '../../stores/navigation';
import { useRunsActions, useRunsStore, type LiveRun, type RunStatus } from '../../stores/runs';
import { selectRateUnit, useSettingsStore } from '../../stores/settings';
import text from '../../theme/text.module.css';
import { EmptyState } from '../../components/EmptyState';
import styles from './RunScreen.module.css';

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
      const record = state.runs[runId] as LiveRun;
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
  // A disk run and a share benchmark are lists of tests: people follow them test by test ("Test 3 of 8").
  const byTest = run.plan === 'disk' || run.plan === 'share';
  const stepNoun = byTest ? 'Test' : run.plan === 'disk-sweep' ? 'Cell' : 'Step';

  return (
    <>
      <Card aria-labelledby="run-title">
        <div className={styles.header}>
          <div>
            <h2 id="run-title">{run.title}</h2>
            <p className={text.muted}>Target: {run.target}</p>
          </div>
          {/* The run's one action sits by its state, at the top, in view on any window: Cancel while it
              runs, then See results (a Quick check's step log and charts fill a 1366×768 screen). */}
          <div className={styles.headerAction}>
            <p>
              <span className="visually-hidden">State: </span>
              <Badge state={run.status} testId="run-state">
                {run.status}
              </Badge>
            </p>
            {running ? (
              <Button data-testid="cancel-run" disabled={cancelling} onClick={() => void cancelRun()}>
                {cancelling ? 'Cancelling…' : 'Cancel'}
              </Button>
            ) : (
              run.end && (
                <Button variant="primary" data-testid="see-results" onClick={() => openResults(runId)}>
                  See results
                </Button>
              )
            )}
          </div>
        </div>
        <RunProgress
          elapsed={run.elapsedSeconds}
          expected={run.expectedSeconds}
          status={run.status}
          step={run.plan === 'disk' ? run.step : undefined}
          current={run.step}
        />
        <p className={styles.step} data-testid="run-step" aria-live="polite">
          {run.step &&
            `${stepNoun} ${run.step.index + 1} of ${run.step.count}: ${run.step.label}` +
              (run.step.state !== 'started' ? ` (${run.step.state})` : '')}
        </p>
        {run.steps.length > 1 && <StepLog steps={run.steps} noun={stepNoun} />}
        {cancelError && <ErrorNotice title="The test could not be cancelled." error={cancelError} />}
      </Card>
      <Card aria-labelledby="chart-title">
        <h2 id="chart-title">Throughput</h2>
        <LiveChart runId={runId} label={run.title} />
        <DelayChart runId={runId} />
        <NasPanel runId={runId} />
      </Card>
      {run.end && (
        <Card aria-labelledby="outcome-title">
          <h2 id="outcome-title">{outcomeTitle[run.end.state]}</h2>
          {run.end.state === 'done' && <FinishedText end={run.end} steps={run.steps} />}
          {run.end.error && (
            <ErrorNotice
              error={run.end.error}
              tone={run.end.state === 'cancelled' ? 'neutral' : 'error'}
              testId="run-error"
            />
          )}
        </Card>
      )}
    </>
  );
}

const stepStateWords = { started: 'running', finished: 'done', failed: 'failed', skipped: 'skipped' } as const;

/** What each step did so far; a failed or skipped one says why, and the others still count. */
function StepLog({ steps, noun }: { steps: RunStep[]; noun: string }) {
  return (
    <details className={styles.stepLog} open>
      <summary>{noun}s so far</summary>
      <ol data-testid="step-log">
        {steps.map((step) => {
          // Stopped by the user's Cancel: not a failure, so not in the failure's red.
          const cancelled = step.state === 'failed' && step.error?.code === 'CANCELLED';
          return (
            <li key={step.index} data-state={cancelled ? 'cancelled' : step.state}>
              {step.label}:{' '}
              <span className={styles[cancelled ? 'skipped' : step.state]}>
                {cancelled ? 'cancelled' : stepStateWords[step.state]}
              </span>
              {step.error && !cancelled && <span className={text.muted}> ({step.error.message})</span>}
            </li>
          );
        })}
      </ol>
    </details>
  );
}

function FinishedText({ end, steps }: { end: RunEnd; steps: RunStep[] }) {
  const unit = useSettingsStore(selectRateUnit);
  const { summary, details } = end;
  // A kind may say its own figure (a disk run counts its tests: they differ too much to average), and a
  // plan's network, disk and copy steps do not average either: those count what ran instead.
  let figure = '';
  const own = details && rendererKindOf(details).finishedFigure?.(details);
  if (own) figure = own;
  else if (steps.length > 1)
    figure = `: ${steps.filter((step) => step.state === 'finished').length} of ${steps.length} steps done`;
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
  /** The step (or part) running now: named when it takes longer than planned. */
  current: RunStep | null;
}) {
  const { elapsed, expected, status, step, current } = props;
  const { fraction, remainingSeconds } =
    step !== undefined ? diskRunProgress(step, elapsed, expected) : runProgress(elapsed, expected);
  const words = progressWords(elapsed, remainingSeconds, status === 'running', current);
  return (
    <div>
      <progress
        className={styles.progress}
        aria-label="Test progress"
        max={1}
        value={status === 'done' ? 1 : fraction}
        aria-valuetext={words}
      />
      <p className={styles.progressText}>{words}</p>
    </div>
  );
}
