import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ConnectInput } from '../../../../shared/connect';
import { ErrorNotice } from '../../components/ErrorNotice';
import { sameNas, useSessionActions, useSessionStore, type NasAddress } from '../../stores/session';
import { HostKeyDialog } from './HostKeyDialog';
import { HostKeyMismatch } from './HostKeyMismatch';
import { KeyFileFields, LoginMethodChoice, PasswordFields, type LoginMethod } from './LoginFields';

type Problems = Partial<Record<'username' | 'password' | 'keyPath', string>>;
type HostKeyQuestion = { fingerprint: string; keyType: string };

/**
 * User name and login method. The password and passphrase live only in this component's state,
 * for as long as a call needs them (including the host-key question), and are cleared after it.
 */
export function LoginForm({ target }: { target: NasAddress }) {
  const id = useId();
  const lastUser = useSessionStore((state) => state.recent.find((nas) => sameNas(nas, target))?.username ?? '');
  const [username, setUsername] = useState(lastUser);
  const [method, setMethod] = useState<LoginMethod>('password');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [keyPath, setKeyPath] = useState('');
  const [passphrase, setPassphrase] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [question, setQuestion] = useState<HostKeyQuestion | null>(null);
  const connectButton = useRef<HTMLButtonElement>(null);
  // Where focus goes once the host-key dialog has gone (while it is open, the form is inert).
  const focusAfterDialog = useRef<HTMLElement | null>(null);
  const { connecting, connectError, savedLogin } = useSessionStore(
    useShallow((state) => ({
      connecting: state.connecting,
      connectError: state.connectError,
      savedLogin: state.savedLogin,
    })),
  );
  const { connect, loadSavedLogin, forgetPassword } = useSessionActions();
  const user = username.trim();
  const passwordRemembered = savedLogin?.username === user && savedLogin.passwordRemembered;

  useEffect(() => {
    if (question || !focusAfterDialog.current) return;
    focusAfterDialog.current.focus();
    focusAfterDialog.current = null;
  });

  useEffect(() => {
    if (!user) return;
    const timer = setTimeout(() => void loadSavedLogin(user), 300); // once typing pauses
    return () => clearTimeout(timer);
  }, [user, loadSavedLogin]);

  const auth = (): ConnectInput['auth'] => {
    if (method === 'key') return { kind: 'key', keyPath: keyPath.trim(), ...(passphrase ? { passphrase } : {}) };
    if (method === 'agent') return { kind: 'agent' };
    // An empty field with a remembered password means: use the one in the keychain.
    return password ? { kind: 'password', password, remember } : { kind: 'password', remember: false };
  };

  const forgetSecrets = () => {
    setPassword('');
    setPassphrase('');
  };

  const attempt = async (trustFingerprint?: string) => {
    const trust = trustFingerprint ? { trustFingerprint } : {};
    const outcome = await connect({ host: target.host, port: target.port, username: user, auth: auth(), ...trust });
    if (outcome.kind === 'host-key-unknown') {
      setQuestion({ fingerprint: outcome.fingerprint, keyType: outcome.keyType });
      return; // the credentials are needed once more, if the user trusts the key
    }
    forgetSecrets();
    setQuestion(null);
    if (outcome.kind === 'failed') {
      // A refused login is fixed by typing again; anything else by reading the notice and retrying.
      const refused = useSessionStore.getState().connectError?.code === 'AUTH_FAILED' && method !== 'agent';
      focusAfterDialog.current = (refused && document.getElementById(`${id}-${method}`)) || connectButton.current;
    }
  };

  const check = (): Problems => ({
    ...(!ConnectInput.shape.username.safeParse(user).success && {
      username: user ? 'A user name has no spaces, colons, @ or /.' : 'Type the user name you log in to the NAS with.',
    }),
    ...(method === 'password' &&
      !password &&
      !passwordRemembered && { password: 'Type the password of this NAS user.' }),
    ...(method === 'key' && !keyPath.trim() && { keyPath: 'Type the path of your private key file.' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (connecting) return;
    const found = check();
    setProblems(found);
    const first = (['username', 'password', 'keyPath'] as const).find((field) => found[field]);
    if (first) document.getElementById(`${id}-${first === 'keyPath' ? 'key' : first}`)?.focus();
    else void attempt();
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={connecting}>
      <div className="field">
        <label htmlFor={`${id}-username`}>User name on the NAS</label>
        <input
          id={`${id}-username`}
          type="text"
          data-testid="username"
          value={username}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          aria-invalid={problems.username !== undefined}
          aria-describedby={`${id}-username-help`}
          onChange={(event) => setUsername(event.target.value)}
        />
        <p id={`${id}-username-help`} className={problems.username ? 'field__error' : 'field__help muted'}>
          {problems.username ?? 'On Synology and QNAP this must be an administrator account.'}
        </p>
      </div>
      <LoginMethodChoice name={`${id}-method`} method={method} onChange={setMethod} />
      {method === 'password' && (
        <PasswordFields
          id={`${id}-password`}
          password={password}
          onPassword={setPassword}
          remember={remember}
          onRemember={setRemember}
          canRemember={savedLogin?.canRemember ?? false}
          remembered={passwordRemembered}
          onForget={() => void forgetPassword(user)}
          problem={problems.password}
        />
      )}
      {method === 'key' && (
        <KeyFileFields
          id={`${id}-key`}
          keyPath={keyPath}
          onKeyPath={setKeyPath}
          passphrase={passphrase}
          onPassphrase={setPassphrase}
          problem={problems.keyPath}
        />
      )}
      {method === 'agent' && (
        <p className="muted">
          Uses the keys your SSH agent holds on this computer (<code>ssh-add -l</code> lists them).
        </p>
      )}
      <div className="actions">
        <button
          type="submit"
          className="button button--primary"
          data-testid="connect"
          ref={connectButton}
          aria-disabled={connecting}
        >
          {connecting ? 'Connecting…' : 'Connect'}
        </button>
        {/* The button says it too, but a changed label is not announced; this is. */}
        <span role="status" className="visually-hidden">
          {connecting ? `Connecting to ${target.host}…` : ''}
        </span>
      </div>
      {connectError?.code === 'HOST_KEY_MISMATCH' && <HostKeyMismatch error={connectError} />}
      {connectError && connectError.code !== 'HOST_KEY_MISMATCH' && (
        <ErrorNotice title="Could not connect." error={connectError} testId="connect-error" />
      )}
      {question && (
        <HostKeyDialog
          host={target.host}
          fingerprint={question.fingerprint}
          keyType={question.keyType}
          busy={connecting}
          onTrust={() => void attempt(question.fingerprint)}
          onCancel={() => {
            forgetSecrets();
            setQuestion(null);
            focusAfterDialog.current = connectButton.current;
          }}
        />
      )}
    </form>
  );
}
