import type { PlanPreview } from '../../../../shared/contract/plans';
import { formatBytes, formatSeconds } from '../../../../shared/util/units';
import { CheckboxField } from '../../components/Field';
import { Notice } from '../../components/Notice';
import text from '../../theme/text.module.css';

/** The user's answer to a step's question (askFirst): the plan starts only after a yes. */
export interface StepAnswer {
  id: string;
  yes: boolean;
  onChange: (yes: boolean) => void;
  problem: string | null;
}

/**
 * Before anything runs: every step with its length and what it writes where, what to know before
 * starting it (a share folder that is this computer's own disk, asked as a question), and what is
 * left out and why.
 */
export function PlanSteps({ preview, answer }: { preview: PlanPreview; answer: StepAnswer }) {
  // One question, under the first step that asks it: every copy step of a plan uses the same folder.
  const asking = preview.steps.find((step) => step.askFirst);
  return (
    <div data-testid="plan-preview" data-expected-seconds={preview.expectedSeconds}>
      <p>
        <strong>{preview.answers}</strong> About {formatSeconds(preview.expectedSeconds)} in all.
      </p>
      <ol>
        {preview.steps.map((step) => (
          <li key={step.index} data-testid="plan-step">
            <span>{step.label}</span> <span className={text.muted}>(about {formatSeconds(step.seconds)})</span>
            <br />
            {step.what}
            {step.writes.map((write) => (
              <span key={write.where} className={text.muted}>
                {' '}
                Writes up to {formatBytes(write.bytes)} in <code>{write.where}</code>, removed afterwards.
              </span>
            ))}
            {(step.warnings ?? []).map((warning) => (
              <Notice key={warning} tone="warning" as="p" testId="plan-step-warning">
                {warning}
              </Notice>
            ))}
            {step === asking && step.askFirst && (
              <CheckboxField
                id={answer.id}
                label={step.askFirst}
                testId="plan-local-folder-yes"
                checked={answer.yes}
                onChange={answer.onChange}
                problem={answer.problem}
              />
            )}
          </li>
        ))}
      </ol>
      {preview.leftOut.length > 0 && (
        <ul className={text.muted} data-testid="plan-left-out">
          {preview.leftOut.map((item) => (
            <li key={item.label}>
              Left out: {item.label}, {item.reason}
            </li>
          ))}
        </ul>
      )}
      {preview.notes.map((note) => (
        <p key={note} className={text.muted}>
          {note}
        </p>
      ))}
    </div>
  );
}
