import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { testFolderChoices } from '../../../../shared/disk-words';
import { PlainText } from '../../components/PlainText';
import { testFolderOf, useDiskTestActions, useDiskTestStore } from '../../stores/disk-test';
import { useSessionStore } from '../../stores/session';

const another = 'another';

/** The folder on the NAS to test in: one of the volumes the probe found, or a path the user types. */
export function TestFolderField({ id }: { id: string }) {
  const volumes = useSessionStore((state) => state.probe?.nas.volumes);
  const choices = useMemo(() => testFolderChoices(volumes ?? []), [volumes]);
  const mounts = useMemo(() => choices.map((choice) => choice.folder), [choices]);
  const form = useDiskTestStore(
    useShallow((state) => ({
      folder: testFolderOf(state, mounts),
      typing: state.typingFolder || mounts.length === 0,
      typedFolder: state.typedFolder,
      problem: state.problems.folder,
    })),
  );
  const { chooseFolder, choose } = useDiskTestActions();
  const explanation = (
    <PlainText text="NASBench writes only inside a temporary `.nasbench-…` folder there, and removes it afterwards." />
  );

  return (
    <div className="disk-folder">
      {mounts.length > 0 && (
        <div className="field">
          <label htmlFor={`${id}-folder`}>Folder on the NAS to test in</label>
          <select
            id={`${id}-folder`}
            data-testid="disk-folder"
            value={form.typing ? another : form.folder}
            aria-describedby={`${id}-folder-help`}
            onChange={(event) => {
              const value = event.target.value;
              chooseFolder(value === another ? null : value);
              // The new field appears on the next render: the keyboard goes there, where the user will type.
              if (value === another) requestAnimationFrame(() => document.getElementById(`${id}-typed`)?.focus());
            }}
          >
            {choices.map((choice) => (
              <option key={choice.folder} value={choice.folder}>
                {choice.label}
              </option>
            ))}
            <option value={another}>Another folder…</option>
          </select>
          {!form.typing && (
            <p id={`${id}-folder-help`} className="field__help muted">
              {explanation}
            </p>
          )}
        </div>
      )}
      {form.typing && (
        <div className="field">
          <label htmlFor={`${id}-typed`}>{mounts.length > 0 ? 'Other folder on the NAS' : 'Folder on the NAS'}</label>
          <input
            id={`${id}-typed`}
            type="text"
            data-testid="disk-folder-typed"
            value={form.typedFolder}
            placeholder="/volume1/share"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            aria-invalid={form.problem !== undefined}
            aria-describedby={`${id}-typed-help`}
            onChange={(event) => choose({ typedFolder: event.target.value })}
          />
          <p id={`${id}-typed-help`} className={form.problem ? 'field__error' : 'field__help muted'}>
            {form.problem ?? explanation}
          </p>
        </div>
      )}
    </div>
  );
}
