import { useId } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { shareName, type ShareOnOffer } from '../../../../shared/contract/copy';
import { Badge } from '../../components/Badge';
import { Button } from '../../components/Button';
import { CheckboxField, FieldGrid, NumberField, TextField } from '../../components/Field';
import fieldStyles from '../../components/Field.module.css';
import { TestPanel } from '../../components/TestPanel';
import { useNasConnectionStore } from '../../stores/nas-connection';
import { formState } from '../../stores/store-helpers';
import { useShareCopyActions, useShareCopyStore } from './store';
import text from '../../theme/text.module.css';
import styles from './ShareCopyPanel.module.css';

/**
 * The share copy test: copies a file to a folder and reads it back, as a file copy would. Works
 * for any computer: a share is a folder here once mounted, so no NAS login is needed.
 */
export function ShareCopyPanel() {
  const id = useId();
  const form = useShareCopyStore(useShallow(formState));
  const actions = useShareCopyActions();
  // The Plan screen asks which shares are mounted (the connected NAS's first) each time it opens.
  const shares = useNasConnectionStore((state) => state.mountedShares);

  return (
    <TestPanel
      id={id}
      testId="share-copy"
      title="Test a shared folder"
      intro="Copies a file to a folder and reads it back, as your file manager would: what you really get from a mounted share. Any folder works; the test writes only in its own hidden folder there and removes it afterwards."
      starting={form.starting}
      startError={form.startError}
      start={actions.start}
      startButton={{ testId: 'start-copy', label: 'Start the copy test', errorTitle: 'The copy test did not start.' }}
    >
      <TextField
        id={`${id}-folder`}
        label="Folder"
        testId="copy-folder"
        value={form.folder}
        placeholder="/mnt/nas/share"
        onChange={(folder) => actions.choose({ folder })}
        problem={form.problems.folder}
        help="Where the share is mounted on this computer."
      />
      <MountedShares shares={shares} onUse={(folder) => actions.choose({ folder })} testId="copy-mounted-shares" />
      <FieldGrid>
        <NumberField
          id={`${id}-size`}
          label="File size (MiB)"
          testId="copy-size"
          value={form.fileSizeMiB}
          max={2 ** 30}
          placeholder="1024"
          onChange={(fileSizeMiB) => actions.choose({ fileSizeMiB })}
          problem={form.problems.fileSizeMiB}
          help="Empty: 1 GiB. Bigger than this computer’s memory shows the uncached speed without tricks."
        />
      </FieldGrid>
      <CheckboxField
        id={`${id}-sweep`}
        label="Find the cache wall (sweep)"
        testId="copy-sweep"
        checked={form.sweep}
        onChange={(sweep) => actions.choose({ sweep })}
        help="File sizes doubling from 64 MiB until no memory cache can hold them: where copies fall off a cliff."
      />
      {form.sweep && (
        <FieldGrid>
          <NumberField
            id={`${id}-minutes`}
            label="Sweep time budget (minutes)"
            testId="copy-sweep-minutes"
            value={form.sweepMinutes}
            max={24 * 60}
            onChange={(sweepMinutes) => actions.choose({ sweepMinutes })}
            problem={form.problems.sweepMinutes}
            help="The sweep stops before a size that would take longer."
          />
        </FieldGrid>
      )}
      <CheckboxField
        id={`${id}-small`}
        label="Small files"
        testId="copy-small-files"
        checked={form.smallFiles}
        onChange={(smallFiles) => actions.choose({ smallFiles })}
        help="Many small files, like a photo library: files per second as well as MB/s."
      />
      {form.smallFiles && (
        <FieldGrid>
          <NumberField
            id={`${id}-count`}
            label="How many files"
            testId="copy-small-count"
            value={form.smallFileCount}
            max={1_000_000}
            onChange={(smallFileCount) => actions.choose({ smallFileCount })}
            problem={form.problems.smallFileCount}
            help="Default 1000."
          />
          <NumberField
            id={`${id}-kib`}
            label="Size of each (KiB)"
            testId="copy-small-kib"
            value={form.smallFileKiB}
            max={64 * 1024}
            onChange={(smallFileKiB) => actions.choose({ smallFileKiB })}
            problem={form.problems.smallFileKiB}
            help="Default 64 KiB."
          />
        </FieldGrid>
      )}
    </TestPanel>
  );
}

/** The network shares mounted on this computer, the connected NAS's first, each a click from the folder field. */
export function MountedShares({
  shares,
  onUse,
  testId,
}: {
  shares: ShareOnOffer[] | null;
  onUse: (folder: string) => void;
  testId: string;
}) {
  if (shares === null) return null;
  if (shares.length === 0)
    return <p className={text.muted}>No network shares are mounted on this computer; type any folder instead.</p>;
  return (
    <fieldset className={fieldStyles.field} data-testid={testId}>
      <legend>Mounted shares</legend>
      <ul className={styles.shares}>
        {shares.map((share) => (
          <li key={share.localPath}>
            <Button aria-label={`Use this share: ${share.localPath}`} onClick={() => onUse(share.localPath)}>
              Use this share
            </Button>{' '}
            <span>
              {shareName(share)} at <code>{share.localPath}</code> ({share.fsType})
            </span>
            {share.onNas && <Badge testId="share-on-nas">on the connected NAS</Badge>}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
