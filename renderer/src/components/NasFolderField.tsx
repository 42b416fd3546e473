import { useEffect, useMemo, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { testFolderChoices } from '../../../shared/kinds/disk/words';
import { Field, TextField } from './Field';
import { PlainText } from './PlainText';
import { selectNasFolder, selectWritePlaces, useSessionActions, useNasConnectionStore } from '../stores/nas-connection';
import { typesNasFolder } from '../stores/write-places';
import { selectFolderCheck, useFolderCheckStore, type FolderCheck } from '../stores/folder-check';
import { formatBytes } from '../../../shared/util/units';
import text from '../theme/text.module.css';
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
  const nas = useNasConnectionStore((state) => state.probe?.nas);
  const choices = useMemo(() => (nas ? testFolderChoices(nas) : []), [nas]);
  const mounts = useMemo(() => choices.map((choice) => choice.folder), [choices]);
  const { folder, typing, typed } = useNasConnectionStore(
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
  const sessionId = useNasConnectionStore((state) => state.connection?.sessionId);
  const chosen = (typing ? typed : folder).trim();
  const check = useFolderCheckStore(selectFolderCheck(sessionId, chosen));
  const { check: checkFolder } = useFolderCheckStore((state) => state.actions);
  // A folder picked from the list is checked at once; a typed one when the user leaves the field.
  useEffect(() => {
    if (sessionId && chosen && !typing) void checkFolder(sessionId, chosen);
  }, [sessionId, chosen, typing, checkFolder]);
  const checkTyped = () => {
    if (sessionId && chosen.startsWith('/')) void checkFolder(sessionId, chosen);
  };
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
          inputProps={{ onBlur: checkTyped }}
          problem={problem}
          help={explanation}
        />
      )}
      <FolderCheckLine check={check} />
    </div>
  );
}

/**
 * What the NAS said about the folder: fine and how much is free, or why tests cannot write there.
 * The line is always there, empty until a check starts: a live region is announced only when it
 * already exists, and a line appearing on blur would move the button under the user's pointer
 * between press and release (the click on "Start" right after typing a folder was lost).
 */
function FolderCheckLine({ check }: { check: FolderCheck | undefined }) {
  const refused = check?.state === 'refused';
  return (
    <p
      role="status"
      className={`${styles.check} ${refused ? styles.refused : text.muted}`}
      data-testid="folder-check"
      data-state={check?.state ?? 'none'}
    >
      {check?.state === 'checking'
        ? 'Checking the folder on the NAS…'
        : check?.state === 'ok'
          ? `This login can write here; ${formatBytes(check.freeBytes)} free.`
          : refused
            ? `${check.error.message} ${check.error.hint}`
            : ''}
    </p>
  );
}
