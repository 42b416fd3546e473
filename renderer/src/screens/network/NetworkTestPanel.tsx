import { useId, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { NetworkDirection } from '../../../../shared/network';
import { maxStreamsOffered } from '../../../../shared/network-words';
import { StartActions } from '../../components/StartActions';
import { focusFirstProblem } from '../../components/focus-first-problem';
import { NumberField } from '../../components/NumberField';
import { useNavigationActions } from '../../stores/navigation';
import { useNetworkTestActions, useNetworkTestStore } from '../../stores/network-test';
import { useRunsStore } from '../../stores/runs';
import { selectTestSeconds, useSettingsStore } from '../../stores/settings';
import { LegList } from './LegList';

const directions: { value: NetworkDirection; label: string }[] = [
  { value: 'upload', label: 'This computer → NAS (upload)' },
  { value: 'download', label: 'NAS → this computer (download)' },
  { value: 'bidir', label: 'Both at once' },
];

/** The network test of the connected NAS: direction, length, streams and, folded away, several links. */
export function NetworkTestPanel({ nasHost }: { nasHost: string }) {
  const id = useId();
  const form = useNetworkTestStore(
    useShallow((state) => ({
      direction: state.direction,
      seconds: state.seconds,
      streams: state.streams,
      // Legs written for another NAS are not this one's: the section starts folded again.
      severalLinks: state.severalLinks && state.legsFor === nasHost,
      legCount: state.legs.length,
      problems: state.problems,
      starting: state.starting,
      startError: state.startError,
    })),
  );
  const defaultSeconds = useSettingsStore(selectTestSeconds);
  const running = useRunsStore((state) => Object.values(state.runs).some((run) => run.status === 'running'));
  const actions = useNetworkTestActions();
  const { show } = useNavigationActions();
  const busy = form.starting || running;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    if (await actions.start()) show('run');
    else focusFirstProblem(form);
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`} data-testid="network-test">
      <h2 id={`${id}-title`}>Test the network</h2>
      <p className="muted">
        Measures the raw speed between this computer and the NAS with iperf3, with no disks involved.
      </p>
      <form className="form network-test" onSubmit={(event) => void submit(event)} noValidate aria-busy={form.starting}>
        <fieldset className="field">
          <legend>Direction</legend>
          {directions.map((option) => (
            <label key={option.value} className="choice">
              <input
                type="radio"
                name={`${id}-direction`}
                value={option.value}
                data-testid={`direction-${option.value}`}
                checked={form.direction === option.value}
                onChange={() => actions.choose({ direction: option.value })}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
        <div className="network-test__numbers">
          <NumberField
            id={`${id}-seconds`}
            label="Test length (seconds)"
            testId="network-seconds"
            value={form.seconds ?? String(defaultSeconds)}
            max={3600}
            onChange={(seconds) => actions.choose({ seconds })}
            problem={form.problems.seconds}
            help="1 to 3600 s; the default is set in Settings."
          />
          <NumberField
            id={`${id}-streams`}
            label="Parallel streams"
            testId="network-streams"
            value={form.streams}
            max={maxStreamsOffered}
            onChange={(streams) => actions.choose({ streams })}
            problem={form.problems.streams}
            help="Several streams can show more of a fast link than one can."
          />
        </div>
        <details
          className="several-links"
          open={form.severalLinks}
          onToggle={(event) => {
            if (event.currentTarget.open !== form.severalLinks) actions.showSeveralLinks(event.currentTarget.open);
          }}
        >
          <summary data-testid="several-links">Several links (bonded / multi-link test)</summary>
          <p>
            A bond (LACP) keeps each connection on one of its links, so give each leg its own pair of addresses: then
            the streams can take different links, and the test shows whether they add up.
          </p>
          {form.severalLinks && <LegList />}
        </details>
        <StartActions
          testId="start-network"
          label={startLabel(form.severalLinks ? form.legCount : 1)}
          starting={form.starting}
          busy={busy}
          running={running}
          startError={form.startError}
          errorTitle="The network test did not start."
        />
      </form>
    </section>
  );
}

function startLabel(legs: number): string {
  return legs > 1 ? `Start the test over ${legs} links` : 'Start the network test';
}
