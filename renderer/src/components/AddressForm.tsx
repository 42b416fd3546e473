import { useId, useState, type FormEvent } from 'react';
import { HostName } from '../../../shared/contract/connect';
import { wholeNumber } from '../../../shared/words/whole-numbers';
import type { NasAddress } from '../stores/nas-connection';
import styles from './AddressForm.module.css';
import { Actions, Button } from './Button';
import { NumberField, TextField } from './Field';
import formStyles from './Form.module.css';

const defaultSshPort = 22;

/**
 * `nas.local:2222` and `[fe80::1]:2222` as people type them: the address and the port apart.
 * One colon means a port (an IPv6 address has several and needs brackets to carry one).
 */
export function splitHostPort(typed: string): { host: string; port: string | null } {
  const bracketed = /^\[([^\]]+)\](?::(\d*))?$/.exec(typed);
  if (bracketed) return { host: bracketed[1] ?? '', port: bracketed[2] ?? null };
  const parts = typed.split(':');
  return parts.length === 2 ? { host: parts[0] ?? '', port: parts[1] ?? '' } : { host: typed, port: null };
}

/** What is wrong with the typed address, in words; null when it can be used. */
function addressProblem(typed: string): string | null {
  const { host, port } = splitHostPort(typed);
  if (host === '') return 'Type the NAS’s host name or IP address.';
  if (port !== null && portProblem(port)) return 'After the colon comes the SSH port, a whole number from 1 to 65535.';
  if (!HostName.safeParse(host).success) {
    return 'That is not a host name or IP address: use letters, digits, dots and dashes only, e.g. 192.168.1.20 or diskstation.local.';
  }
  return null;
}

function portProblem(port: string): string | null {
  return wholeNumber(port, 1, 65535) === null ? 'The port is a whole number from 1 to 65535.' : null;
}

/** Host name or IP address plus SSH port, checked before it is used. */
export function AddressForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  autoFocus = false,
}: {
  initial?: NasAddress;
  /** When the form replaces the button that opened it, focus belongs in it. */
  autoFocus?: boolean;
  submitLabel: string;
  onSubmit: (address: NasAddress) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [host, setHost] = useState(initial?.host ?? '');
  const [port, setPort] = useState(String(initial?.port ?? defaultSshPort));
  const [checked, setChecked] = useState(false);
  const hostError = checked ? addressProblem(host.trim()) : null;
  const portError = checked ? portProblem(port.trim()) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const problem = addressProblem(host.trim()) ?? portProblem(port.trim());
    if (problem) {
      document.getElementById(addressProblem(host.trim()) ? `${id}-host` : `${id}-port`)?.focus();
      return;
    }
    const typed = splitHostPort(host.trim());
    onSubmit({ host: typed.host, port: Number(typed.port ?? port.trim()) });
  };

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <div className={styles.fields}>
        <TextField
          id={`${id}-host`}
          label="Host name or IP address"
          testId="nas-address"
          value={host}
          onChange={setHost}
          problem={hostError}
          help="For example 192.168.1.20, diskstation.local or nas.local:2222."
          inputProps={{ autoFocus }}
        />
        <NumberField
          id={`${id}-port`}
          label="SSH port"
          testId="nas-port"
          value={port}
          max={65535}
          onChange={setPort}
          problem={portError}
          help="Usually 22."
          className={styles.port}
        />
      </div>
      <Actions>
        <Button type="submit" variant="primary" data-testid="add-nas">
          {submitLabel}
        </Button>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
      </Actions>
    </form>
  );
}
