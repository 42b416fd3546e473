import { useVirtualizer, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useId, useRef, useState } from 'react';
import type { RunSummary } from '../../../../shared/contract/runs';
import { describeRunLink } from '../../../../shared/history/run-summary';
import { nasSummaryLine } from '../../../../shared/verdicts/nas-glance';
import { formatRate, formatSeconds, type RateUnit } from '../../../../shared/util/units';
import { Button } from '../../components/Button';
import fieldStyles from '../../components/Field.module.css';
import { useSavedRunsActions } from '../../stores/saved-runs';
import styles from './HistoryScreen.module.css';

const statusWords: Record<RunSummary['status'], string> = {
  completed: 'Finished',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/**
 * When a run started, as `toLocaleString()` writes it — with one formatter for every row, as
 * making one per call is what costs when a screenful of rows appears each frame.
 */
const startedAt = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** A run's line before it is measured; the list measures each one it draws. */
const estimatedRowPx = 76;

/*
 * Sizes come from ResizeObservers, which report after the browser's own layout of a frame. The
 * library's defaults read the layout the moment the list mounts and each row is added, which makes the
 * task that draws History's first rows lay out the whole screen as well: on a busy machine that one task
 * went past 50 ms (issue #34). So the list mounts empty, its rows come a frame later in a task of their
 * own, and each row is placed by the estimate until its own size is reported.
 */

/** The scroller's size, from its ResizeObserver only. */
function observeScrollerSize(list: Virtualizer<HTMLDivElement, HTMLLIElement>, report: (rect: Rect) => void) {
  const scroller = list.scrollElement;
  if (!scroller) return undefined;
  const observer = new ResizeObserver(() => report({ width: scroller.clientWidth, height: scroller.clientHeight }));
  observer.observe(scroller);
  return () => observer.disconnect();
}

/** A drawn row's height as reported; until then the last one known, or the estimate. */
function reportedHeight(
  element: HTMLLIElement,
  entry: ResizeObserverEntry | undefined,
  list: Virtualizer<HTMLDivElement, HTMLLIElement>,
): number {
  const box = entry?.borderBoxSize[0];
  if (box) return Math.round(box.blockSize);
  return list.itemSizeCache.get(list.options.getItemKey(list.indexFromElement(element))) ?? estimatedRowPx;
}

/**
 * The saved runs, newest first, drawn only where the list is scrolled to: years of history are
 * thousands of runs, and a page with every one of them drawn at once blocks for hundreds of
 * milliseconds (issue #19). The rows keep their list semantics (position and size) for screen readers.
 */
export function RunList({ runs, unit, selected }: { runs: RunSummary[]; unit: RateUnit; selected: string[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  // TanStack Virtual hands back functions the React Compiler cannot memoise; this app does not use
  // the compiler, and the list must re-render as it scrolls anyway.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtual = useVirtualizer({
    count: runs.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => estimatedRowPx,
    measureElement: reportedHeight,
    observeElementRect: observeScrollerSize,
    overscan: 6,
    getItemKey: (index) => runs[index]?.id ?? index,
  });
  return (
    <div ref={scroller} className={styles.scroller} data-testid="history-scroller" tabIndex={-1}>
      <ul className={styles.list} data-testid="history-list" style={{ height: virtual.getTotalSize() }}>
        {virtual.getVirtualItems().map((row) => {
          const run = runs[row.index];
          if (!run) return null;
          return (
            <li
              key={row.key}
              ref={virtual.measureElement}
              data-index={row.index}
              className={styles.row}
              style={{ transform: `translateY(${row.start}px)` }}
              aria-setsize={runs.length}
              aria-posinset={row.index + 1}
            >
              <SavedRunItem run={run} unit={unit} ticked={selected.includes(run.id)} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** One run's line; drawn again only when its own run, unit or tick changes, not at every scroll. */
const SavedRunItem = memo(function SavedRunItem({
  run,
  unit,
  ticked,
}: {
  run: RunSummary;
  unit: RateUnit;
  ticked: boolean;
}) {
  const id = useId();
  const when = startedAt.format(Date.parse(run.startedAt));
  const link = describeRunLink(run);
  const actions = useSavedRunsActions();
  const [tags, setTags] = useState(run.tags.join(', '));
  const saveTags = () => {
    const list = tags.split(',').map((tag) => tag.trim());
    if (list.join(',') !== run.tags.join(',')) void actions.setTags(run.id, list.filter(Boolean));
  };
  return (
    <div className={styles.run} data-testid="history-run" data-run-id={run.id}>
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
          {when} · {run.host}
          {link ? ` · ${link}` : ''} · {formatSeconds(run.seconds)}
        </span>
        <span className={styles.figure}>
          {run.status === 'completed' && run.headline
            ? formatRate(run.headline.bytesPerSecond, unit)
            : statusWords[run.status]}
        </span>
        {run.nasView && (
          <span className={styles.meta} data-testid="history-nas">
            {nasSummaryLine(run.nasView)}
          </span>
        )}
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
        aria-label={`Delete ${run.title} from ${when}`}
        onClick={() => void actions.remove(run.id)}
      >
        Delete
      </Button>
    </div>
  );
});
