import { useEffect, useState } from 'react';
import type { ClientFacts } from '../../../../shared/contract/probe';
import type { RunRecord as SavedRun, TestResult } from '../../../../shared/contract/runs';
import { formatRate, formatSeconds, type RateUnit } from '../../../../shared/util/units';
import { throughNetworkCache } from '../../../../shared/words/cache';
import { describeDelay } from '../../../../shared/words/delay';
import { describeUdp } from '../../../../shared/words/udp';
import { linkAsSubject } from '../../../../shared/words/spread';
import { describeNasView } from '../../../../shared/words/nas-view';
import { answerFirst } from '../../../../shared/words/plan-answer';
import { explainFigures, figuresOfRun, type Verdict } from '../../../../shared/words/verdicts';
import { SpreadMark, UnsteadyNote } from '../../components/Spread';
import { classNames } from '../../components/class-names';
import { Headline } from '../../components/Headline';
import { TermText } from '../../components/Term';
import { useSavedRunsActions, useSavedRunsStore } from '../../stores/saved-runs';
import text from '../../theme/text.module.css';
import { CopyResults } from '../copy/CopyResults';
import { DiskResults } from '../disk/DiskResults';
import { LoadResults } from '../load/LoadResults';
import styles from './RunFindings.module.css';

const directionWords = {
  upload: 'This computer to the NAS',
  download: 'The NAS to this computer',
  bidir: 'Both ways at once',
} as const;

/** A network test's figure and its legs, as saved (receiver-side goodput, as iperf3 reports it). */
function NetworkFigure({
  result,
  unit,
  route,
}: {
  result: Extract<TestResult, { kind: 'network' }>;
  unit: RateUnit;
  route: Route;
}) {
  const { spread } = result.summary;
  return (
    <div data-testid="saved-network-result">
      <Headline
        label={
          directionWords[result.direction] + (result.legs.length > 1 ? `, ${result.legs.length} links at once` : '')
        }
        value={formatRate(result.summary.bitsPerSecond / 8, unit)}
        valueTestId="saved-network-figure"
        spread={spread}
      />
      {/* Several links at once went over more than the one route the probe looked at: no link is named. */}
      <UnsteadyNote spread={spread} subject={result.legs.length > 1 ? null : linkAsSubject(route?.type)} />
      {result.method === 'ssh' && (
        <p className={text.muted}>
          Measured by copying over SSH (iperf3 was missing): a lower bound, not the link’s speed.
        </p>
      )}
      {result.legs.length > 1 && <LegBars legs={result.legs} unit={unit} />}
      {result.latency && <p data-testid="saved-network-delay">{describeDelay(result.latency)}.</p>}
      {result.udp && (
        <p data-testid="saved-network-udp">
          <TermText text={describeUdp(result.udp, unit)} />.
        </p>
      )}
      {result.note && (
        <p className={text.muted}>
          <TermText text={result.note} />
        </p>
      )}
    </div>
  );
}

type Leg = Extract<TestResult, { kind: 'network' }>['legs'][number];
type Route = ClientFacts['route'] | null | undefined;

function VerdictList({ verdicts }: { verdicts: Verdict[] }) {
  if (verdicts.length === 0) return null;
  return (
    <ul className={styles.verdicts}>
      {verdicts.map((verdict) => (
        <li
          key={verdict.id + verdict.text}
          className={classNames(styles.verdict, styles[verdict.severity])}
          data-verdict={verdict.id}
        >
          <TermText text={verdict.text} />
        </li>
      ))}
    </ul>
  );
}

/** A bar per leg of a multi-link test, on one scale: a bond that spreads its streams shows bars of one length. */
function LegBars({ legs, unit }: { legs: Leg[]; unit: RateUnit }) {
  const fastest = Math.max(1, ...legs.map((leg) => leg.bitsPerSecond));
  return (
    <ul className={styles.legBars} data-testid="leg-bars" aria-label="Each link of the test">
      {legs.map((leg) => (
        <li key={`${leg.bindAddress ?? ''}-${leg.target}-${leg.port}`}>
          <span>
            {leg.bindAddress ? `${leg.bindAddress} → ` : ''}
            {leg.target}
          </span>
          <span className={styles.track} aria-hidden="true">
            <span className={styles.bar} style={{ width: `${(100 * leg.bitsPerSecond) / fastest}%` }} />
          </span>
          <span className={styles.value} data-testid="leg-bar-value">
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
  route,
}: {
  result: TestResult;
  unit: RateUnit;
  state: 'done' | 'failed' | 'cancelled';
  route: Route;
}) {
  switch (result.kind) {
    case 'disk':
      return <DiskResults details={result} unit={unit} state={state} />;
    case 'copy':
      return <CopyResults details={result} unit={unit} state={state} route={route} />;
    case 'network':
      return <NetworkFigure result={result} unit={unit} route={route} />;
    case 'disk-through-network': {
      const cache = throughNetworkCache(result);
      return (
        <p data-testid="saved-disk-through-network">
          {result.label}: {formatRate(result.bitsPerSecond / 8, unit)}
          <SpreadMark spread={result.spread} />
          {cache ? ` (${cache.words.charAt(0).toLowerCase()}${cache.words.slice(1)})` : ''}
          <UnsteadyNote spread={result.spread} as="span" />
        </p>
      );
    }
    case 'load':
      return <LoadResults result={result} unit={unit} />;
    case 'throughput':
      return null;
  }
}

interface FindingsProps {
  unit: RateUnit;
  state: 'done' | 'failed' | 'cancelled';
  /** The result kind Results already draws from the run's end event, so it is not drawn twice. */
  shownKind: 'disk' | 'copy' | 'load' | null;
}

/**
 * What a finished run found, read back from its saved record: the verdicts with the numbers behind
 * them, then every test result the live view does not already show (a guided plan runs several).
 */
export function RunFindings({ runId, ...shown }: FindingsProps & { runId: string }) {
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
  if (!saved) return missing ? <p className={text.muted}>This run was not saved, so there are no verdicts.</p> : null;
  return <Findings saved={saved} {...shown} />;
}

function Findings({ saved, unit, state, shownKind }: FindingsProps & { saved: SavedRun }) {
  const figures = figuresOfRun(saved);
  const { answer, others: otherVerdicts, none } = answerFirst(saved.plan, explainFigures(figures, { unit }));
  const nasLines = (figures.nasViews ?? []).flatMap((view) => describeNasView(view) ?? []);
  // The first result of the kind Results already draws is that one; throughput results are the headline.
  const shownIndex = saved.results.findIndex((result) => result.kind === shownKind);
  const others = saved.results.filter((result, index) => index !== shownIndex && result.kind !== 'throughput');
  return (
    <>
      <section aria-labelledby="verdicts-title" data-testid="verdicts">
        <h3 id="verdicts-title">What this means</h3>
        {/* A guided plan's card asked a question: its answer comes first, or why there is none. */}
        {answer && (
          <p className={classNames(styles.verdict, styles[answer.severity], styles.answer)} data-testid="plan-answer">
            <span data-verdict={answer.id}>
              <TermText text={answer.text} />
            </span>
          </p>
        )}
        {none && (
          <p className={text.muted} data-testid="plan-no-answer">
            {none}
          </p>
        )}
        {otherVerdicts.length === 0 && !answer && !none ? (
          <p className={text.muted} data-testid="no-verdict">
            These figures alone do not show a limit. Run the Quick check to compare the network with the disks.
          </p>
        ) : (
          <VerdictList verdicts={otherVerdicts} />
        )}
      </section>
      {nasLines.length > 0 && (
        <section aria-labelledby="nas-view-title" data-testid="nas-view">
          <h3 id="nas-view-title">What the NAS itself did</h3>
          <ul>
            {nasLines.map((line) => (
              <li key={line}>
                <TermText text={line} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {others.map((result, index) => (
        <ResultView
          key={`${result.kind}-${index}`}
          result={result}
          unit={unit}
          state={state}
          route={saved.environment.client?.route}
        />
      ))}
    </>
  );
}
