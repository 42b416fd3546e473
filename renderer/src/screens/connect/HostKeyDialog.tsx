import { useEffect, useId, useRef } from 'react';
import { describeKeyType, hostKeyCheckCommand } from '../../../../shared/words/describe-nas';
import { sshSetupFor } from '../../../../shared/words/ssh-setup';
import { Actions, Button } from '../../components/Button';
import { classNames } from '../../components/class-names';
import dialogStyles from '../../components/dialog.module.css';
import { Facts } from '../../components/Facts';
import { Term } from '../../components/Term';
import text from '../../theme/text.module.css';
import styles from './HostKeyDialog.module.css';

/**
 * Trust on first use: the NAS's identity key is shown for the user to compare before anything
 * is sent to it, why in plain words first and the fingerprint second. A native modal <dialog>
 * makes the rest of the page inert, keeps Tab inside and turns Escape into a cancel.
 */
export function HostKeyDialog({
  host,
  fingerprint,
  keyType,
  knownAs,
  vendor = null,
  busy,
  onTrust,
  onCancel,
}: {
  host: string;
  fingerprint: string;
  keyType: string;
  /** The names this very key is already trusted under: the same NAS at another address or port. */
  knownAs: string[];
  /** The NAS's brand, from discovery: where (if anywhere) it shows its fingerprint. */
  vendor?: string | null;
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
      className={dialogStyles.dialog}
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
      {knownAs.length > 0 ? (
        <>
          <h2 id={`${id}-title`}>This is the NAS you already trust as {knownAs.join(', ')}</h2>
          <p id={`${id}-explanation`} data-testid="known-as">
            <strong>{host}</strong> is the NAS you already trust as <strong>{knownAs.join(', ')}</strong>, reached at
            another address or port (its Wi-Fi address, its .local name, another port): it shows the same{' '}
            <Term id="identity-key">identity key</Term>. Trust this address too?
          </p>
        </>
      ) : (
        <>
          <h2 id={`${id}-title`}>Is this your NAS?</h2>
          <p id={`${id}-explanation`}>
            This is the first time this computer connects to NAS <strong>{host}</strong>. To be sure it is your NAS and
            not another device answering at its address, compare the <Term id="fingerprint">fingerprint</Term> below, a
            summary of the NAS’s <Term id="identity-key">identity key</Term>, with the one the NAS itself shows. If they
            match, NASBench remembers this NAS and will stop and warn you if its identity ever changes.
          </p>
        </>
      )}
      <Facts
        spaced
        facts={[
          { label: 'NAS', value: host },
          {
            label: 'Fingerprint',
            term: 'fingerprint',
            value: fingerprint,
            wide: true,
            valueClassName: classNames(text.breakAnywhere, styles.fingerprint),
            valueTestId: 'fingerprint-value',
          },
          { label: 'Key type', term: 'key-type', value: describeKeyType(keyType) },
        ]}
      />
      <p className={text.muted} data-testid="fingerprint-where">
        {sshSetupFor(vendor).fingerprint} If you can already log in to the NAS in a terminal,{' '}
        <Term id="ssh-keygen">
          <code>{hostKeyCheckCommand(keyType)}</code>
        </Term>{' '}
        prints it there. If they differ, do not connect: another device may be answering at this address.
      </p>
      <Actions>
        <Button variant="primary" data-testid="trust-host" aria-disabled={busy} onClick={() => !busy && onTrust()}>
          {busy ? 'Connecting…' : knownAs.length > 0 ? 'Trust this address too' : 'Trust and connect'}
        </Button>
        <Button ref={cancelRef} aria-disabled={busy} onClick={() => !busy && onCancel()}>
          Cancel
        </Button>
      </Actions>
    </dialog>
  );
}
