import { useEffect, useState } from 'react';
import { formatBytes, formatRate, formatSeconds, type RateUnit } from '../../../../shared/util/units';
import { Card } from '../../components/Card';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Headline } from '../../components/Headline';
import tables from '../../components/tables.module.css';
import { DelayChart } from '../../components/DelayChart';
import { LiveChart } from '../../components/LiveChart';
import { ScreenHeading } from '../../components/ScreenHeading';
import { useNavigationStore } from '../../stores/navigation';
import { selectResultsRun, useRunsStore, type LiveRun } from '../../stores/runs';
import { useSavedRunsStore } from '../../stores/saved-runs';
import { selectRateUnit, useSettingsStore } from '../../stores/settings';
import { UnsteadyNote } from '../../components/Spread';
import { linkAsSubject } from '../../../../shared/words/spread';
import { resultsOfKind } from '../../../../shared/kinds';
import { rendererKindOf } from '../../kinds';
import { PlanName } from '../../../../shared/contract/plans';
import text from '../../theme/text.module.css';
import { EmptyState } from '../../components/EmptyState';
import styles from './ResultsScreen.module.css';
import { AnswerBlock } from './AnswerBlock';
import { RunFindings } from './RunFindings';
import { ExportDialog } from './ExportDialog';
import { LeftBehindNotice } from './LeftBehindNotice';
import { LinkUse, SeriesAverages, useRunLinks } from '../../kinds/network/NetworkResults';
import { WriteSizeTable } from '../../kinds/network/WriteSizeTable';
import { ThroughDiskFigure } from '../../kinds/disk-through-network/ThroughDiskFigure';
import { writeSizeRows } from '../../../../shared/kinds/network/write-sizes';

export function ResultsScreen() {
  const requestedRunId = useNavigationStore((state) => state.resultsRunId);
  const run = useRunsStore((state) => selectResultsRun(state, requestedRunId));
  const unit = useSettingsStore(selectRateUnit);
  const runLinks = useRunLinks(run?.runId ?? '');
  // The saved run knows what the end event does not: the link it ran over, and its figures' spread.
  const saved = useSavedRunsStore((state) => (run ? state.records[run.runId] : undefined));
  const route = saved?.environment.client?.route ?? null;
  const networkResults = resultsOfKind(saved?.results ?? [], 'network');
  const writeSizes = writeSizeRows(saved?.results ?? []);
  const through = resultsOfKind(saved?.results ?? [], 'disk-through-network')[0];
  const headlineSpread = networkResults.length === 1 ? networkResults[0]?.summary.spread : undefined;
  const shownRunId = useNavigationStore((state) => state.shownRunId);
  const shownId = run?.end ? run.runId : null;
  useEffect(() => {
    // Remember what is on screen; after a reload (an empty runs store), open the same run from its file.
    if (shownId) useNavigationStore.getState().actions.shown(shownId);
    else if (shownRunId) void useSavedRunsStore.getState().actions.open(shownRunId);
  }, [shownId, shownRunId]);

  if (!run || !run.end) {
    return (
      <>
        <ScreenHeading>Results</ScreenHeading>
        <EmptyState>No finished tests yet. Results appear here when a test ends.</EmptyState>
      </>
    );
  }
  const { end } = run;
  // A guided plan's steps each have their own figures (below): none of them is the run's headline.
  const isGuidedPlan = PlanName.safeParse(run.plan).success;
  const EndView = end.details ? rendererKindOf(end.details).ResultView : null;
  return (
    <>
      <ScreenHeading>Results</ScreenHeading>
      <Card aria-labelledby="results-title">
        <h2 id="results-title">{run.title}</h2>
        <p className={text.muted}>
          {run.target} · started {new Date(run.startedAt).toLocaleString()}
        </p>
        <AnswerBlock saved={saved} unit={unit} />
        {EndView && end.details ? (
          // A test whose end event carries its result (disk, copy, load) is drawn as its kind draws it.
          <EndView result={end.details} unit={unit} state={end.state} route={route} connection={saved?.connection} />
        ) : isGuidedPlan ? null : through ? (
          // Its own figure with the two alone beside it: the run's peak would mix in the disks' own.
          <ThroughDiskFigure result={through} unit={unit} state={end.state} route={route} />
        ) : writeSizes ? (
          // One test per write size has no one figure: its headline is the table of them.
          <WriteSizeTable rows={writeSizes} unit={unit} />
        ) : end.summary ? (
          <>
            <Headline
              label="Average throughput"
              value={formatRate(end.summary.bytesPerSecond, unit)}
              valueTestId="results-average"
              bytesPerSecond={end.summary.bytesPerSecond}
              spread={headlineSpread}
              context={runLinks && <LinkUse bytesPerSecond={end.summary.bytesPerSecond} runLinks={runLinks} />}
            />
            <UnsteadyNote spread={headlineSpread} subject={linkAsSubject(route?.type)} />
            <dl className={styles.figures}>
              <div>
                <dt>Peak</dt>
                <dd data-testid="results-peak">{formatRate(end.summary.peakBytesPerSecond, unit)}</dd>
              </div>
              <div>
                <dt>Data moved</dt>
                <dd>{formatBytes(end.summary.bytes)}</dd>
              </div>
              <div>
                <dt>Duration</dt>
                <dd>{formatSeconds(end.summary.seconds)}</dd>
              </div>
            </dl>
          </>
        ) : (
          <p>{noTotals[end.state]}</p>
        )}
        {end.state === 'failed' && end.error && <ErrorNotice error={end.error} testId="results-error" />}
        <LeftBehindNotice folders={end.leftBehind} />
        <RunFindings
          runId={run.runId}
          unit={unit}
          state={end.state}
          shownKind={end.details?.kind ?? (through ? 'disk-through-network' : null)}
        />
        <ExportDialog runId={run.runId} />
      </Card>
      <Card aria-labelledby="results-chart-title">
        <h2 id="results-chart-title">Throughput over time</h2>
        <LiveChart runId={run.runId} label={run.title} />
        <DelayChart runId={run.runId} />
        {run.plan === 'network' && run.series.length > 1 && (
          <SeriesAverages run={run} unit={unit} runLinks={runLinks} />
        )}
        <SamplesTable run={run} unit={unit} />
      </Card>
    </>
  );
}

const noTotals = {
  done: 'This test finished without reporting totals.',
  cancelled: 'This test was cancelled before it finished, so it has no totals.',
  failed: 'This test failed before it finished, so it has no totals.',
} as const;

/** The chart's readings as a table, for screen readers and for copying; built only when opened. */
function SamplesTable({ run, unit }: { run: LiveRun; unit: RateUnit }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Readings as a table</summary>
      {open && (
        <table className={tables.figures}>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Time</th>
              <th scope="col">Throughput</th>
            </tr>
          </thead>
          <tbody>
            {run.series.flatMap((info) =>
              (run.samples[info.id]?.toArray() ?? []).map((sample) => (
                <tr key={`${info.id}-${sample.t}`}>
                  <td>{info.label}</td>
                  <td>{formatSeconds(sample.t)}</td>
                  <td>{formatRate(sample.value, unit)}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      )}
    </details>
  );
}
