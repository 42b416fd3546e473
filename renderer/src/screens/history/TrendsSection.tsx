import { useEffect, useState } from 'react';
import type { RunSummary } from '../../../../shared/contract/runs';
import type { RateUnit } from '../../../../shared/util/units';
import { useSavedRunsActions } from '../../stores/saved-runs';
import text from '../../theme/text.module.css';
import styles from './Trends.module.css';
import { Trends } from './Trends';

/**
 * "How each NAS changed", folded until asked for: trends need every run's figures, megabytes with
 * years of runs, which the list itself does without (so History opens at once). They are fetched
 * when the section is opened, and again when the list changes (a new run, a new tag); a failure shows
 * as History's own error.
 */
export function TrendsSection({ listed, unit }: { listed: RunSummary[]; unit: RateUnit }) {
  const [open, setOpen] = useState(false);
  const [withFigures, setWithFigures] = useState<RunSummary[] | null>(null);
  const { fetchWithFigures } = useSavedRunsActions();
  useEffect(() => {
    if (!open) return;
    let current = true;
    void fetchWithFigures().then((runs) => {
      if (current && runs) setWithFigures(runs);
    });
    return () => {
      current = false;
    };
  }, [open, listed, fetchWithFigures]);
  return (
    <details
      className={styles.section}
      data-testid="trends-section"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>How each NAS changed over time</summary>
      {open && withFigures === null && (
        <p className={text.muted} role="status">
          Reading the figures of {listed.length} saved tests…
        </p>
      )}
      {open && withFigures && <Trends summaries={withFigures} unit={unit} />}
    </details>
  );
}
