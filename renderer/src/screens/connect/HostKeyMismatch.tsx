import { useId, useState } from 'react';
import type { AppError } from '../../../../shared/contract/errors';
import { Actions, Button } from '../../components/Button';
import { classNames } from '../../components/class-names';
import { Facts } from '../../components/Facts';
import { TextField } from '../../components/Field';
import { PlainText } from '../../components/PlainText';
import { useAppInfoStore } from '../../stores/app-info';
import text from '../../theme/text.module.css';
import styles from './HostKeyMismatch.module.css';

/** How many characters of the new fingerprint (after `SHA256:`) the user types to confirm. */
const confirmLength = 6;

/**
 * The NAS answered with a different identity key than the one pinned. Nothing continues by
 * itself: the engine refuses, and the panel says why and what to check. A NAS the user reset on
 * purpose can have its key replaced, after the user has compared the new fingerprint with the one
 * the NAS shows and typed its first characters; the engine then replaces it only if the NAS still
 * shows exactly that key.
 */
export function HostKeyMismatch({
  error,
  busy,
  onReplace,
}: {
  error: AppError;
  busy: boolean;
  onReplace: (fingerprint: string) => void;
}) {
  const id = useId();
  const dataDir = useAppInfoStore((state) => state.info?.dataDir);
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fresh = typeof error.details?.fingerprint === 'string' ? error.details.fingerprint : null;
  const pinned = typeof error.details?.pinnedFingerprints === 'string' ? error.details.pinnedFingerprints : null;
  const expected = fresh?.slice('SHA256:'.length, 'SHA256:'.length + confirmLength) ?? '';

  const replace = () => {
    if (busy || !fresh) return;
    if (typed.trim() !== expected) {
      setProblem(`Type the first ${confirmLength} characters after SHA256: of the new fingerprint, exactly.`);
      document.getElementById(`${id}-confirm`)?.focus();
      return;
    }
    setProblem(null);
    onReplace(fresh);
  };

  return (
    <section
      className={styles.panel}
      role="alert"
      aria-labelledby={`${id}-title`}
      data-testid="host-key-mismatch"
      data-code={error.code}
    >
      <h2 id={`${id}-title`}>Stopped: this may not be your NAS</h2>
      <p>
        <PlainText text={error.message} terms />
      </p>
      {fresh && pinned && (
        <Facts
          spaced
          facts={[
            { label: 'Key you trusted', value: pinned, valueTestId: 'pinned-fingerprint' },
            { label: 'Key it shows now', value: fresh, valueTestId: 'new-fingerprint' },
          ].map((fact) => ({ ...fact, wide: true, valueClassName: classNames(text.mono, text.breakAnywhere) }))}
        />
      )}
      <p>
        <PlainText text={error.hint} terms />
      </p>
      {dataDir && (
        <p>
          The data folder is <code className={text.breakAnywhere}>{dataDir}</code>; the pinned keys are in its{' '}
          <code>known_hosts</code> file.
        </p>
      )}
      {fresh && !confirming && (
        <Actions>
          <Button data-testid="forget-host-key" onClick={() => setConfirming(true)}>
            Forget this key…
          </Button>
        </Actions>
      )}
      {fresh && confirming && (
        <div className={styles.confirm}>
          <TextField
            id={`${id}-confirm`}
            label={`I reset this NAS myself. To confirm, type the first ${confirmLength} characters after SHA256: of the new fingerprint, as the NAS itself shows it`}
            testId="forget-host-key-confirm"
            value={typed}
            onChange={setTyped}
            problem={problem}
            help="Type the password above again too. NASBench then trusts the new key instead of the old one."
            inputProps={{ autoFocus: true }}
          />
          <Actions>
            <Button variant="primary" data-testid="replace-host-key" aria-disabled={busy} onClick={replace}>
              {busy ? 'Connecting…' : 'Replace the key and connect'}
            </Button>
            <Button onClick={() => setConfirming(false)}>Keep the old key</Button>
          </Actions>
        </div>
      )}
    </section>
  );
}
