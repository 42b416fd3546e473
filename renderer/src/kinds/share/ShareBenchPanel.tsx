import { useEffect, useId } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { shareProfileNames } from '../../../../shared/contract/share-bench';
import { shareBenchSeconds, shareProfileWords } from '../../../../shared/kinds/share/choices';
import { formatSeconds } from '../../../../shared/util/units';
import { Button } from '../../components/Button';
import { ChoiceCards, RadioChoices } from '../../components/Choices';
import { CheckboxField, FieldGrid, FoldedFields, NumberField, TextField } from '../../components/Field';
import { TermText } from '../../components/Term';
import { TestPanel } from '../../components/TestPanel';
import { selectNasFolder, useNasConnectionStore, useSessionActions } from '../../stores/nas-connection';
import { nasShareOf } from '../../../../shared/kinds/copy/words';
import { useNavigationActions } from '../../stores/navigation';
import { formState } from '../../stores/store-helpers';
import text from '../../theme/text.module.css';
import { MountedShares } from '../copy/ShareCopyPanel';
import { useShareBenchActions, useShareBenchStore } from './store';

const profileCards = shareProfileNames.map((profile) => ({ value: profile, ...shareProfileWords[profile] }));

const engineOptions = [
  { value: 'builtin', label: 'NASBench’s built-in engine', testId: 'share-engine-builtin' },
  { value: 'fio', label: 'fio on this computer', testId: 'share-engine-fio' },
] as const;

/**
 * "Test a share" on Devices, beside the loopback test (both run from this computer with no NAS): the
 * way in for someone with a mounted share and no SSH login. It shows and hides the benchmark's form.
 */
export function TestAShareButton({ panelId }: { panelId: string }) {
  const open = useShareBenchStore((state) => state.open);
  const { openPanel, closePanel } = useShareBenchActions();
  return (
    <>
      <Button
        data-testid="open-share-bench"
        aria-expanded={open}
        // Only while the form is there to point at.
        aria-controls={open ? panelId : undefined}
        onClick={open ? closePanel : openPanel}
      >
        Test a share
      </Button>
      <span className={text.muted}>No NAS login needed.</span>
    </>
  );
}

/** The form, while "Test a share" is open. */
export function TestAShare({ panelId }: { panelId: string }) {
  const open = useShareBenchStore((state) => state.open);
  if (!open) return null;
  return (
    <div id={panelId}>
      <ShareBenchPanel />
    </div>
  );
}

function ShareBenchPanel() {
  const id = useId();
  const form = useShareBenchStore(useShallow(formState));
  const actions = useShareBenchActions();
  const shares = useNasConnectionStore((state) => state.mountedShares);
  const host = useNasConnectionStore((state) => state.connection?.host ?? null);
  const nasFolder = useNasConnectionStore(selectNasFolder);
  // A share of the connected NAS can be set beside the NAS's own disks: the same tests there, first.
  const onNas = host !== null && nasShareOf(form.folder.trim(), shares ?? []) !== undefined;
  // Shares come and go: asked each time the form is shown.
  const { loadMountedShares } = useSessionActions();
  const { show } = useNavigationActions();
  useEffect(() => {
    void loadMountedShares();
  }, [loadMountedShares]);

  return (
    <TestPanel
      id={id}
      testId="share-bench"
      title="Test a share"
      intro="CrystalDiskMark’s tests — sequential and 4K random, one I/O at a time and many at once, read and written — run from this computer on the folder. The test writes only in its own hidden folder there and removes it afterwards."
      wide
      starting={form.starting}
      startError={form.startError}
      start={actions.start}
      startButton={{
        testId: 'start-share-bench',
        label: 'Start the share test',
        errorTitle: 'The share test did not start.',
      }}
    >
      <p className={text.muted} data-testid="share-login-note">
        {host
          ? `Logged in to ${host}: for a share on it, NASBench also names the share’s session terms as the NAS sees them and counts its RAM in the cache labels.`
          : 'No NAS login needed. With the NAS’s login, NASBench also names the share’s session terms as the NAS sees them, counts the NAS’s RAM in the cache labels, and can set these figures beside the NAS’s own disks.'}
      </p>
      {/* The other share tests need no login either: they live with the single tests, on Plan. */}
      <p className={text.muted}>
        Copying files to the share — one large file, many small ones, the cache wall — is on Plan, with no login too.{' '}
        <Button size="small" data-testid="share-copy-way" onClick={() => show('plan')}>
          Copy files to a share
        </Button>
      </p>
      <TextField
        id={`${id}-folder`}
        label="Folder"
        testId="share-folder"
        value={form.folder}
        placeholder="/mnt/nas/share"
        onChange={(folder) => actions.choose({ folder })}
        problem={form.problems.folder}
        help="Where the share is mounted on this computer, or any folder to compare with."
      />
      <MountedShares shares={shares} onUse={(folder) => actions.choose({ folder })} testId="share-mounted-shares" />
      {onNas && nasFolder && (
        <CheckboxField
          id={`${id}-nas-disks`}
          label={`Also run them on the NAS’s own disks, in ${nasFolder}`}
          testId="share-nas-disks"
          checked={form.nasDisks}
          onChange={(nasDisks) => actions.choose({ nasDisks })}
          help="fio on the NAS, past its memory, first: the share’s figures are then set beside the disks’ own, and what the share costs small files is said against them."
        />
      )}
      <ChoiceCards
        legend="Which tests"
        name={`${id}-profile`}
        cards={profileCards}
        value={form.profile}
        onChange={(profile) => actions.choose({ profile })}
        testIdPrefix="share-profile-"
      />
      <RadioChoices
        legend="Run with"
        name={`${id}-engine`}
        options={engineOptions}
        value={form.engine}
        onChange={(engine) => actions.choose({ engine })}
        layout="row"
      />
      {form.engine === 'fio' && (
        <p className={text.muted}>
          <TermText text="fio must be installed on this computer (Linux: your package manager’s fio; macOS: Homebrew’s; Windows: fio’s installer). Its figures are the yardstick for the built-in engine’s." />
        </p>
      )}
      <FieldGrid>
        <NumberField
          id={`${id}-size`}
          label="File size (MiB)"
          testId="share-size"
          value={form.fileSizeMiB}
          max={2 ** 24}
          placeholder="1024"
          onChange={(fileSizeMiB) => actions.choose({ fileSizeMiB })}
          problem={form.problems.fileSizeMiB}
          help="Empty: 1 GiB, as CrystalDiskMark. Larger than both computers’ memory when no cache can be bypassed."
        />
      </FieldGrid>
      <FoldedFields summary="Advanced" summaryTestId="share-advanced">
        <FieldGrid>
          <NumberField
            id={`${id}-seconds`}
            label="Seconds per pass"
            testId="share-seconds"
            value={form.secondsPerPass}
            max={600}
            placeholder="5"
            onChange={(secondsPerPass) => actions.choose({ secondsPerPass })}
            problem={form.problems.secondsPerPass}
            help="Empty: 5 s, as CrystalDiskMark."
          />
          <NumberField
            id={`${id}-passes`}
            label="Passes"
            testId="share-passes"
            value={form.passes}
            max={9}
            placeholder="3"
            onChange={(passes) => actions.choose({ passes })}
            problem={form.problems.passes}
            help="Scored passes after one warm-up; the best is the figure. Empty: 3."
          />
        </FieldGrid>
      </FoldedFields>
      <p className={text.muted} data-testid="share-estimate">
        The tests take about {formatSeconds(shareBenchSeconds(form))} once the test file is written.
      </p>
    </TestPanel>
  );
}
