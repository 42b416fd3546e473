import { useEffect, useId, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { PlanName, PlanPreview } from '../../../../shared/plans';
import { formatBytes, formatSeconds } from '../../../../shared/units';
import { ErrorNotice } from '../../components/ErrorNotice';
import { StartActions } from '../../components/StartActions';
import { NumberField } from '../../components/NumberField';
import { useDiskTestStore } from '../../stores/disk-test';
import { useNavigationActions } from '../../stores/navigation';
import { usePlanActions, usePlanStore } from '../../stores/plan';
import { useRunsStore } from '../../stores/runs';
import { useSessionStore } from '../../stores/session';
import { useShareCopyActions, useShareCopyStore } from '../../stores/share-copy';
import { TestFolderField } from '../disk/TestFolderField';
import { planCards } from './plan-cards';

/**
 * The guided plans: pick the question, say where the tests may write, see every step (how long,
 * what it writes where) before starting, then follow it on Run. The single tests stay below it.
 */
export function PlanPanel() {
  const id = useId();
  const form = usePlanStore(
    useShallow((state) => ({
      plan: state.plan,
      shareFolder: state.shareFolder,
      networkSeconds: state.networkSeconds,
      diskSeconds: state.diskSeconds,
      preview: state.preview,
      previewError: state.previewError,
      problems: state.problems,
      starting: state.starting,
      startError: state.startError,
    })),
  );
  const actions = usePlanActions();
  const { show } = useNavigationActions();
  const running = useRunsStore((state) => Object.values(state.runs).some((run) => run.status === 'running'));
  const nasShares = useShareCopyStore(useShallow((state) => (state.shares ?? []).filter((share) => share.onNas)));
  // The NAS folder is the disk panel's: one choice of where NASBench may write on the NAS.
  const folderChoice = useDiskTestStore(
    useShallow((state) => [state.chosenFolder, state.typingFolder, state.typedFolder].join('|')),
  );

  // The NAS's shares mounted here are offered; asked again once the probe names the NAS.
  const probe = useSessionStore((state) => state.probe);
  const { loadShares } = useShareCopyActions();
  useEffect(() => {
    void loadShares();
  }, [loadShares, probe]);

  useEffect(() => {
    const timer = setTimeout(() => void actions.loadPreview(), 250);
    return () => clearTimeout(timer);
  }, [actions, form.plan, form.shareFolder, form.networkSeconds, form.diskSeconds, folderChoice]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.starting || running) return;
    if (await actions.start()) show('run');
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`} data-testid="plan-panel">
      <h2 id={`${id}-title`}>Guided tests</h2>
      <p className="muted">Pick a question: NASBench runs the tests that answer it, one after the other.</p>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate aria-busy={form.starting}>
        <fieldset className="field">
          <legend>What do you want to know?</legend>
          <div className="preset-cards">
            {(Object.keys(planCards) as Exclude<PlanName, 'custom'>[]).map((plan) => (
              <label key={plan} className="preset-card">
                <input
                  type="radio"
                  name={`${id}-plan`}
                  value={plan}
                  data-testid={`plan-${plan}`}
                  checked={form.plan === plan}
                  aria-describedby={`${id}-plan-${plan}`}
                  onChange={() => actions.choose({ plan })}
                />
                <span className="preset-card__title">{planCards[plan].title}</span>
                <span className="preset-card__text muted" id={`${id}-plan-${plan}`}>
                  {planCards[plan].question}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <TestFolderField id={`${id}-nas`} />
        <div className="field">
          <label htmlFor={`${id}-share`}>Mounted share on this computer (optional)</label>
          <input
            id={`${id}-share`}
            type="text"
            spellCheck={false}
            data-testid="plan-share-folder"
            value={form.shareFolder}
            placeholder="e.g. /Volumes/photos or Z:\"
            aria-describedby={`${id}-share-help`}
            onChange={(event) => actions.choose({ shareFolder: event.target.value })}
          />
          <p id={`${id}-share-help`} className="field__help muted">
            With a share, the plan also copies a file to it and back, as your file manager would.
          </p>
          {nasShares.map((share) => (
            <button
              key={share.localPath}
              type="button"
              className="button plan-share-choice"
              data-testid="plan-use-share"
              onClick={() => actions.choose({ shareFolder: share.localPath })}
            >
              Use the NAS’s share at {share.localPath}
            </button>
          ))}
        </div>
        <details>
          <summary>Advanced</summary>
          <div className="number-fields">
            <NumberField
              id={`${id}-net-seconds`}
              label="Seconds per network test"
              testId="plan-network-seconds"
              value={form.networkSeconds}
              max={600}
              onChange={(networkSeconds) => actions.choose({ networkSeconds })}
              problem={form.problems.networkSeconds}
              help="Empty: the plan’s own."
            />
            <NumberField
              id={`${id}-disk-seconds`}
              label="Seconds per disk test"
              testId="plan-disk-seconds"
              value={form.diskSeconds}
              max={600}
              onChange={(diskSeconds) => actions.choose({ diskSeconds })}
              problem={form.problems.diskSeconds}
              help="Empty: the plan’s own."
            />
          </div>
        </details>
        {form.preview && <PlanSteps preview={form.preview} />}
        {form.previewError && <ErrorNotice title="This plan cannot run here." error={form.previewError} />}
        <StartActions
          testId="start-plan"
          label={`Start: ${form.preview?.title ?? planCards[form.plan as Exclude<PlanName, 'custom'>].title}`}
          starting={form.starting}
          busy={form.starting || running}
          running={running}
          startError={form.startError}
          errorTitle="The plan did not start."
        />
      </form>
    </section>
  );
}

/** Before anything runs: every step with its length and what it writes where, and what is left out and why. */
function PlanSteps({ preview }: { preview: PlanPreview }) {
  return (
    <div className="plan-preview" data-testid="plan-preview">
      <p>
        <strong>{preview.answers}</strong> About {formatSeconds(preview.expectedSeconds)} in all.
      </p>
      <ol className="plan-steps">
        {preview.steps.map((step) => (
          <li key={step.index} data-testid="plan-step">
            <span className="plan-steps__label">{step.label}</span>{' '}
            <span className="muted">(about {formatSeconds(step.seconds)})</span>
            <br />
            {step.what}
            {step.writes.map((write) => (
              <span key={write.where} className="muted">
                {' '}
                Writes up to {formatBytes(write.bytes)} in <code>{write.where}</code>, removed afterwards.
              </span>
            ))}
          </li>
        ))}
      </ol>
      {preview.leftOut.length > 0 && (
        <ul className="muted" data-testid="plan-left-out">
          {preview.leftOut.map((item) => (
            <li key={item.label}>
              Left out: {item.label}, {item.reason}
            </li>
          ))}
        </ul>
      )}
      {preview.notes.map((note) => (
        <p key={note} className="muted">
          {note}
        </p>
      ))}
    </div>
  );
}
