import { useShallow } from 'zustand/react/shallow';
import { formatRate, type RateUnit } from '../../../shared/units';
import { ScreenHeading } from '../components/ScreenHeading';
import { useNavigationActions } from '../stores/navigation';
import { useRunsStore, type RunRecord } from '../stores/runs';
import { selectRateUnit, useSettingsStore } from '../stores/settings';
import { EmptyState } from './EmptyState';

export function HistoryScreen() {
  const finished = useRunsStore(
    useShallow((state) => state.finishedRunIds.map((runId) => state.runs[runId] as RunRecord)),
  );
  const unit = useSettingsStore(selectRateUnit);
  const { openResults } = useNavigationActions();

  return (
    <>
      <ScreenHeading>History</ScreenHeading>
      <p className="muted">
        Tests are kept here until you close NASBench. Saving them between sessions comes in a later version.
      </p>
      {finished.length === 0 ? (
        <EmptyState>No tests have finished in this session yet.</EmptyState>
      ) : (
        <ul className="history" data-testid="history-list">
          {finished.map((run) => (
            <li key={run.runId}>
              <button type="button" className="history__item" onClick={() => openResults(run.runId)}>
                <span className="history__title">{run.title}</span>
                <span className="muted">{new Date(run.startedAt).toLocaleTimeString()}</span>
                <span className="history__figure">{headlineFigure(run, unit)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The one figure a run is remembered by; a disk run's first test stands for it, named, as its tests differ. */
function headlineFigure(run: RunRecord, unit: RateUnit): string {
  const firstDiskTest = run.end?.details?.kind === 'disk' ? run.end.details.tests[0] : undefined;
  if (firstDiskTest) return `${firstDiskTest.name}: ${formatRate(firstDiskTest.bytesPerSecond, unit)}`;
  return run.end?.summary ? formatRate(run.end.summary.bytesPerSecond, unit) : run.status;
}
