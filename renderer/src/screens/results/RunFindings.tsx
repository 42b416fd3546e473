import { useEffect, useState } from 'react';
import type { RunRecord as SavedRun, TestResult } from '../../../../shared/runs';
import { formatRate, formatSeconds, type RateUnit } from '../../../../shared/units';
import { explainFigures, figuresOfRun } from '../../../../shared/verdicts';
import { useSavedRunsActions, useSavedRunsStore } from '../../stores/saved-runs';
import { CopyResults } from '../copy/CopyResults';
import { DiskResults } from '../disk/DiskResults';

const directionWords = {
  upload: 'This computer to the NAS',
  download: 'The NAS to this computer',
  bidir: 'Both ways at once',
} as const;

/** A network test's figure and its legs, as saved (receiver-side goodput, as iperf3 reports it). */
function NetworkFigure({ result, unit }: { result: Extract<TestResult, { kind: 'network' }>; unit: RateUnit }) {
  return (
    <div className="network-figure" data-testid="saved-network-result">
      <p className="headline">
        <span className="headline__label">
          {directionWords[result.direction]}
          {result.legs.length > 1 ? `, ${result.legs.length} links at once` : ''}
        </span>
        <span className="headline__value">{formatRate(result.summary.bitsPerSecond / 8, unit)}</span>
      </p>
      {result.method === 'ssh' && (
        <p className="muted">Measured by copying over SSH (iperf3 was missing): a lower bound, not the link’s speed.</p>
      )}
      {result.legs.length > 1 && <LegBars legs={result.legs} unit={unit} />}
      {result.note && <p className="muted">{result.note}</p>}
    </div>
  );
}

type Leg = Extract<TestResult, { kind: 'network' }>['legs'][number];

/** A bar per leg of a multi-link test, on one scale: a bond that spreads its streams shows bars of one length. */
function LegBars({ legs, unit }: { legs: Leg[]; unit: RateUnit }) {
  const fastest = Math.max(1, ...legs.map((leg) => leg.bitsPerSecond));
  return (
    <ul className="leg-bars" data-testid="leg-bars" aria-label="Each link of the test">
      {legs.map((leg) => (
        <li key={`${leg.bindAddress ?? ''}-${leg.target}-${leg.port}`}>
          <span className="leg-bars__label">
            {leg.bindAddress ? `${leg.bindAddress} → ` : ''}
            {leg.target}
          </span>
          <span className="leg-bars__track" aria-hidden="true">
            <span className="leg-bars__bar" style={{ width: `${(100 * leg.bitsPerSecond) / fastest}%` }} />
          </span>
          <span className="leg-bars__value">
            {formatRate(leg.bitsPerSecond / 8, unit)} over {formatSeconds(leg.seconds)}
          </span>
        </li>
      ))}
    </ul>
  );
}

function ResultView({
  result,
  unit,
  state,
}: {
  result: TestResult;
  unit: RateUnit;
  state: 'done' | 'failed' | 'cancelled';
}) {
  switch (result.kind) {
    case 'disk':
      return <DiskResults details={result} unit={unit} state={state} />;
    case 'copy':
      return <CopyResults details={result} unit={unit} state={state} />;
    case 'network':
      return <NetworkFigure result={result} unit={unit} />;
    case 'disk-through-network':
      return (
        <p data-testid="saved-disk-through-network">
          {result.label}: {formatRate(result.bitsPerSecond / 8, unit)}
          {result.likelyCached ? ' (the file fit in the NAS’s memory: probably read from its cache)' : ''}
        </p>
      );
    case 'throughput':
      return null;
  }
}

/**
 * What a finished run found, read back from its saved record: the verdicts with the numbers behind
 * them, then every test result the live view does not already show (a guided plan runs several).
 */
export function RunFindings({
  runId,
  unit,
  state,
  shownKind,
}: {
  runId: string;
  unit: RateUnit;
  state: 'done' | 'failed' | 'cancelled';
  /** The result kind Results already draws from the run's end event, so it is not drawn twice. */
  shownKind: 'disk' | 'copy' | null;
}) {
  const saved = useSavedRunsStore((store) => store.records[runId]);
  const { fetch } = useSavedRunsActions();
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (saved) return;
    let stop = false;
    void fetch(runId).then((record) => !stop && setMissing(record === undefined));
    return () => {
      stop = true;
    };
  }, [fetch, runId, saved]);
  if (!saved) return missing ? <p className="muted">This run was not saved, so there are no verdicts.</p> : null;
  return <Findings saved={saved} unit={unit} state={state} shownKind={shownKind} />;
}

function Findings({
  saved,
  unit,
  state,
  shownKind,
}: {
  saved: SavedRun;
  unit: RateUnit;
  state: 'done' | 'failed' | 'cancelled';
  shownKind: 'disk' | 'copy' | null;
}) {
  const verdicts = explainFigures(figuresOfRun(saved), { unit });
  // The first result of the kind Results already draws is that one; throughput results are the headline.
  const shownIndex = saved.results.findIndex((result) => result.kind === shownKind);
  const others = saved.results.filter((result, index) => index !== shownIndex && result.kind !== 'throughput');
  return (
    <>
      <section aria-labelledby="verdicts-title" data-testid="verdicts">
        <h3 id="verdicts-title">What this means</h3>
        {verdicts.length === 0 ? (
          <p className="muted" data-testid="no-verdict">
            These figures alone do not show a limit. Run the Quick check to compare the network with the disks.
          </p>
        ) : (
          <ul className="verdicts">
            {verdicts.map((verdict) => (
              <li
                key={verdict.id + verdict.text}
                className={`verdict verdict--${verdict.severity}`}
                data-verdict={verdict.id}
              >
                {verdict.text}
              </li>
            ))}
          </ul>
        )}
      </section>
      {others.map((result, index) => (
        <ResultView key={`${result.kind}-${index}`} result={result} unit={unit} state={state} />
      ))}
    </>
  );
}
