import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { compareLimits } from '../../../shared/words/compare-runs';
import type { RunSummary } from '../../../shared/contract/runs';
import { formatRate, formatSeconds, type RateUnit } from '../../../shared/util/units';
import { Button } from '../components/Button';
import { ErrorNotice } from '../components/ErrorNotice';
import fieldStyles from '../components/Field.module.css';
import { Notice } from '../components/Notice';
import { ScreenHeading } from '../components/ScreenHeading';
import { useRunsStore } from '../stores/runs';
import { useSavedRunsActions, useSavedRunsStore } from '../stores/saved-runs';
import { selectRateUnit, useSettingsStore } from '../stores/settings';
import text from '../theme/text.module.css';
import { EmptyState } from './EmptyState';
import styles from './HistoryScreen.module.css';
import { CompareRuns } from './history/CompareRuns';

const statusWords: Record<RunSummary['status'], string> = {
  completed: 'Finished',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** Every saved run, newest first: open one, tag it, delete it, tick 2–6 to compare, or import one. */
export function HistoryScreen() {
  const { summaries, unreadable, selected, error } = useSavedRunsStore(
    useShallow((state) => ({
      summaries: state.summaries,
      unreadable: state.unreadable,
      selected: state.selected,
      error: state.error,
    })),
  );
  const unit = useSettingsStore(selectRateUnit);
  const actions = useSavedRunsActions();
  // A run that just ended was saved before its end event: list it.
  const finished = useRunsStore((state) => state.finishedRunIds.length);
  useEffect(() => {
    void actions.load();
  }, [actions, finished]);

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
        <ul className={styles.list} data-testid="history-list">
          {summaries.map((run) => (
            <SavedRunItem key={run.id} run={run} unit={unit} ticked={selected.includes(run.id)} />
          ))}
        </ul>
      )}
      {selected.length >= compareLimits.min && <CompareRuns runIds={selected} />}
    </>
  );
}

function SavedRunItem({ run, unit, ticked }: { run: RunSummary; unit: RateUnit; ticked: boolean }) {
  const id = useId();
  const actions = useSavedRunsActions();
  const [tags, setTags] = useState(run.tags.join(', '));
  const saveTags = () => {
    const list = tags.split(',').map((tag) => tag.trim());
    if (list.join(',') !== run.tags.join(',')) void actions.setTags(run.id, list.filter(Boolean));
  };
  return (
    <li className={styles.run} data-testid="history-run" data-run-id={run.id}>
      <label className={fieldStyles.choice}>
        <input
          type="checkbox"
          checked={ticked}
          data-testid="history-compare"
          onChange={() => actions.toggleSelected(run.id)}
        />
        <span className="visually-hidden">Compare {run.title}</span>
      </label>
      <button
        type="button"
        className={styles.item}
        data-testid="history-open"
        onClick={() => void actions.open(run.id)}
      >
        <span className={styles.title}>{run.title}</span>
        <span className={styles.meta}>
          {new Date(run.startedAt).toLocaleString()} · {run.host}
          {run.clientLink ? ` · ${run.clientLink}` : ''} · {formatSeconds(run.seconds)}
        </span>
        <span className={styles.figure}>
          {run.status === 'completed' && run.headline
            ? formatRate(run.headline.bytesPerSecond, unit)
            : statusWords[run.status]}
        </span>
      </button>
      <div className={styles.tags}>
        <label htmlFor={`${id}-tags`}>Tags</label>
        <input
          id={`${id}-tags`}
          type="text"
          data-testid="history-tags"
          value={tags}
          placeholder="e.g. Wi-Fi, after NVMe cache"
          onChange={(event) => setTags(event.target.value)}
          onBlur={saveTags}
          onKeyDown={(event) => event.key === 'Enter' && saveTags()}
        />
      </div>
      <Button
        data-testid="history-delete"
        aria-label={`Delete ${run.title} from ${new Date(run.startedAt).toLocaleString()}`}
        onClick={() => void actions.remove(run.id)}
      >
        Delete
      </Button>
    </li>
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
