import { useId, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { StartActions } from '../../components/StartActions';
import { focusFirstProblem } from '../../components/focus-first-problem';
import { NumberField } from '../../components/NumberField';
import { PlainText } from '../../components/PlainText';
import { useDiskTestActions, useDiskTestStore, type DiskChoice } from '../../stores/disk-test';
import { useNavigationActions } from '../../stores/navigation';
import { useRunsStore } from '../../stores/runs';
import { useSessionStore } from '../../stores/session';
import { choiceCards, presetDefaults } from './disk-presets';
import { SweepFields } from './SweepFields';
import { TestFolderField } from './TestFolderField';

/** The NAS disk test: where, which set of tests, cached or not, and (folded away) how big and how long. */
export function DiskTestPanel() {
  const id = useId();
  const form = useDiskTestStore(
    useShallow((state) => ({
      preset: state.preset,
      uncached: state.uncached,
      sizeMiB: state.sizeMiB,
      seconds: state.seconds,
      problems: state.problems,
      starting: state.starting,
      startError: state.startError,
    })),
  );
  const nas = useSessionStore((state) => state.probe?.nas);
  const running = useRunsStore((state) => Object.values(state.runs).some((run) => run.status === 'running'));
  const actions = useDiskTestActions();
  const { show } = useNavigationActions();
  const busy = form.starting || running;
  const preset = form.preset === 'sweep' ? undefined : presetDefaults[form.preset];
  // Only a probe that looked and found nothing counts: an unknown NAS may well have fio.
  const fioMissing = nas !== undefined && nas.tools.fio === null;
  const fioHints = nas?.installHints.filter((hint) => /\bfio\b/.test(hint)) ?? [];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const element = event.currentTarget;
    if (await actions.start()) show('run');
    else focusFirstProblem(element);
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`} data-testid="disk-test">
      <h2 id={`${id}-title`}>Test the NAS disks</h2>
      <p className="muted">Measures the disks inside the NAS with fio, run on the NAS itself: no network in the way.</p>
      <form className="form disk-test" onSubmit={(event) => void submit(event)} noValidate aria-busy={form.starting}>
        <TestFolderField id={id} />
        <fieldset className="field">
          <legend>What to measure</legend>
          <div className="preset-cards">
            {(Object.keys(choiceCards) as DiskChoice[]).map((value) => (
              <label key={value} className="preset-card">
                <input
                  type="radio"
                  name={`${id}-preset`}
                  value={value}
                  data-testid={`disk-preset-${value}`}
                  checked={form.preset === value}
                  aria-describedby={`${id}-preset-${value}`}
                  onChange={() => actions.choose({ preset: value })}
                />
                <span className="preset-card__title">{choiceCards[value].title}</span>
                <span className="preset-card__text muted" id={`${id}-preset-${value}`}>
                  {choiceCards[value].summary}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="field">
          <label className="choice">
            <input
              type="checkbox"
              data-testid="disk-uncached"
              checked={form.uncached}
              aria-describedby={`${id}-uncached-help`}
              onChange={(event) => actions.choose({ uncached: event.target.checked })}
            />
            Measure the disks, not the NAS’s memory (uncached)
          </label>
          <p id={`${id}-uncached-help`} className="field__help muted">
            Direct I/O skips the NAS’s memory cache, so the figures are what the disks keep up. Untick it to see what
            the cache adds.
          </p>
        </div>
        {fioMissing && (
          <div className="notice notice--neutral" data-testid="disk-fio-missing">
            <p className="notice__title">fio is not installed on this NAS.</p>
            <p>A simpler dd test will run instead: sequential read and write only, with no IOPS or latency.</p>
            {fioHints.map((hint) => (
              <p key={hint} className="notice__hint">
                <PlainText text={hint} />
              </p>
            ))}
          </div>
        )}
        {form.preset === 'sweep' && <SweepFields id={id} />}
        {preset && (
          <details className="disk-advanced">
            <summary data-testid="disk-advanced">Advanced</summary>
            <div className="number-fields">
              <NumberField
                id={`${id}-size`}
                label="Test size (MiB)"
                testId="disk-size"
                value={form.sizeMiB}
                max={2 ** 30}
                placeholder={preset.sizePlaceholder}
                onChange={(sizeMiB) => actions.choose({ sizeMiB })}
                problem={form.problems.sizeMiB}
                help={preset.sizeHelp}
              />
              <NumberField
                id={`${id}-seconds`}
                label="Seconds per test"
                testId="disk-seconds"
                value={form.seconds}
                max={3600}
                placeholder={preset.secondsPlaceholder}
                onChange={(seconds) => actions.choose({ seconds })}
                problem={form.problems.seconds}
                help={`Empty: ${preset.secondsPlaceholder} s per test.`}
              />
            </div>
          </details>
        )}
        <StartActions
          testId="start-disk"
          label={form.preset === 'sweep' ? 'Start the sweep' : 'Start the disk test'}
          starting={form.starting}
          busy={busy}
          running={running}
          startError={form.startError}
          errorTitle="The disk test did not start."
        />
      </form>
    </section>
  );
}
