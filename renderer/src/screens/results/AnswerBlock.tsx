import type { RunRecord } from '../../../../shared/contract/runs';
import type { RateUnit } from '../../../../shared/util/units';
import { answersOf } from '../../../../shared/verdicts/answer';
import { figuresOfRun } from '../../../../shared/verdicts';
import { TermText } from '../../components/Term';
import styles from './RunFindings.module.css';

/**
 * What the run comes to, first on Results: one sentence per direction — what copying files to and
 * from the NAS gives over this connection, against the link, and the one part that limits it.
 * Details, verdicts and test names follow below it.
 */
export function AnswerBlock({ saved, unit }: { saved: RunRecord | undefined; unit: RateUnit }) {
  if (!saved) return null;
  const answers = answersOf(figuresOfRun(saved), saved.connection?.name ?? null, unit);
  if (answers.length === 0) return null;
  return (
    <section aria-label="The answer" data-testid="answer-block" className={styles.answerBlock}>
      {answers.map((answer) => (
        <p
          key={answer.direction}
          data-direction={answer.direction}
          data-limit={answer.limit ?? 'none'}
          data-from={answer.from}
        >
          <TermText text={answer.text} />
        </p>
      ))}
    </section>
  );
}
