import { useId, useState } from 'react';
import { hasOwnSshSetup, sshSetupBrands, sshSetupFor, type SshSetupBrand } from '../../../shared/words/ssh-setup';
import styles from './SshSetupHelp.module.css';

/**
 * Where to switch SSH on and which account may log in, for the NAS's brand (from discovery or the
 * probe). Where the brand is not known, the user picks it; the general help shows until they do.
 */
export function SshSetupHelp({
  vendor,
  open = false,
  testId = 'ssh-setup-help',
}: {
  vendor: string | null;
  /** Open at once (after a failed connection), rather than a line to open. */
  open?: boolean;
  testId?: string;
}) {
  const id = useId();
  const [chosen, setChosen] = useState<SshSetupBrand | ''>('');
  const known = hasOwnSshSetup(vendor);
  const setup = sshSetupFor(known ? vendor : chosen || null);
  return (
    <details className={styles.help} open={open} data-testid={testId} data-brand={known ? vendor : chosen || 'any'}>
      <summary>{known ? `How to switch SSH on: ${setup.brand}` : 'How to switch SSH on for your NAS'}</summary>
      {!known && (
        <p>
          <label htmlFor={`${id}-brand`}>Which NAS is it? </label>
          <select
            id={`${id}-brand`}
            data-testid={`${testId}-brand`}
            value={chosen}
            onChange={(event) => setChosen(event.target.value as SshSetupBrand | '')}
          >
            <option value="">Another NAS, or not sure</option>
            {sshSetupBrands.map((brand) => (
              <option key={brand} value={brand}>
                {sshSetupFor(brand).brand}
              </option>
            ))}
          </select>
        </p>
      )}
      <ol data-testid={`${testId}-steps`}>
        {setup.switchOn.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p>
        <strong>Who may log in: </strong>
        {setup.account}
      </p>
      <p>
        <strong>Checking the NAS’s identity: </strong>
        {setup.fingerprint}
      </p>
      {setup.watchOut && (
        <p>
          <strong>Watch out: </strong>
          {setup.watchOut}
        </p>
      )}
    </details>
  );
}
