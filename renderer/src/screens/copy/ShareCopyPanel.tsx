import { useEffect, useId, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { StartActions } from '../../components/StartActions';
import { focusFirstProblem } from '../../components/focus-first-problem';
import { NumberField } from '../../components/NumberField';
import { useNavigationActions } from '../../stores/navigation';
import { useRunsStore } from '../../stores/runs';
import { useSessionStore } from '../../stores/session';
import { useShareCopyActions, useShareCopyStore } from '../../stores/share-copy';
import { shareName, type ShareOnOffer } from '../../../../shared/copy';

/**
 * The share copy test: copies a file to a folder and reads it back, as a file copy would. Works
 * for any computer: a share is a folder here once mounted, so no NAS login is needed.
 */
export function ShareCopyPanel() {
  const id = useId();
  const form = useShareCopyStore(
    useShallow((state) => ({
      folder: state.folder,
      fileSizeMiB: state.fileSizeMiB,
      sweep: state.sweep,
      sweepMinutes: state.sweepMinutes,
      smallFiles: state.smallFiles,
      smallFileCount: state.smallFileCount,
      smallFileKiB: state.smallFileKiB,
      shares: state.shares,
      problems: state.problems,
      starting: state.starting,
      startError: state.startError,
    })),
  );
  const running = useRunsStore((state) => Object.values(state.runs).some((run) => run.status === 'running'));
  const actions = useShareCopyActions();
  const { show } = useNavigationActions();
  const busy = form.starting || running;

  // Asked again once the NAS is known, so its shares come first and are marked.
  const probe = useSessionStore((state) => state.probe);
  useEffect(() => {
    void actions.loadShares();
  }, [actions, probe]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const element = event.currentTarget;
    if (await actions.start()) show('run');
    else focusFirstProblem(element);
  };

  const folderProblem = form.problems.folder;
  return (
    <section className="card" aria-labelledby={`${id}-title`} data-testid="share-copy">
      <h2 id={`${id}-title`}>Test a shared folder</h2>
      <p className="muted">
        Copies a file to a folder and reads it back, as your file manager would: what you really get from a mounted
        share. Any folder works; the test writes only in its own hidden folder there and removes it afterwards.
      </p>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate aria-busy={form.starting}>
        <div className="field">
          <label htmlFor={`${id}-folder`}>Folder</label>
          <input
            id={`${id}-folder`}
            type="text"
            spellCheck={false}
            autoComplete="off"
            data-testid="copy-folder"
            value={form.folder}
            placeholder="/mnt/nas/share"
            aria-invalid={folderProblem !== undefined}
            aria-describedby={`${id}-folder-help`}
            onChange={(event) => actions.choose({ folder: event.target.value })}
          />
          <p id={`${id}-folder-help`} className={folderProblem ? 'field__error' : 'field__help muted'}>
            {folderProblem ?? 'Where the share is mounted on this computer.'}
          </p>
        </div>
        <MountedShares id={id} shares={form.shares} onUse={(folder) => actions.choose({ folder })} />
        <div className="number-fields">
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
        </div>
        <div className="field">
          <label className="choice">
            <input
              type="checkbox"
              data-testid="copy-sweep"
              aria-describedby={`${id}-sweep-help`}
              checked={form.sweep}
              onChange={(event) => actions.choose({ sweep: event.target.checked })}
            />
            Find the cache wall (sweep)
          </label>
          <p id={`${id}-sweep-help`} className="field__help muted">
            File sizes doubling from 64 MiB until no memory cache can hold them: where copies fall off a cliff.
          </p>
        </div>
        {form.sweep && (
          <div className="number-fields">
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
          </div>
        )}
        <div className="field">
          <label className="choice">
            <input
              type="checkbox"
              data-testid="copy-small-files"
              aria-describedby={`${id}-small-help`}
              checked={form.smallFiles}
              onChange={(event) => actions.choose({ smallFiles: event.target.checked })}
            />
            Small files
          </label>
          <p id={`${id}-small-help`} className="field__help muted">
            Many small files, like a photo library: files per second as well as MB/s.
          </p>
        </div>
        {form.smallFiles && (
          <div className="number-fields">
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
          </div>
        )}
        <StartActions
          testId="start-copy"
          label="Start the copy test"
          starting={form.starting}
          busy={busy}
          running={running}
          startError={form.startError}
          errorTitle="The copy test did not start."
        />
      </form>
    </section>
  );
}

function MountedShares(props: { id: string; shares: ShareOnOffer[] | null; onUse: (folder: string) => void }) {
  if (props.shares === null) return null;
  if (props.shares.length === 0)
    return <p className="muted">No network shares are mounted on this computer; type any folder instead.</p>;
  return (
    <fieldset className="field" data-testid="copy-mounted-shares">
      <legend>Mounted shares</legend>
      <ul className="mounted-shares">
        {props.shares.map((share) => (
          <li key={share.localPath}>
            <button
              type="button"
              className="button"
              aria-label={`Use this share: ${share.localPath}`}
              onClick={() => props.onUse(share.localPath)}
            >
              Use this share
            </button>{' '}
            <span>
              {shareName(share)} at <code>{share.localPath}</code> ({share.fsType})
            </span>
            {share.onNas && (
              <span className="badge" data-testid="share-on-nas">
                on the connected NAS
              </span>
            )}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
