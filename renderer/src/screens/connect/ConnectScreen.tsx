import { useRef, useState } from 'react';
import { AddressForm } from '../../components/AddressForm';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ScreenHeading } from '../../components/ScreenHeading';
import { sameNas, useSessionActions, useNasConnectionStore, type NasAddress } from '../../stores/nas-connection';
import { EmptyState } from '../../components/EmptyState';
import text from '../../theme/text.module.css';
import styles from './ConnectScreen.module.css';
import { ConnectedNas } from './ConnectedNas';
import { LoginForm } from './LoginForm';

export function ConnectScreen() {
  const target = useNasConnectionStore((state) => state.target);
  const connectedHere = useNasConnectionStore(
    (state) => state.connection !== null && state.target !== null && sameNas(state.connection, state.target),
  );

  if (!target) {
    return (
      <>
        <ScreenHeading>Connect to a NAS</ScreenHeading>
        <EmptyState>No NAS chosen yet: type its address on Devices.</EmptyState>
      </>
    );
  }
  return (
    <>
      {/* A new heading when the connection starts or ends: focus moves to it, as on a new screen. */}
      <ScreenHeading key={connectedHere ? 'connected' : 'login'}>
        {connectedHere ? 'Connected NAS' : 'Connect to a NAS'}
      </ScreenHeading>
      {connectedHere ? (
        <ConnectedNas />
      ) : (
        <Card aria-labelledby="login-title">
          <h2 id="login-title">Log in over SSH</h2>
          <ChosenAddress target={target} />
          {/* A new address starts a new login: nothing typed for one NAS is sent to another. */}
          <LoginForm key={`${target.host}:${target.port}`} target={target} />
        </Card>
      )}
    </>
  );
}

/** The address chosen on Devices, read-only, with a way to correct it without leaving the screen. */
function ChosenAddress({ target }: { target: NasAddress }) {
  const [changing, setChanging] = useState(false);
  const changeButton = useRef<HTMLButtonElement>(null);
  const { chooseNas } = useSessionActions();
  // While a login is under way the address it uses stays put.
  const connecting = useNasConnectionStore((state) => state.connecting);
  const stopChanging = () => {
    setChanging(false);
    requestAnimationFrame(() => changeButton.current?.focus());
  };

  if (changing) {
    return (
      <div className={styles.changing}>
        <AddressForm
          initial={target}
          autoFocus
          submitLabel="Use this address"
          onSubmit={(address) => {
            chooseNas(address);
            stopChanging();
          }}
          onCancel={stopChanging}
        />
      </div>
    );
  }
  return (
    <div className={styles.chosen} data-testid="chosen-address">
      <p>
        <span className={text.muted}>NAS </span>
        <strong data-testid="connect-host">{target.host}</strong>
        {target.port !== 22 && <span className={text.muted}> · SSH port {target.port}</span>}
      </p>
      <Button
        size="small"
        ref={changeButton}
        aria-label={`Change the NAS address (now ${target.host})`}
        aria-disabled={connecting}
        onClick={() => !connecting && setChanging(true)}
      >
        Change
      </Button>
    </div>
  );
}
