import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { compareLimits } from '../../../../shared/history/compare-runs';
import { filterRuns } from '../../../../shared/history/filter';
import { Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import fieldStyles from '../../components/Field.module.css';
import { Notice } from '../../components/Notice';
import { ScreenHeading } from '../../components/ScreenHeading';
import { useRunsStore } from '../../stores/runs';
import { useSavedRunsActions, useSavedRunsStore } from '../../stores/saved-runs';
import { selectRateUnit, useSettingsStore } from '../../stores/settings';
import text from '../../theme/text.module.css';
import { EmptyState } from '../../components/EmptyState';
import { CompareRuns } from './CompareRuns';
import { HistoryFilters } from './HistoryFilters';
import { RunList } from './RunList';
import { TrendsSection } from './TrendsSection';

/**
 * "10,000": counts of runs as the reader's locale writes numbers, with one formatter made as the app
 * starts: the first toLocaleString() sets one up inside the task that draws History's first rows.
 */
const counts = new Intl.NumberFormat();
const count = (runs: number) => counts.format(runs);

/**
 * Every saved run, newest first — thousands of them after years of testing: filter by NAS, link,
 * test, tag and date, find by words, open one, tag it, delete it, tick 2–6 to compare, or import one.
 */
export function HistoryScreen() {
  const { summaries, loadingAllOf, choices, unreadable, selected, filter, error } = useSavedRunsStore(
    useShallow((state) => ({
      summaries: state.summaries,
      loadingAllOf: state.loadingAllOf,
      choices: state.choices,
      unreadable: state.unreadable,
      selected: state.selected,
      filter: state.filter,
      error: state.error,
    })),
  );
  const unit = useSettingsStore(selectRateUnit);
  const actions = useSavedRunsActions();
  // How often "Compare the ticked runs" was pressed: the comparison comes into view once its runs are read.
  const [compareAsked, setCompareAsked] = useState(0);
  // A run that just ended was saved before its end event: list it.
  const finished = useRunsStore((state) => state.finishedRunIds.length);
  useEffect(() => {
    void actions.load();
  }, [actions, finished]);
  // The filters apply once every run is here; the first screenful is shown as it came.
  const loading = loadingAllOf !== null;
  const shown = useMemo(
    () => (summaries && !loading ? filterRuns(summaries, filter) : (summaries ?? [])),
    [summaries, filter, loading],
  );

  return (
    <>
      <ScreenHeading>History</ScreenHeading>
      <p className={text.muted}>
        Every test is saved on this computer. Tick {compareLimits.min} to {compareLimits.max} to compare them, for
        example the same test over Wi-Fi and over a cable.
      </p>
      <ImportRun />
      {error && <ErrorNotice title="That did not work." error={error} testId="history-error" />}
      {unreadable.length > 0 && (
        <Notice as="p" testId="history-unreadable">
          {unreadable.length === 1 ? 'One saved file' : `${unreadable.length} saved files`} could not be read and{' '}
          {unreadable.length === 1 ? 'is' : 'are'} left out: {unreadable.map((problem) => problem.file).join(', ')}.
        </Notice>
      )}
      {summaries === null ? null : summaries.length === 0 ? (
        <EmptyState>No saved tests yet. Results appear here when a test ends.</EmptyState>
      ) : (
        <>
          {!loading && <HistoryFilters choices={choices} filter={filter} />}
          <p className={text.muted} role="status" data-testid="history-count">
            {loading
              ? `The newest ${count(summaries.length)} of ${count(loadingAllOf)} saved tests; the rest are on their way.`
              : shown.length === summaries.length
                ? `${count(summaries.length)} saved ${summaries.length === 1 ? 'test' : 'tests'}, newest first.`
                : `${count(shown.length)} of ${count(summaries.length)} saved tests, newest first.`}
          </p>
          {/* The comparison comes below the list, often out of view: a button where the runs are ticked goes to it. */}
          {selected.length >= compareLimits.min && (
            <Button variant="primary" data-testid="show-compare" onClick={() => setCompareAsked((asked) => asked + 1)}>
              Compare the {selected.length} ticked runs
            </Button>
          )}
          <RunList runs={shown} unit={unit} selected={selected} />
        </>
      )}
      {selected.length >= compareLimits.min && <CompareRuns runIds={selected} scrollAsked={compareAsked} />}
      {summaries && summaries.length > 0 && !loading && <TrendsSection listed={summaries} unit={unit} />}
    </>
  );
}

/** A run file (or a report with its run inside) from someone else, to compare with one's own. */
function ImportRun() {
  const { importText } = useSavedRunsActions();
  const [imported, setImported] = useState<string | null>(null);
  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setImported((await importText(await file.text())) ? `Added ${file.name}.` : null);
  };
  return (
    <div className={fieldStyles.field}>
      <label htmlFor="import-run">Add a run from a file</label>
      <input
        id="import-run"
        type="file"
        accept=".json,.html,application/json,text/html"
        data-testid="history-import"
        onChange={(event) => void read(event)}
      />
      <p className={fieldStyles.help} role="status">
        {imported ?? 'A run file or an HTML report from NASBench, yours or someone else’s.'}
      </p>
    </div>
  );
}
