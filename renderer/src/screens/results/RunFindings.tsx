import { useEffect, useState } from 'react';
import type { RunRecord as SavedRun, TestResult } from '../../../../shared/contract/runs';
import type { Verdict } from '../../../../shared/contract/verdict';
import { formatRate, type RateUnit } from '../../../../shared/util/units';
import { describeNasView } from '../../../../shared/verdicts/nas-glance';
import { answerFirst } from '../../../../shared/verdicts/plan-answer';
import { explainFigures, figuresOfRun } from '../../../../shared/verdicts';
import { classNames } from '../../components/class-names';
import { Term, TermText } from '../../components/Term';
import { throughDiskParts } from '../../../../shared/kinds/disk-through-network/parts';
import { writeSizeRows } from '../../../../shared/kinds/network/write-sizes';
import { rendererKindOf } from '../../kinds';
import type { ResultViewProps } from '../../kinds/types';
import { useNavigationActions } from '../../stores/navigation';
import { usePlanActions } from '../../stores/plan';
import { useSavedRunsActions, useSavedRunsStore } from '../../stores/saved-runs';
import text from '../../theme/text.module.css';
import styles from './RunFindings.module.css';

function VerdictList({ verdicts }: { verdicts: Verdict[] }) {
  if (verdicts.length === 0) return null;
  return (
    <ul className={styles.verdicts}>
      {verdicts.map((verdict) => (
        <li
          key={verdict.id + verdict.text}
          className={classNames(styles.verdict, styles[verdict.severity])}
          data-verdict={verdict.id}
          {...limitAttributes(verdict)}
        >
          <TermText text={verdict.text} />
        </li>
      ))}
    </ul>
  );
}

/** The part a verdict names as the limit and the operations it claims, for whoever checks the page says one thing. */
const limitAttributes = ({ limit }: Verdict) =>
  limit ? { 'data-limit': limit.part, 'data-ops': limit.ops.join(' ') } : {};

/** "Run the Quick check" as a link to the Plan screen with it chosen. */
function QuickCheckLink() {
  const { show } = useNavigationActions();
  const { choose } = usePlanActions();
  return (
    <button
      type="button"
      className={text.linkButton}
      data-testid="run-quick-check"
      onClick={() => {
        choose({ plan: 'quick' });
        show('plan');
      }}
    >
      Run the Quick check
    </button>
  );
}

/** A result as its kind draws it (renderer/src/kinds/<kind>/). */
function ResultView({ result, ...props }: ResultViewProps<TestResult>) {
  const View = rendererKindOf(result).ResultView;
  return View ? <View result={result} {...props} /> : null;
}

interface FindingsProps {
  unit: RateUnit;
  state: 'done' | 'failed' | 'cancelled';
  /** The result kind Results already draws (from the run's end event, or as the headline), so it is not drawn twice. */
  shownKind: TestResult['kind'] | null;
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
  // The This computer test (loopback) has no verdict of its own: what its figure means is said instead.
  const loopback = saved.results.filter((result) => result.kind === 'throughput' && result.test === 'demo');
  const thisComputer =
    loopback.length > 0 && loopback.length === saved.results.length && loopback[0]?.kind === 'throughput'
      ? loopback[0].summary
      : null;
  // The first result of the kind Results already draws is that one; a kind without a view (a headline) is not drawn.
  const shownIndex = saved.results.findIndex((result) => result.kind === shownKind);
  // A test through the disks sets its parts beside its figure; one test per write size is the headline's table.
  const parts = throughDiskParts(saved.results);
  const writeSizes = writeSizeRows(saved.results);
  const others = saved.results.filter(
    (result, index) =>
      index !== shownIndex && rendererKindOf(result).ResultView !== null && !parts.has(result) && !writeSizes,
  );
  return (
    <>
      <section aria-labelledby="verdicts-title" data-testid="verdicts">
        <h3 id="verdicts-title">What this means</h3>
        {/* A guided plan's card asked a question: its answer comes first, or why there is none. */}
        {answer && (
          <p className={classNames(styles.verdict, styles[answer.severity], styles.answer)} data-testid="plan-answer">
            <span data-verdict={answer.id} {...limitAttributes(answer)}>
              <TermText text={answer.text} />
            </span>
          </p>
        )}
        {none && (
          <p className={text.muted} data-testid="plan-no-answer">
            {none}
          </p>
        )}
        {thisComputer ? (
          <p data-testid="this-computer-meaning">
            This test measured how fast this computer moves data to itself (<Term id="loopback">loopback</Term>): about{' '}
            {formatRate(thisComputer.bytesPerSecond, unit)}. No network and no NAS took part, so this is the most any
            test from this computer could reach, not your NAS’s speed. <QuickCheckLink /> on a NAS to see what it gives.
          </p>
        ) : otherVerdicts.length === 0 && !answer && !none ? (
          <p className={text.muted} data-testid="no-verdict">
            These figures alone do not show a limit. <QuickCheckLink /> to compare the network with the disks.
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
          connection={saved.connection}
        />
      ))}
    </>
  );
}
