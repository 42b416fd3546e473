import { useId, useState, type FormEvent } from 'react';
import { HostName } from '../../../shared/connect';
import type { NasAddress } from '../stores/session';

const defaultSshPort = 22;

/** What is wrong with the typed address, in words; null when it can be used. */
function addressProblem(host: string): string | null {
  if (host === '') return 'Type the NAS’s host name or IP address.';
  // One colon is "name:port" (an IPv6 address has several): the port has a field of its own.
  if (host.split(':').length === 2) return 'Type the port in the SSH port field, not after the address.';
  if (!HostName.safeParse(host).success) {
    return 'That is not a host name or IP address: use letters, digits, dots and dashes only, e.g. 192.168.1.20 or diskstation.local.';
  }
  return null;
}

function portProblem(port: string): string | null {
  const value = Number(port);
  return Number.isInteger(value) && value >= 1 && value <= 65535 ? null : 'The port is a whole number from 1 to 65535.';
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
    onSubmit({ host: host.trim(), port: Number(port.trim()) });
  };

  return (
    <form className="form address-form" onSubmit={submit} noValidate>
      <div className="address-form__fields">
        <div className="field address-form__host">
          <label htmlFor={`${id}-host`}>Host name or IP address</label>
          <input
            id={`${id}-host`}
            type="text"
            data-testid="nas-address"
            value={host}
            autoFocus={autoFocus}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            aria-invalid={hostError !== null}
            aria-describedby={`${id}-host-help`}
            onChange={(event) => setHost(event.target.value)}
          />
          <p id={`${id}-host-help`} className={hostError ? 'field__error' : 'field__help muted'}>
            {hostError ?? 'For example 192.168.1.20 or diskstation.local.'}
          </p>
        </div>
        <div className="field address-form__port">
          <label htmlFor={`${id}-port`}>SSH port</label>
          <input
            id={`${id}-port`}
            type="number"
            inputMode="numeric"
            data-testid="nas-port"
            min={1}
            max={65535}
            value={port}
            aria-invalid={portError !== null}
            aria-describedby={`${id}-port-help`}
            onChange={(event) => setPort(event.target.value)}
          />
          <p id={`${id}-port-help`} className={portError ? 'field__error' : 'field__help muted'}>
            {portError ?? 'Usually 22.'}
          </p>
        </div>
      </div>
      <div className="actions">
        <button type="submit" className="button button--primary" data-testid="add-nas">
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
