import { useMemo, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { testFolderChoices } from '../../../../shared/words/disk';
import { Field, TextField } from '../../components/Field';
import { PlainText } from '../../components/PlainText';
import { selectNasFolder, selectWritePlaces, useSessionActions, useSessionStore } from '../../stores/session';
import { typesNasFolder } from '../../stores/write-places';
import styles from './NasFolderField.module.css';

const another = 'another';

const explanation = (
  <PlainText text="NASBench writes only inside a temporary `.nasbench-…` folder there, and removes it afterwards." />
);

/**
 * The folder on the connected NAS that tests may write in: one of the volumes the probe found,
 * or a path the user types. It is the NAS session's choice, so the disk test and the guided
 * plans show the same one; `problem` is what the form being started found wrong with it.
 */
export function NasFolderField({ id, problem }: { id: string; problem?: string }) {
  const nas = useSessionStore((state) => state.probe?.nas);
  const choices = useMemo(() => (nas ? testFolderChoices(nas) : []), [nas]);
  const mounts = useMemo(() => choices.map((choice) => choice.folder), [choices]);
  const { folder, typing, typed } = useSessionStore(
    useShallow((state) => {
      const places = selectWritePlaces(state);
      return {
        folder: selectNasFolder(state),
        typing: typesNasFolder(places, mounts),
        typed: places.typedNasFolder,
      };
    }),
  );
  const { pickNasFolder, typeNasFolder } = useSessionActions();
  // Arrow keys on a closed select change its value at every step: passing "Another folder…" that
  // way must not pull the keyboard out of the list.
  const arrowing = useRef(false);

  return (
    <div className={styles.folder}>
      {mounts.length > 0 && (
        <Field id={`${id}-folder`} label="Folder on the NAS to test in" help={typing ? undefined : explanation}>
          <select
            id={`${id}-folder`}
            data-testid="disk-folder"
            value={typing ? another : folder}
            aria-describedby={typing ? undefined : `${id}-folder-help`}
            onKeyDown={(event) => {
              arrowing.current = /^(Arrow|Page|Home|End)/.test(event.key);
            }}
            onChange={(event) => {
              const value = event.target.value;
              pickNasFolder(value === another ? null : value);
              // Picked (by mouse, or Enter in the open list): the new field appears on the next render,
              // and the keyboard goes there, where the user will type.
              if (value === another && !arrowing.current)
                requestAnimationFrame(() => document.getElementById(`${id}-typed`)?.focus());
              arrowing.current = false;
            }}
          >
            {choices.map((choice) => (
              <option key={choice.folder} value={choice.folder}>
                {choice.label}
              </option>
            ))}
            <option value={another}>Another folder…</option>
          </select>
        </Field>
      )}
      {typing && (
        <TextField
          id={`${id}-typed`}
          label={mounts.length > 0 ? 'Other folder on the NAS' : 'Folder on the NAS'}
          testId="disk-folder-typed"
          value={typed}
          placeholder="/volume1/share"
          onChange={typeNasFolder}
          problem={problem}
          help={explanation}
        />
      )}
    </div>
  );
}
