import { useId } from 'react';
import { maxTestSeconds } from '../../../../shared/contract/limits';
import { useShallow } from 'zustand/react/shallow';
import { ChoiceCards } from '../../components/Choices';
import { CheckboxField, FieldGrid, FoldedFields, NumberField } from '../../components/Field';
import { Notice, NoticeHint } from '../../components/Notice';
import { PlainText } from '../../components/PlainText';
import { TestPanel } from '../../components/TestPanel';
import { useDiskTestActions, useDiskTestStore } from './store';
import { useNasConnectionStore } from '../../stores/nas-connection';
import { formState } from '../../stores/store-helpers';
import { NasFolderField } from '../../components/NasFolderField';
import { diskChoiceCards, presetDefaults } from './disk-presets';
import { SweepFields } from './SweepFields';

/** The NAS disk test: where, which set of tests, cached or not, and (folded away) how big and how long. */
export function DiskTestPanel() {
  const id = useId();
  const form = useDiskTestStore(useShallow(formState));
  const nas = useNasConnectionStore((state) => state.probe?.nas);
  const actions = useDiskTestActions();
  const preset = form.preset === 'sweep' ? undefined : presetDefaults[form.preset];
  // Only a probe that looked and found nothing counts: an unknown NAS may well have fio.
  const fioMissing = nas !== undefined && nas.tools.fio === null;
  const fioHints = nas?.installHints.filter((hint) => /\bfio\b/.test(hint)) ?? [];

  return (
    <TestPanel
      id={id}
      testId="disk-test"
      title="Test the NAS disks"
      intro="Measures the disks inside the NAS with fio, run on the NAS itself: no network in the way."
      wide
      starting={form.starting}
      startError={form.startError}
      start={actions.start}
      startButton={{
        testId: 'start-disk',
        label: form.preset === 'sweep' ? 'Start the sweep' : 'Start the disk test',
        errorTitle: 'The disk test did not start.',
      }}
    >
      <NasFolderField id={id} problem={form.problems.folder} />
      <ChoiceCards
        legend="What to measure"
        name={`${id}-preset`}
        cards={diskChoiceCards}
        value={form.preset}
        onChange={(value) => actions.choose({ preset: value })}
        testIdPrefix="disk-preset-"
      />
      <CheckboxField
        id={`${id}-uncached`}
        label="Measure the disks, not the NAS’s memory (uncached)"
        testId="disk-uncached"
        checked={form.uncached}
        onChange={(uncached) => actions.choose({ uncached })}
        help="Direct I/O skips the NAS’s memory cache, so the figures are what the disks keep up. Untick it to see what the cache adds."
      />
      {fioMissing && (
        <Notice title="fio is not installed on this NAS." testId="disk-fio-missing">
          <p>A simpler dd test will run instead: sequential read and write only, with no IOPS or latency.</p>
          {fioHints.map((hint) => (
            <NoticeHint key={hint}>
              <PlainText text={hint} terms />
            </NoticeHint>
          ))}
        </Notice>
      )}
      {form.preset === 'sweep' && <SweepFields id={id} />}
      {preset && (
        <FoldedFields summary="Advanced" summaryTestId="disk-advanced">
          <FieldGrid>
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
              max={maxTestSeconds}
              placeholder={preset.secondsPlaceholder}
              onChange={(seconds) => actions.choose({ seconds })}
              problem={form.problems.seconds}
              help={`Empty: ${preset.secondsPlaceholder} s per test.`}
            />
          </FieldGrid>
        </FoldedFields>
      )}
    </TestPanel>
  );
}
