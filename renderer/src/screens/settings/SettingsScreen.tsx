import { useState, type SyntheticEvent } from 'react';
import { maxTestSeconds, secondsRange } from '../../../../shared/contract/limits';
import { useShallow } from 'zustand/react/shallow';
import { Settings, Theme } from '../../../../shared/contract/settings';
import { RateUnit } from '../../../../shared/util/units';
import { RadioChoices } from '../../components/Choices';
import { ErrorNotice } from '../../components/ErrorNotice';
import { CheckboxField, Field, NumberField } from '../../components/Field';
import { ScreenHeading } from '../../components/ScreenHeading';
import { useAppInfoStore } from '../../stores/app-info';
import { useSettingsActions, useSettingsStore } from '../../stores/settings';
import { formState } from '../../stores/store-helpers';
import text from '../../theme/text.module.css';
import styles from './SettingsScreen.module.css';
import { WordsUsedHere } from './WordsUsedHere';
import { SshSetupSection } from './SshSetupSection';

const unitLabels: Record<RateUnit, string> = {
  'MB/s': 'MB/s — megabytes per second',
  'MiB/s': 'MiB/s — mebibytes per second (what Windows shows as “MB/s”)',
  'Mb/s': 'Mb/s — megabits per second (how network links are rated)',
};
const unitOptions = RateUnit.options.map((unit) => ({ value: unit, label: unitLabels[unit] }));
const themeLabels: Record<Settings['theme'], string> = { system: 'Same as the system', light: 'Light', dark: 'Dark' };

export function SettingsScreen() {
  const { settings, loadError, saving, saveError, savedAt } = useSettingsStore(useShallow(formState));
  const { update } = useSettingsActions();
  const dataDir = useAppInfoStore((state) => state.info?.dataDir);

  return (
    <>
      <ScreenHeading>Settings</ScreenHeading>
      {loadError && <ErrorNotice title="Settings could not be loaded." error={loadError} />}
      {!settings && !loadError && <p role="status">Loading settings…</p>}
      {settings && (
        <form className={styles.settings} onSubmit={(event) => event.preventDefault()}>
          <RadioChoices
            legend="Units for speeds"
            name="units"
            options={unitOptions}
            value={settings.units}
            onChange={(units) => void update({ units })}
            className={styles.framed}
          />
          <Field id="theme" label="Theme">
            <select
              id="theme"
              className={styles.select}
              value={settings.theme}
              onChange={(event) => void update({ theme: Theme.parse(event.target.value) })}
            >
              {Theme.options.map((theme) => (
                <option key={theme} value={theme}>
                  {themeLabels[theme]}
                </option>
              ))}
            </select>
          </Field>
          <CheckboxField
            id="discovery"
            label="Look for NASes on the network"
            checked={settings.discoveryEnabled}
            onChange={(discoveryEnabled) => void update({ discoveryEnabled })}
            help="Devices asks the network for NASes (mDNS and SSDP multicast, on this network only). Switch it off on networks where you should not send such queries; you can always type a NAS’s address."
          />
          <TestSecondsField key={settings.testSeconds} saved={settings.testSeconds} onSave={update} />
          <Field
            id="data-folder"
            label="Data folder"
            help="Where NASBench keeps its settings, saved runs and the NASes’ identity keys. To use another folder, start NASBench with the environment variable NASBENCH_DATA_DIR set to it."
          >
            <input
              id="data-folder"
              type="text"
              readOnly
              value={dataDir ?? 'Unknown'}
              className={text.mono}
              aria-describedby="data-folder-help"
            />
          </Field>
        </form>
      )}
      <p role="status" className={styles.saveStatus} data-testid="settings-status">
        {saving ? 'Saving…' : savedAt && !saveError ? 'Saved.' : ''}
      </p>
      {saveError && <ErrorNotice title="The change was not saved." error={saveError} />}
      <SshSetupSection />
      <WordsUsedHere />
    </>
  );
}

const testSecondsSchema = Settings.shape.testSeconds;

/** Saved when the field is left or Enter is pressed, and only when the number is allowed. */
function TestSecondsField({ saved, onSave }: { saved: number; onSave: (patch: { testSeconds: number }) => void }) {
  const [draft, setDraft] = useState(String(saved));
  const parsed = testSecondsSchema.safeParse(Number(draft));
  const invalid = draft.trim() === '' || !parsed.success;
  const save = (event?: SyntheticEvent) => {
    event?.preventDefault();
    if (!invalid && parsed.data !== saved) onSave({ testSeconds: parsed.data });
  };

  return (
    <NumberField
      id="test-seconds"
      label="Default test length (seconds)"
      testId="test-seconds"
      value={draft}
      max={maxTestSeconds}
      onChange={setDraft}
      problem={invalid ? `Not saved: enter ${secondsRange}.` : undefined}
      help={`How long each measurement runs, 1 to ${maxTestSeconds} s.`}
      inputProps={{ onBlur: () => save(), onKeyDown: (event) => event.key === 'Enter' && save(event) }}
    />
  );
}
