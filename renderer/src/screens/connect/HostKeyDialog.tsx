import { useEffect, useId, useRef } from 'react';
import { describeKeyType, hostKeyCheckCommand } from '../../../../shared/describe-nas';

/**
 * Trust on first use: the NAS's identity key is shown for the user to compare before anything
 * is sent to it. A native modal <dialog> makes the rest of the page inert, keeps Tab inside
 * and turns Escape into a cancel.
 */
export function HostKeyDialog({
  host,
  fingerprint,
  keyType,
  busy,
  onTrust,
  onCancel,
}: {
  host: string;
  fingerprint: string;
  keyType: string;
  busy: boolean;
  onTrust: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    // Cancel, not Trust, has focus: a stray Enter must not trust a key nobody has checked.
    cancelRef.current?.focus();
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="dialog"
      role="dialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-explanation`}
      data-testid="fingerprint-dialog"
      onCancel={(event) => {
        event.preventDefault(); // the form decides when the dialog goes away
        if (!busy) onCancel();
      }}
    >
      <h2 id={`${id}-title`}>Is this your NAS?</h2>
      <p id={`${id}-explanation`}>
        This is the first time this computer connects to NAS <strong>{host}</strong>. Check that this fingerprint
        matches the one the NAS shows. If it does, NASBench remembers this NAS and will stop and warn you if its
        identity ever changes.
      </p>
      <dl className="facts facts--dialog">
        <div>
          <dt>NAS</dt>
          <dd>{host}</dd>
        </div>
        <div>
          <dt>Key type</dt>
          <dd>{describeKeyType(keyType)}</dd>
        </div>
        <div className="facts__wide">
          <dt>Fingerprint</dt>
          <dd className="mono fingerprint fingerprint--large" data-testid="fingerprint-value">
            {fingerprint}
          </dd>
        </div>
      </dl>
      <p className="muted">
        To see the fingerprint on the NAS, log in to it in a terminal and run{' '}
        <code>{hostKeyCheckCommand(keyType)}</code>. If they differ, do not connect: another device may be answering at
        this address.
      </p>
      <div className="actions">
        <button
          type="button"
          className="button button--primary"
          data-testid="trust-host"
          aria-disabled={busy}
          onClick={() => !busy && onTrust()}
        >
          {busy ? 'Connecting…' : 'Trust and connect'}
        </button>
        <button
          type="button"
          className="button"
          ref={cancelRef}
          aria-disabled={busy}
          onClick={() => !busy && onCancel()}
        >
          Cancel
        </button>
      </div>
    </dialog>
  );
}
