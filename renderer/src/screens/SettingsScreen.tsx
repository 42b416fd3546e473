import { useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Settings, Theme } from '../../../shared/settings';
import { RateUnit } from '../../../shared/units';
import { ErrorNotice } from '../components/ErrorNotice';
import { ScreenHeading } from '../components/ScreenHeading';
import { useAppInfoStore } from '../stores/app-info';
import { useSettingsActions, useSettingsStore } from '../stores/settings';

const unitLabels: Record<RateUnit, string> = {
  'MB/s': 'MB/s — megabytes per second',
  'MiB/s': 'MiB/s — mebibytes per second (what Windows shows as “MB/s”)',
  'Mb/s': 'Mb/s — megabits per second (how network links are rated)',
};
const themeLabels: Record<Settings['theme'], string> = { system: 'Same as the system', light: 'Light', dark: 'Dark' };

export function SettingsScreen() {
  const { settings, loadError, saving, saveError, savedAt } = useSettingsStore(
    useShallow((state) => ({
      settings: state.settings,
      loadError: state.loadError,
      saving: state.saving,
      saveError: state.saveError,
      savedAt: state.savedAt,
    })),
  );
  const { update } = useSettingsActions();
  const dataDir = useAppInfoStore((state) => state.info?.dataDir);

  return (
    <>
      <ScreenHeading>Settings</ScreenHeading>
      {loadError && <ErrorNotice title="Settings could not be loaded." error={loadError} />}
      {!settings && !loadError && <p role="status">Loading settings…</p>}
      {settings && (
        <form className="settings" onSubmit={(event) => event.preventDefault()}>
          <fieldset>
            <legend>Units for speeds</legend>
            {RateUnit.options.map((unit) => (
              <label key={unit} className="choice">
                <input
                  type="radio"
                  name="units"
                  value={unit}
                  checked={settings.units === unit}
                  onChange={() => void update({ units: unit })}
                />
                {unitLabels[unit]}
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor="theme">Theme</label>
            <select
              id="theme"
              value={settings.theme}
              onChange={(event) => void update({ theme: Theme.parse(event.target.value) })}
            >
              {Theme.options.map((theme) => (
                <option key={theme} value={theme}>
                  {themeLabels[theme]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="choice">
              <input
                type="checkbox"
                checked={settings.discoveryEnabled}
                onChange={(event) => void update({ discoveryEnabled: event.target.checked })}
              />
              Look for NASes on the network
            </label>
            <p className="muted field__help">
              Devices asks the network for NASes (mDNS and SSDP multicast, on this network only). Switch it off on
              networks where you should not send such queries; you can always type a NAS’s address.
            </p>
          </div>
          <TestSecondsField key={settings.testSeconds} saved={settings.testSeconds} onSave={update} />
          <div className="field">
            <label htmlFor="data-folder">Data folder</label>
            <input id="data-folder" type="text" readOnly value={dataDir ?? 'Unknown'} className="mono" />
            <p className="muted field__help">
              Where NASBench keeps its settings, saved runs and the NASes’ identity keys. To use another folder, start
              NASBench with the environment variable NASBENCH_DATA_DIR set to it.
            </p>
          </div>
        </form>
      )}
      <p role="status" className="save-status" data-testid="settings-status">
        {saving ? 'Saving…' : savedAt && !saveError ? 'Saved.' : ''}
      </p>
      {saveError && <ErrorNotice title="The change was not saved." error={saveError} />}
    </>
  );
}

const testSecondsSchema = Settings.shape.testSeconds;

/** Saved when the field is left or Enter is pressed, and only when the number is allowed. */
function TestSecondsField({ saved, onSave }: { saved: number; onSave: (patch: { testSeconds: number }) => void }) {
  const [draft, setDraft] = useState(String(saved));
  const parsed = testSecondsSchema.safeParse(Number(draft));
  const invalid = draft.trim() === '' || !parsed.success;
  const save = (event?: FormEvent) => {
    event?.preventDefault();
    if (!invalid && parsed.data !== saved) onSave({ testSeconds: parsed.data });
  };

  return (
    <div className="field">
      <label htmlFor="test-seconds">Default test length (seconds)</label>
      <input
        id="test-seconds"
        type="number"
        inputMode="numeric"
        min={1}
        max={600}
        step={1}
        value={draft}
        aria-invalid={invalid}
        aria-describedby="test-seconds-help"
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => save()}
        onKeyDown={(event) => event.key === 'Enter' && save(event)}
      />
      <p id="test-seconds-help" className={invalid ? 'field__error' : 'muted field__help'}>
        {invalid
          ? 'Not saved: enter a whole number of seconds from 1 to 600.'
          : 'How long each measurement runs, 1 to 600 s.'}
      </p>
    </div>
  );
}
