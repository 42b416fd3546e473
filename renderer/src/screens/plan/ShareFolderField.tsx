import { useShallow } from 'zustand/react/shallow';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { selectWritePlaces, useSessionActions, useNasConnectionStore } from '../../stores/nas-connection';
import styles from './ShareFolderField.module.css';

/**
 * Where the connected NAS's share is mounted on this computer, for the plans' copy steps: typed,
 * or one of the NAS's shares found mounted here. Like the NAS folder, it is the NAS session's choice.
 */
export function ShareFolderField({ id }: { id: string }) {
  const shareFolder = useNasConnectionStore((state) => selectWritePlaces(state).shareFolder);
  const nasShares = useNasConnectionStore(
    useShallow((state) => (state.mountedShares ?? []).filter((share) => share.onNas).map((share) => share.localPath)),
  );
  const { chooseShareFolder } = useSessionActions();

  return (
    <div className={styles.share}>
      <TextField
        id={id}
        label="Mounted share on this computer (optional)"
        testId="plan-share-folder"
        value={shareFolder}
        placeholder="e.g. /Volumes/photos or Z:\"
        onChange={chooseShareFolder}
        problem={undefined}
        help="With a share, the plan also copies a file to it and back, as your file manager would."
      />
      {nasShares.map((localPath) => (
        <Button
          key={localPath}
          className={styles.useShare}
          data-testid="plan-use-share"
          onClick={() => chooseShareFolder(localPath)}
        >
          Use the NAS’s share at {localPath}
        </Button>
      ))}
    </div>
  );
}
